<?php
/**
 * Connecting the site to a Postwright account without pasting anything: the administrator is sent to the service with
 * a one-time state, approves there, and comes back with a code this class exchanges server to server for the site's
 * credential and signing secret.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * The connect and disconnect flow.
 */
class Postwright_Connection {

	const STATE_PREFIX = 'postwright_connect_state_';
	const STATE_TTL    = 600;

	/**
	 * Service client.
	 *
	 * @var Postwright_Service_Client
	 */
	private $client;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client $client Service client.
	 */
	public function __construct( Postwright_Service_Client $client ) {
		$this->client = $client;
	}

	/**
	 * The admin page's own address.
	 *
	 * @return string
	 */
	public static function return_url() {
		return admin_url( 'admin.php?page=postwright' );
	}

	/**
	 * Starts connecting: stores a state for the current user and answers the service address to send the browser to.
	 *
	 * @return string
	 */
	public function start() {
		$state = wp_generate_password( 40, false, false );
		set_transient( self::STATE_PREFIX . hash( 'sha256', $state ), get_current_user_id(), self::STATE_TTL );
		return add_query_arg(
			array(
				'site_url'   => rawurlencode( home_url() ),
				// The Site Title as typed (stored HTML-escaped), for the approval screen to name the site.
				'site_name'  => rawurlencode( wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) ),
				'rest_url'   => rawurlencode( rest_url() ),
				'state'      => rawurlencode( $state ),
				'return_url' => rawurlencode( self::return_url() ),
			),
			Postwright_Credentials::service_url() . '/connect/wordpress'
		);
	}

	/**
	 * Completes connecting when the service sent the browser back.
	 *
	 * @param string $code  The one-time code ('' when the person cancelled).
	 * @param string $state The state given at start().
	 * @param string $error The error the service reported ('' if none).
	 * @return true|WP_Error
	 */
	public function complete( $code, $state, $error = '' ) {
		$transient = self::STATE_PREFIX . hash( 'sha256', (string) $state );
		$owner     = '' === $state ? false : get_transient( $transient );
		if ( false === $owner || get_current_user_id() !== (int) $owner ) {
			return new WP_Error( 'postwright_bad_state', __( 'This connection request has expired or was started by someone else. Click "Connect to Postwright" again.', 'postwright' ) );
		}
		delete_transient( $transient );
		if ( '' !== $error ) {
			return new WP_Error( 'postwright_connect_cancelled', __( 'The connection to Postwright was cancelled. Nothing was changed.', 'postwright' ) );
		}
		if ( '' === $code ) {
			return new WP_Error( 'postwright_bad_state', __( 'Postwright did not send a connection code. Click "Connect to Postwright" again.', 'postwright' ) );
		}
		$answer = $this->client->exchange_code( $code );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		Postwright_Credentials::save(
			array(
				'siteId'        => $answer['siteId'],
				'credential'    => $answer['credential'],
				'signingSecret' => $answer['signingSecret'],
				'serviceUrl'    => Postwright_Credentials::service_url(),
				'account'       => isset( $answer['account'] ) && is_array( $answer['account'] ) ? $answer['account'] : array(),
			)
		);
		return true;
	}

	/**
	 * Disconnects: asks the service to revoke the credential, then forgets it (even when the service is unreachable,
	 * so the site owner is never stuck with a connection they want gone).
	 *
	 * @return array { revokedOnService: bool }
	 */
	public function disconnect() {
		$revoked = false;
		if ( Postwright_Credentials::is_connected() ) {
			$revoked = ! is_wp_error( $this->client->request( 'DELETE', '/site' ) );
		}
		Postwright_Credentials::clear();
		return array( 'revokedOnService' => $revoked );
	}
}
