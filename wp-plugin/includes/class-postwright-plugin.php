<?php
/**
 * Wires the plugin's parts together and registers every hook in one place.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * The plugin.
 */
class Postwright_Plugin {

	/**
	 * The one instance.
	 *
	 * @var Postwright_Plugin|null
	 */
	private static $instance = null;

	/**
	 * The connection's REST routes (its state, connecting, the service's address).
	 *
	 * @var Postwright_Connection_Controller
	 */
	public $connection;

	/**
	 * The REST routes that write posts on the service (titles, generations, posts, SEO analysis).
	 *
	 * @var Postwright_Generations_Controller
	 */
	public $generations;

	/**
	 * The REST routes that publish and schedule on this site, and the service's signed ones.
	 *
	 * @var Postwright_Publishing_Controller
	 */
	public $publishing;

	/**
	 * The autopilot's REST routes.
	 *
	 * @var Postwright_Autopilot_Controller
	 */
	public $autopilot;

	/**
	 * The site index's REST routes (its state on the connection panel, and Retry).
	 *
	 * @var Postwright_Site_Index_Controller
	 */
	public $site_index;

	/**
	 * The site's Brand voice REST routes.
	 *
	 * @var Postwright_Voice_Controller
	 */
	public $voice;

	/**
	 * Refresh and Search Console REST controller.
	 *
	 * @var Postwright_Refresh_Controller
	 */
	public $refresh;

	/**
	 * Change notices of posts, pages and categories to the service.
	 *
	 * @var Postwright_Site_Changes
	 */
	public $site_changes;

	/**
	 * Admin page.
	 *
	 * @var Postwright_Admin_Page
	 */
	public $admin_page;

	/**
	 * Plugins-screen link and activation notice.
	 *
	 * @var Postwright_Admin_Notices
	 */
	public $notices;

	/**
	 * Editor sidebar.
	 *
	 * @var Postwright_Editor_Sidebar
	 */
	public $sidebar;

	/**
	 * The instance.
	 *
	 * @return Postwright_Plugin
	 */
	public static function instance() {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Builds the parts.
	 */
	private function __construct() {
		$client             = new Postwright_Service_Client();
		$connection         = new Postwright_Connection( $client );
		$this->connection   = new Postwright_Connection_Controller( $client, $connection );
		$this->generations  = new Postwright_Generations_Controller( $client );
		$this->publishing   = new Postwright_Publishing_Controller( $client, new Postwright_Publisher(), new Postwright_Request_Verifier() );
		$this->autopilot    = new Postwright_Autopilot_Controller( $client );
		$this->site_index   = new Postwright_Site_Index_Controller( $client );
		$this->voice        = new Postwright_Voice_Controller( $client );
		$this->refresh      = new Postwright_Refresh_Controller( $client, new Postwright_Request_Verifier() );
		$this->site_changes = new Postwright_Site_Changes( $client );
		$this->admin_page   = new Postwright_Admin_Page( $connection );
		$this->sidebar      = new Postwright_Editor_Sidebar();
		$this->notices      = new Postwright_Admin_Notices();
	}

	/**
	 * Registers the hooks.
	 */
	public function register_hooks() {
		foreach ( array( $this->connection, $this->generations, $this->publishing, $this->autopilot, $this->site_index, $this->voice, $this->refresh ) as $controller ) {
			add_action( 'rest_api_init', array( $controller, 'register_routes' ) );
		}
		$this->site_changes->register_hooks();
		add_action( 'admin_menu', array( $this->admin_page, 'add_menu' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( POSTWRIGHT_FILE ), array( $this->notices, 'action_links' ) );
		add_action( 'admin_notices', array( $this->notices, 'render' ) );
		add_action( 'wp_ajax_' . Postwright_Admin_Notices::DISMISS_ACTION, array( $this->notices, 'dismiss' ) );
		add_action( 'enqueue_block_editor_assets', array( $this->sidebar, 'enqueue' ) );
		add_action( 'init', array( $this->sidebar, 'register_meta' ) );
		add_action( 'rest_after_insert_post', array( $this->sidebar, 'save_seo_fields' ), 10, 2 );
	}

	/**
	 * Enqueues a built script (build/<name>.js) with the dependencies and version wp-scripts wrote beside it.
	 *
	 * @param string $name  Entry name (admin or sidebar).
	 * @param array  $style_deps Styles the screen needs.
	 * @return bool Whether the build exists.
	 */
	public static function enqueue_build( $name, array $style_deps ) {
		$asset_file = POSTWRIGHT_DIR . 'build/' . $name . '.asset.php';
		if ( ! file_exists( $asset_file ) ) {
			return false;
		}
		$asset  = require $asset_file;
		$handle = 'postwright-' . $name;
		wp_enqueue_script( $handle, plugins_url( 'build/' . $name . '.js', POSTWRIGHT_FILE ), $asset['dependencies'], $asset['version'], true );
		wp_set_script_translations( $handle, 'postwright', POSTWRIGHT_DIR . 'languages' );
		if ( file_exists( POSTWRIGHT_DIR . 'build/' . $name . '.css' ) ) {
			wp_enqueue_style( $handle, plugins_url( 'build/' . $name . '.css', POSTWRIGHT_FILE ), $style_deps, $asset['version'] );
			wp_style_add_data( $handle, 'rtl', 'replace' );
		} else {
			foreach ( $style_deps as $style ) {
				wp_enqueue_style( $style );
			}
		}
		return true;
	}
}
