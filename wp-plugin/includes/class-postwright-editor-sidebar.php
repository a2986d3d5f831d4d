<?php
/**
 * The block editor's Postwright sidebar (src/sidebar): enqueued in the editor of posts for people who can write them,
 * with the post's SEO fields (focus keyphrase, SEO title, meta description; the slug is the post's own). The sidebar
 * edits them as post meta of its own, and a save writes them where the active SEO plugin reads them, as publishing
 * does (Postwright_Seo_Fields); without an SEO plugin the meta description is the post's excerpt.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Editor sidebar.
 */
class Postwright_Editor_Sidebar {

	/**
	 * The sidebar's own post meta, by field.
	 */
	const META = array(
		'focusKeyphrase'  => '_postwright_focus_keyphrase',
		'seoTitle'        => '_postwright_seo_title',
		'metaDescription' => '_postwright_meta_description',
	);

	/**
	 * Registers the sidebar's post meta for the REST API (on init): editable by whoever can edit the post.
	 */
	public function register_meta() {
		foreach ( self::META as $field => $key ) {
			register_post_meta(
				'post',
				$key,
				array(
					'type'              => 'string',
					'single'            => true,
					'default'           => '',
					'show_in_rest'      => true,
					'sanitize_callback' => 'metaDescription' === $field ? 'sanitize_textarea_field' : 'sanitize_text_field',
					'auth_callback'     => static function ( $allowed, $meta_key, $post_id ) {
						return current_user_can( 'edit_post', (int) $post_id );
					},
				)
			);
		}
	}

	/**
	 * After the editor saved a post (rest_after_insert_post): the SEO fields the sidebar edited go where the active SEO
	 * plugin reads them. A save that did not touch them leaves the SEO plugin's values alone.
	 *
	 * @param WP_Post         $post    The saved post.
	 * @param WP_REST_Request $request The editor's request.
	 */
	public function save_seo_fields( $post, $request ) {
		$meta = $request->get_param( 'meta' );
		if ( ! is_array( $meta ) || ! array_intersect_key( $meta, array_flip( self::META ) ) ) {
			return;
		}
		if ( null === Postwright_Seo_Fields::meta_keys( Postwright_Seo_Fields::active_plugin() ) ) {
			return; // No SEO plugin: the sidebar edits the excerpt itself.
		}
		$seo = array();
		foreach ( self::META as $field => $key ) {
			$seo[ $field ] = (string) get_post_meta( $post->ID, $key, true );
		}
		$fields = Postwright_Seo_Fields::post_fields( $seo );
		foreach ( $fields['meta_input'] as $key => $value ) {
			update_post_meta( $post->ID, $key, wp_slash( $value ) );
		}
		Postwright_Seo_Fields::after_save( $post->ID, $seo );
	}

	/**
	 * The SEO fields the sidebar opens with: the active SEO plugin's (what the site shows), else the sidebar's own; the
	 * meta description without an SEO plugin is the excerpt.
	 *
	 * @param int $post_id The post.
	 * @return array focusKeyphrase, seoTitle, metaDescription.
	 */
	public static function current_fields( $post_id ) {
		$keys   = Postwright_Seo_Fields::meta_keys( Postwright_Seo_Fields::active_plugin() );
		$fields = array();
		foreach ( self::META as $field => $key ) {
			$fields[ $field ] = (string) get_post_meta( $post_id, $key, true );
		}
		if ( null === $keys ) {
			$fields['metaDescription'] = (string) get_post_field( 'post_excerpt', $post_id, 'raw' );
			return $fields;
		}
		foreach ( array(
			'seoTitle'        => 'title',
			'metaDescription' => 'description',
			'focusKeyphrase'  => 'keyphrase',
		) as $field => $which ) {
			$value = (string) get_post_meta( $post_id, $keys[ $which ], true );
			if ( '' !== $value ) {
				$fields[ $field ] = $value;
			}
		}
		return $fields;
	}

	/**
	 * The Postwright post this WordPress post was published from (its publication key is "post-<id>"), or 0.
	 *
	 * @param int $post_id The post.
	 * @return int
	 */
	public static function service_post_id( $post_id ) {
		$key = (string) get_post_meta( $post_id, Postwright_Publisher::KEY_META, true );
		return preg_match( '/^post-(\d+)$/', $key, $match ) ? (int) $match[1] : 0;
	}

	/**
	 * Enqueues the sidebar (on enqueue_block_editor_assets).
	 */
	public function enqueue() {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! current_user_can( 'edit_posts' ) || ( $screen && 'post' !== $screen->post_type ) ) {
			return;
		}
		if ( ! Postwright_Plugin::enqueue_build( 'sidebar', array() ) ) {
			return;
		}
		$post    = get_post();
		$post_id = $post && current_user_can( 'edit_post', $post->ID ) ? (int) $post->ID : 0;
		wp_add_inline_script(
			'postwright-sidebar',
			'window.postwrightEditor = ' . wp_json_encode(
				array(
					'seoPlugin'     => Postwright_Seo_Fields::editor_store(),
					'adminUrl'      => admin_url( 'admin.php?page=postwright' ),
					'fields'        => $post_id ? self::current_fields( $post_id ) : (object) array(),
					'servicePostId' => $post_id ? self::service_post_id( $post_id ) : 0,
					// Publishing and scheduling through the service, in the site's zone (Settings > General).
					'canPublish'    => current_user_can( 'publish_posts' ),
					'timeZone'      => wp_timezone_string(),
					// A draft just created from the review: the sidebar opens itself (the editor drops the argument from the address).
					'openSidebar'   => isset( $_GET['postwright'] ) && 'review' === sanitize_key( wp_unslash( $_GET['postwright'] ) ), // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only which sidebar to show.
				)
			) . ';',
			'before'
		);
	}
}
