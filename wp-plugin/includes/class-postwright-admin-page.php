<?php
/**
 * The "Postwright" admin page: a mount point for the React app (src/admin), its scripts enqueued on this screen only,
 * and the return leg of the connect flow (the service sends the browser back here with a code or an error).
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Admin page.
 */
class Postwright_Admin_Page {

	const SLUG = 'postwright';

	/**
	 * The page's hook suffix.
	 *
	 * @var string
	 */
	private $hook = '';

	/**
	 * The "Your posts" submenu page's hook suffix (the same app, opened on its Your posts tab).
	 *
	 * @var string
	 */
	private $posts_hook = '';

	/**
	 * The "Brand voice" submenu page's hook suffix (the same app, opened on its Brand voice tab).
	 *
	 * @var string
	 */
	private $voice_hook = '';

	/**
	 * Connection flow.
	 *
	 * @var Postwright_Connection
	 */
	private $connection;

	/**
	 * What happened on the connect return, shown once by the app.
	 *
	 * @var array|null
	 */
	private $notice = null;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Connection $connection Connection flow.
	 */
	public function __construct( Postwright_Connection $connection ) {
		$this->connection = $connection;
	}

	/**
	 * Adds the menu entry (on admin_menu).
	 */
	public function add_menu() {
		$this->hook = (string) add_menu_page(
			__( 'Postwright', 'postwright' ),
			__( 'Postwright', 'postwright' ),
			'edit_posts',
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-edit-page',
			26
		);
		$this->posts_hook = (string) add_submenu_page(
			self::SLUG,
			__( 'Your posts', 'postwright' ),
			__( 'Your posts', 'postwright' ),
			'edit_posts',
			self::SLUG . '-your-posts',
			array( $this, 'render' )
		);
		$this->voice_hook = (string) add_submenu_page(
			self::SLUG,
			__( 'Brand voice', 'postwright' ),
			__( 'Brand voice', 'postwright' ),
			'manage_options',
			self::SLUG . '-brand-voice',
			array( $this, 'render' )
		);
		add_action( 'load-' . $this->hook, array( $this, 'on_load' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * Completes the connect flow when the service sent the browser back with a code.
	 */
	public function on_load() {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- the one-time state bound to the user is the check here.
		if ( ! isset( $_GET['state'] ) || ( ! isset( $_GET['postwright_code'] ) && ! isset( $_GET['postwright_error'] ) ) ) {
			return;
		}
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Only an administrator of this site can connect it to Postwright.', 'postwright' ), 403 );
		}
		$code  = isset( $_GET['postwright_code'] ) ? sanitize_text_field( wp_unslash( $_GET['postwright_code'] ) ) : '';
		$state = sanitize_text_field( wp_unslash( $_GET['state'] ) );
		$error = isset( $_GET['postwright_error'] ) ? sanitize_key( wp_unslash( $_GET['postwright_error'] ) ) : '';
		// phpcs:enable
		$result = $this->connection->complete( $code, $state, $error );
		$notice = is_wp_error( $result )
			? array(
				'status'  => 'error',
				'message' => $result->get_error_message(),
			)
			: array(
				'status'  => 'success',
				'message' => __( 'This site is now connected to Postwright.', 'postwright' ),
			);
		// Drop the code from the address bar (and from the browser history) before showing the page.
		set_transient( 'postwright_notice_' . get_current_user_id(), $notice, 60 );
		wp_safe_redirect( Postwright_Connection::return_url() );
		exit;
	}

	/**
	 * Enqueues the app on this page only.
	 *
	 * @param string $hook_suffix The current admin page.
	 */
	public function enqueue( $hook_suffix ) {
		if ( ! in_array( $hook_suffix, array( $this->hook, $this->posts_hook, $this->voice_hook ), true ) ) {
			return;
		}
		$notice_key   = 'postwright_notice_' . get_current_user_id();
		$this->notice = get_transient( $notice_key ) ? get_transient( $notice_key ) : null;
		delete_transient( $notice_key );
		if ( ! Postwright_Plugin::enqueue_build( 'admin', array( 'wp-components' ) ) ) {
			return;
		}
		wp_add_inline_script(
			'postwright-admin',
			'window.postwrightAdmin = ' . wp_json_encode(
				array(
					'notice'      => $this->notice,
					// The Your posts and Brand voice submenus open the app on their tab.
					'tab'         => $this->tab( $hook_suffix ),
					'canManage'   => current_user_can( 'manage_options' ),
					'canPublish'  => current_user_can( 'publish_posts' ),
					// The autopilot's plans publish at this site's local time (Settings > General).
					'timeZone'    => wp_timezone_string(),
					// The write form offers the site's WooCommerce products to feature where WooCommerce runs.
					'woocommerce' => Postwright_Block_Content::woocommerce_active(),
				)
			) . ';',
			'before'
		);
	}

	/**
	 * The tab a submenu page opens the app on, or null for the main page.
	 *
	 * @param string $hook_suffix The current admin page.
	 * @return string|null
	 */
	private function tab( $hook_suffix ) {
		if ( $hook_suffix === $this->posts_hook ) {
			return 'your-posts';
		}
		return $hook_suffix === $this->voice_hook ? 'brand-voice' : null;
	}

	/**
	 * The page's markup: the app mounts into it.
	 */
	public function render() {
		echo '<div class="wrap"><h1>' . esc_html__( 'Postwright', 'postwright' ) . '</h1>';
		if ( ! file_exists( POSTWRIGHT_DIR . 'build/admin.asset.php' ) ) {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'The Postwright screens are missing from this copy of the plugin. Install the plugin from its release zip.', 'postwright' ) . '</p></div>';
		}
		echo '<div id="postwright-admin-root"></div>';
		echo '<noscript><p>' . esc_html__( 'Postwright needs JavaScript to be turned on.', 'postwright' ) . '</p></noscript></div>';
	}
}
