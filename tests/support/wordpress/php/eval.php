<?php
// Harness endpoint, copied into each throwaway test site only: runs the PHP code POSTed to it with WordPress loaded,
// when the request carries the site's harness token in X-Harness-Token. Answers the code's output.
$postwright_token = (string) getenv( 'POSTWRIGHT_HARNESS_TOKEN' );
if ( '' === $postwright_token || ! hash_equals( $postwright_token, (string) ( $_SERVER['HTTP_X_HARNESS_TOKEN'] ?? '' ) ) ) {
	http_response_code( 403 );
	exit;
}
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
header( 'Content-Type: text/plain' );
try {
	eval( (string) file_get_contents( 'php://input' ) );
} catch ( Throwable $error ) {
	http_response_code( 500 );
	echo get_class( $error ) . ': ' . $error->getMessage() . ' in ' . $error->getFile() . ':' . $error->getLine();
}
