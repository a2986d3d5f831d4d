<?php
/**
 * Removes everything Postwright stored on this site when the plugin is deleted: its options, its transients (connect
 * states, notices, the signed-request nonces) and its post meta, on every site of a network. Posts it created stay:
 * they belong to the site. Only the plugin's own keys are deleted, through WordPress's functions, so the object cache
 * drops exactly those entries and nothing else (no cache flush, which would empty every site's cache on a shared host).
 *
 * @package Postwright
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/**
 * Deletes the plugin's data on the current site.
 */
function postwright_uninstall_site() {
	global $wpdb;

	delete_option( 'postwright_connection' );
	delete_option( 'postwright_service_url' );
	delete_option( 'postwright_activated' );

	// Transients kept in the options table, found by the plugin's prefix and deleted one by one so that their cached
	// copies go too. With a persistent object cache they are not in the table: they expire within minutes by themselves.
	$prefix = '_transient_postwright_';
	$names  = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one-off listing of the plugin's own transients at uninstall; no API lists transients by prefix.
		$wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $prefix ) . '%' )
	);
	foreach ( $names as $name ) {
		delete_transient( substr( $name, strlen( '_transient_' ) ) );
	}

	delete_post_meta_by_key( '_postwright_publication_key' );
	delete_post_meta_by_key( '_postwright_source_url' );
	delete_post_meta_by_key( '_postwright_focus_keyphrase' );
	delete_post_meta_by_key( '_postwright_seo_title' );
	delete_post_meta_by_key( '_postwright_meta_description' );
}

if ( is_multisite() ) {
	$postwright_sites = get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	);
	foreach ( $postwright_sites as $postwright_site_id ) {
		switch_to_blog( $postwright_site_id );
		postwright_uninstall_site();
		restore_current_blog();
	}
} else {
	postwright_uninstall_site();
}

// Users are shared by a network's sites: each administrator's dismissal of the connect notice goes once.
delete_metadata( 'user', 0, 'postwright_connect_notice_dismissed', '', true );
