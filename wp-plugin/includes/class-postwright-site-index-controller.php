<?php
/**
 * The site's index on the service (the pages of this site new posts link to), for the connection panel: its state in
 * the words every Postwright surface uses, and its Retry. Relays to the service's /api/v1/site-index routes with the
 * site's credential, which reach only this site's own index.
 *
 * Who may do what: anyone who writes posts (edit_posts) sees the state; asking for a new read is for those who manage
 * the connection (manage_options). Also relays "Your posts" (/api/v1/site-posts): this site's published posts as the
 * service analysed them, most worth improving first, for anyone who writes posts.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Site index REST controller.
 */
class Postwright_Site_Index_Controller {

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
	public function __construct( $client ) {
		$this->client = $client;
	}

	/**
	 * Registers the routes (on rest_api_init).
	 */
	public function register_routes() {
		register_rest_route(
			Postwright_Rest_Controller::NAMESPACE_V1,
			'/site-index',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_site_index' ),
				'permission_callback' => array( $this, 'can_read' ),
			)
		);
		register_rest_route(
			Postwright_Rest_Controller::NAMESPACE_V1,
			'/site-posts',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_site_posts' ),
				'permission_callback' => array( $this, 'can_read' ),
				'args'                => array(
					'page' => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				),
			)
		);
		register_rest_route(
			Postwright_Rest_Controller::NAMESPACE_V1,
			'/site-index/refresh',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'refresh_site_index' ),
				'permission_callback' => array( $this, 'can_refresh' ),
			)
		);
	}

	/**
	 * Seeing the index's state: anyone who writes posts.
	 *
	 * @return true|WP_Error
	 */
	public function can_read() {
		if ( current_user_can( 'edit_posts' ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'You need to be able to write posts on this site to see the pages Postwright links to.', 'postwright' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * Asking for a new read: those who manage the connection.
	 *
	 * @return true|WP_Error
	 */
	public function can_refresh() {
		if ( current_user_can( 'manage_options' ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Only an administrator of this site can ask Postwright to read its pages again.', 'postwright' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * GET /site-index: the state and the words to show.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_site_index() {
		return Postwright_Rest_Controller::relay( $this->client->request( 'GET', '/site-index' ) );
	}

	/**
	 * GET /site-posts: one page of this site's posts as the service analysed them, most worth improving first.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_site_posts( WP_REST_Request $request ) {
		$page = null !== $request['page'] ? max( 1, (int) $request['page'] ) : 1;
		return Postwright_Rest_Controller::relay( $this->client->request( 'GET', '/site-posts?page=' . $page ) );
	}

	/**
	 * POST /site-index/refresh: queues a new read of this site's pages and answers the state.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function refresh_site_index() {
		return Postwright_Rest_Controller::relay( $this->client->request( 'POST', '/site-index/refresh' ) );
	}
}
