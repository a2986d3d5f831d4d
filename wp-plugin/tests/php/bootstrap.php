<?php
/**
 * Loads a real WordPress (a scratch site with the plugin active) for the PHPUnit tests. The site's folder comes from
 * POSTWRIGHT_WP_DIR; the repository's test harness creates the site (SQLite database) and runs PHPUnit against it.
 *
 * @package Postwright
 */

$postwright_wp_dir = getenv( 'POSTWRIGHT_WP_DIR' );
if ( ! $postwright_wp_dir || ! file_exists( $postwright_wp_dir . '/wp-load.php' ) ) {
	fwrite( STDERR, "Set POSTWRIGHT_WP_DIR to a WordPress site with the Postwright plugin active.\n" );
	exit( 1 );
}
// WordPress reads these in a web request; the site's own address comes from its wp-config.php.
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

require $postwright_wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
require_once __DIR__ . '/class-postwright-test-case.php';

if ( ! class_exists( 'Postwright_Plugin' ) ) {
	fwrite( STDERR, "The Postwright plugin is not active on the site in POSTWRIGHT_WP_DIR.\n" );
	exit( 1 );
}
