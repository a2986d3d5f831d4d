<?php
/**
 * Plugin Name:       Postwright
 * Plugin URI:        https://postwright.com/wordpress
 * Description:       Write SEO-optimised blog posts with Postwright and publish or schedule them on this site, from wp-admin and the block editor.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      7.4
 * Author:            Postwright
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       postwright
 * Domain Path:       /languages
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

define( 'POSTWRIGHT_VERSION', '0.1.0' );
define( 'POSTWRIGHT_FILE', __FILE__ );
define( 'POSTWRIGHT_DIR', plugin_dir_path( __FILE__ ) );

require_once POSTWRIGHT_DIR . 'includes/class-postwright-credentials.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-service-client.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-seo-fields.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-block-content.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-publisher.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-request-verifier.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-connection.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-rest-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-connection-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-generations-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-publishing-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-autopilot-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-site-index-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-voice-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-refresh-controller.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-site-changes.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-admin-page.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-admin-notices.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-editor-sidebar.php';
require_once POSTWRIGHT_DIR . 'includes/class-postwright-plugin.php';

register_activation_hook( __FILE__, array( 'Postwright_Admin_Notices', 'activate' ) );
Postwright_Plugin::instance()->register_hooks();
