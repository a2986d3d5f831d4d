<?php
/**
 * Plugin Name: Postwright test site
 * Description: Settings of the throwaway sites the test harness starts (must-use plugin).
 */

// Application passwords over plain http on 127.0.0.1 (WordPress only offers them on https or a "local" site).
add_filter( 'wp_is_application_passwords_available', '__return_true' );

// No mail server: report mail as sent instead of calling sendmail.
add_filter( 'pre_wp_mail', '__return_true' );

// No internet: refuse outbound HTTP at once instead of waiting for DNS (update checks, oEmbed, pingbacks).
add_filter(
	'pre_http_request',
	static function ( $response, $args, $url ) {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( in_array( $host, array( '127.0.0.1', 'localhost' ), true ) ) {
			return $response;
		}
		return new WP_Error( 'http_request_blocked', 'Test sites make no outbound requests.' );
	},
	10,
	3
);
