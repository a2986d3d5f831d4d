<?php
/**
 * Removes everything Postwright stored on this site when the plugin is deleted: its options, its transients (connect
 * states, notices, the signed-request nonces) and its post meta. Posts it created stay: they belong to the site.
 *
 * @package Postwright
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

global $wpdb;

delete_option( 'postwright_connection' );
delete_option( 'postwright_service_url' );

// Transients live in the options table unless an object cache holds them (then they expire by themselves).
$postwright_like = array(
	$wpdb->esc_like( '_transient_postwright_' ) . '%',
	$wpdb->esc_like( '_transient_timeout_postwright_' ) . '%',
);
foreach ( $postwright_like as $postwright_pattern ) {
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $postwright_pattern ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
}

delete_post_meta_by_key( '_postwright_publication_key' );
delete_post_meta_by_key( '_postwright_source_url' );
wp_cache_flush();
