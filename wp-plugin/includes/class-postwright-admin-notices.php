<?php
/**
 * What an administrator sees of Postwright outside its own page: a "Settings" link beside the plugin on the Plugins
 * screen, and once the plugin is activated a notice pointing to "Connect to Postwright" until the site is connected or
 * the administrator dismisses it (each administrator's dismissal is remembered for them).
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Plugins-screen link and activation notice.
 */
class Postwright_Admin_Notices {

	/** Set on activation: the connect notice is due. */
	const ACTIVATED_OPTION = 'postwright_activated';

	/** User meta: this administrator dismissed the connect notice. */
	const DISMISSED_META = 'postwright_connect_notice_dismissed';

	/** The AJAX action (and nonce action) that remembers the dismissal. */
	const DISMISS_ACTION = 'postwright_dismiss_connect_notice';

	/**
	 * On activation (register_activation_hook): the notice is shown from the next admin screen on.
	 */
	public static function activate() {
		update_option( self::ACTIVATED_OPTION, '1', false );
	}

	/**
	 * The address of the plugin's page.
	 *
	 * @return string
	 */
	public static function page_url() {
		return admin_url( 'admin.php?page=' . Postwright_Admin_Page::SLUG );
	}

	/**
	 * Adds "Settings" before the plugin's other links on the Plugins screen (plugin_action_links_<basename>).
	 *
	 * @param array $links The plugin's links.
	 * @return array
	 */
	public function action_links( $links ) {
		if ( ! current_user_can( 'edit_posts' ) ) {
			return $links;
		}
		$settings = '<a href="' . esc_url( self::page_url() ) . '">' . esc_html__( 'Settings', 'postwright' ) . '</a>';
		return array_merge( array( 'settings' => $settings ), (array) $links );
	}

	/**
	 * Whether the current user is to see the connect notice on this screen.
	 *
	 * @return bool
	 */
	public function should_show() {
		if ( ! get_option( self::ACTIVATED_OPTION ) || ! current_user_can( 'manage_options' ) ) {
			return false;
		}
		if ( Postwright_Credentials::is_connected() || get_user_meta( get_current_user_id(), self::DISMISSED_META, true ) ) {
			return false;
		}
		// The plugin's own page shows the connect button itself.
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only reads which page this is.
		$page = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
		if ( Postwright_Admin_Page::SLUG === $page || ( $screen && false !== strpos( (string) $screen->id, Postwright_Admin_Page::SLUG ) ) ) {
			return false;
		}
		return true;
	}

	/**
	 * Prints the notice (admin_notices).
	 */
	public function render() {
		if ( ! $this->should_show() ) {
			return;
		}
		$nonce = wp_create_nonce( self::DISMISS_ACTION );
		echo '<div class="notice notice-info is-dismissible postwright-connect-notice" data-nonce="' . esc_attr( $nonce ) . '">';
		echo '<p><strong>' . esc_html__( 'Postwright is active.', 'postwright' ) . '</strong> ';
		echo esc_html__( 'Connect this site to your Postwright account to write SEO-optimised posts and publish or schedule them here.', 'postwright' ) . '</p>';
		echo '<p><a class="button button-primary" href="' . esc_url( self::page_url() ) . '">' . esc_html__( 'Connect to Postwright', 'postwright' ) . '</a></p>';
		echo '</div>';
		// WordPress adds the dismiss button to .is-dismissible notices; a click on it is remembered for this user.
		$script = 'document.addEventListener("click",function(e){var b=e.target.closest(".postwright-connect-notice .notice-dismiss");'
			. 'if(!b){return;}var n=b.closest(".postwright-connect-notice"),d=new FormData();'
			. 'd.append("action",' . wp_json_encode( self::DISMISS_ACTION ) . ');d.append("_ajax_nonce",n.getAttribute("data-nonce"));'
			. 'fetch(' . wp_json_encode( admin_url( 'admin-ajax.php' ) ) . ',{method:"POST",body:d,credentials:"same-origin"});});';
		echo '<script>' . $script . '</script>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a fixed script; its two values are JSON-encoded.
	}

	/**
	 * Remembers that the current user dismissed the notice (wp_ajax_ action).
	 */
	public function dismiss() {
		check_ajax_referer( self::DISMISS_ACTION );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_send_json_error( array( 'message' => __( 'Only an administrator of this site can dismiss this notice.', 'postwright' ) ), 403 );
		}
		update_user_meta( get_current_user_id(), self::DISMISSED_META, '1' );
		wp_send_json_success();
	}
}
