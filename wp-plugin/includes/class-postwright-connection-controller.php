<?php
/**
 * The connection's REST routes (namespace postwright/v1): its state with the account's plan and usage from the
 * service, connecting and disconnecting, and the service's address. Anyone who writes posts (edit_posts) sees the
 * state; changing the connection is for those who manage it (manage_options).
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Connection REST controller.
 */
class Postwright_Connection_Controller extends Postwright_Rest_Controller {

	/**
	 * Connection flow.
	 *
	 * @var Postwright_Connection
	 */
	private $connection;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client $client     Service client.
	 * @param Postwright_Connection     $connection Connection flow.
	 */
	public function __construct( $client, $connection ) {
		parent::__construct( $client );
		$this->connection = $connection;
	}

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$admin = self::capability( 'manage_options' );
		return array(
			'/status'     => $this->endpoint( WP_REST_Server::READABLE, 'get_status', self::capability( 'edit_posts' ) ),
			'/connect'    => $this->endpoint( WP_REST_Server::CREATABLE, 'connect', $admin ),
			'/disconnect' => $this->endpoint( WP_REST_Server::CREATABLE, 'disconnect', $admin ),
			'/settings'   => $this->endpoint(
				WP_REST_Server::CREATABLE,
				'save_settings',
				$admin,
				array(
					'serviceUrl' => array(
						'type'      => 'string',
						'required'  => true,
						'maxLength' => 500,
					),
				)
			),
		);
	}

	/**
	 * GET /status: the connection, and the account's plan and usage from the service.
	 *
	 * @return WP_REST_Response
	 */
	public function get_status() {
		$connection = Postwright_Credentials::get();
		$data       = array(
			'connected'  => null !== $connection,
			'serviceUrl' => Postwright_Credentials::service_url(),
			'canManage'  => current_user_can( 'manage_options' ),
			'canPublish' => current_user_can( 'publish_posts' ),
			'seoPlugin'  => Postwright_Seo_Fields::active_plugin(),
			'account'    => null,
			'site'       => null,
			'upgradeUrl' => null,
			'error'      => null,
		);
		if ( null !== $connection ) {
			$data['account'] = array( 'email' => $connection['email'] );
			$answer          = $this->client->request( 'GET', '/site' );
			if ( is_wp_error( $answer ) ) {
				$data['connected'] = Postwright_Credentials::is_connected();
				$data['error']     = array(
					'code'    => $answer->get_error_code(),
					'message' => $answer->get_error_message(),
				);
			} elseif ( is_array( $answer ) ) {
				$data['site']       = $answer['site'] ?? null;
				$data['account']    = $answer['account'] ?? $data['account'];
				$data['upgradeUrl'] = isset( $answer['upgradeUrl'] ) ? esc_url_raw( (string) $answer['upgradeUrl'] ) : null;
			}
		}
		if ( ! $data['canManage'] && is_array( $data['account'] ) ) {
			// The account's email and plan are for those who manage the connection; writers see what they can still do.
			$data['account']    = array_intersect_key( $data['account'], array_flip( array( 'usage', 'canSchedule' ) ) );
			$data['upgradeUrl'] = null;
		}
		return new WP_REST_Response( $data );
	}

	/**
	 * POST /connect: the service address to send the browser to.
	 *
	 * @return WP_REST_Response
	 */
	public function connect() {
		return new WP_REST_Response( array( 'url' => $this->connection->start() ) );
	}

	/**
	 * POST /disconnect.
	 *
	 * @return WP_REST_Response
	 */
	public function disconnect() {
		return new WP_REST_Response( $this->connection->disconnect() );
	}

	/**
	 * POST /settings: the service address.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function save_settings( WP_REST_Request $request ) {
		$saved = Postwright_Credentials::save_service_url( (string) $request['serviceUrl'] );
		if ( is_wp_error( $saved ) ) {
			return $saved;
		}
		return new WP_REST_Response( array( 'serviceUrl' => Postwright_Credentials::service_url() ) );
	}
}
