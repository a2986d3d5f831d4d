<?php
/**
 * The block editor's Postwright sidebar (src/sidebar): enqueued in the editor of posts for people who can write them.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Editor sidebar.
 */
class Postwright_Editor_Sidebar {

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
		wp_add_inline_script(
			'postwright-sidebar',
			'window.postwrightEditor = ' . wp_json_encode(
				array(
					'seoPlugin' => Postwright_Seo_Fields::editor_store(),
					'adminUrl'  => admin_url( 'admin.php?page=postwright' ),
				)
			) . ';',
			'before'
		);
	}
}
