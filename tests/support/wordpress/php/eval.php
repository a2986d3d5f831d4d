<?php
// Runs PHP code with the site's WordPress loaded: php eval.php <site dir> <url>, code on standard input.
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$home                   = parse_url( $argv[2] );
$_SERVER['HTTP_HOST']   = $home['host'] . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = $home['host'];
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
$postwright_code = stream_get_contents( STDIN );
eval( $postwright_code );
