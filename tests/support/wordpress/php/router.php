<?php
// Router for PHP's built-in web server, doing what WordPress's usual .htaccess does: existing files and folders are
// served by the server itself (PHP files run), every other path goes to index.php so pretty permalinks and
// /wp-json/ work.
$root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( file_exists( $root . $path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
require $root . '/index.php';
