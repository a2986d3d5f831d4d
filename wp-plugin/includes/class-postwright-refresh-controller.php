<?php
/**
 * Refreshing this site's published posts, and Search Console for this site.
 *
 * The postwright/v1 routes relay to the service's /api/v1/refreshes and /api/v1/search-console routes with the site's
 * credential, which reach only this site's own posts and its own Search Console connection. Refreshing changes any
 * published post of the site, so it is for those who may edit others' posts (editors and administrators); seeing
 * Search Console's figures and ideas is for anyone who writes posts; connecting, choosing the property and
 * disconnecting are for administrators.
 *
 * The service itself reads and updates the post through the signed routes service/posts/read and service/posts/update
 * (the site has no application password when it is connected through this plugin): the post's raw fields as the REST
 * API gives them with context=edit, and wp_update_post, which keeps the post's id and address, moves its modified date
 * and keeps the previous version as a WordPress revision.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Refresh and Search Console REST controller.
 */
class Postwright_Refresh_Controller extends Postwright_Rest_Controller {

	/**
	 * The SEO plugins' fields a refresh reads and writes, by plugin: the title and the description.
	 */
	const SEO_META = array(
		Postwright_Seo_Fields::YOAST     => array( '_yoast_wpseo_title', '_yoast_wpseo_metadesc' ),
		Postwright_Seo_Fields::RANK_MATH => array( 'rank_math_title', 'rank_math_description' ),
	);

	/**
	 * Signed-request verifier.
	 *
	 * @var Postwright_Request_Verifier
	 */
	private $verifier;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client   $client   Service client.
	 * @param Postwright_Request_Verifier $verifier Verifier.
	 */
	public function __construct( $client, $verifier ) {
		parent::__construct( $client );
		$this->verifier = $verifier;
	}

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$refresher = array( $this, 'can_refresh' );
		$admin     = self::capability( 'manage_options' );
		$reader    = self::capability( 'edit_posts' );
		$signed    = array( $this->verifier, 'verify' );
		$id        = array( 'id' => self::positive_integer_arg( true ) );
		$item_ids  = array(
			'itemIds' => array(
				'type'     => 'array',
				'required' => true,
				'minItems' => 1,
				'maxItems' => 200,
				'items'    => self::string_arg( 40 ),
			),
		);
		$post_id   = array( 'postId' => self::positive_integer_arg( true ) );

		return array(
			'/refreshes'                         => $this->endpoint( WP_REST_Server::CREATABLE, 'propose', $refresher, array( 'sitePostId' => self::positive_integer_arg( true ) ) ),
			'/refreshes/(?P<id>\d+)'             => $this->endpoint( WP_REST_Server::READABLE, 'get_refresh', $refresher, $id ),
			'/refreshes/(?P<id>\d+)/preview'     => $this->endpoint( WP_REST_Server::CREATABLE, 'preview', $refresher, $id + $item_ids ),
			'/refreshes/(?P<id>\d+)/publish'     => $this->endpoint( WP_REST_Server::CREATABLE, 'publish', $refresher, $id + $item_ids ),
			'/refreshes/(?P<id>\d+)/restore'     => $this->endpoint( WP_REST_Server::CREATABLE, 'restore', $refresher, $id ),
			'/search-console'                    => array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_search_console', $reader ),
				$this->endpoint( WP_REST_Server::DELETABLE, 'disconnect_search_console', $admin ),
			),
			'/search-console/connect'            => $this->endpoint( WP_REST_Server::CREATABLE, 'connect_search_console', $admin ),
			'/search-console/property'           => $this->endpoint(
				WP_REST_Server::EDITABLE,
				'choose_property',
				$admin,
				array( 'siteUrl' => array( 'required' => true ) + self::string_arg( 2048, 1 ) )
			),
			'/search-console/ideas'              => $this->endpoint( WP_REST_Server::READABLE, 'get_ideas', $reader ),
			'/service/posts/read'                => $this->endpoint( WP_REST_Server::CREATABLE, 'service_read_post', $signed, $post_id ),
			'/service/posts/update'              => $this->endpoint(
				WP_REST_Server::CREATABLE,
				'service_update_post',
				$signed,
				$post_id + array(
					'title'   => array( 'required' => true ) + self::string_arg( 1000 ),
					'content' => array( 'required' => true ) + self::string_arg( 2000000 ),
					'excerpt' => array( 'required' => true ) + self::string_arg( 20000 ),
					'meta'    => array(
						'type'                 => 'object',
						'additionalProperties' => self::string_arg( 2000 ),
					),
				)
			),
		);
	}

	/**
	 * Refreshing changes any published post of the site: those who may edit others' posts.
	 *
	 * @return true|WP_Error
	 */
	public function can_refresh() {
		return self::allowed( 'edit_others_posts', __( 'Only editors and administrators of this site can refresh its published posts.', 'postwright' ) );
	}

	/**
	 * POST /refreshes: the service reads the post and proposes an update; nothing is changed on the site.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function propose( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'POST', '/refreshes', array( 'sitePostId' => (int) $request['sitePostId'] ), array( 'timeout' => 120 ) ), 201 );
	}

	/**
	 * GET /refreshes/:id.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_refresh( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'GET', '/refreshes/' . (int) $request['id'] ) );
	}

	/**
	 * POST /refreshes/:id/preview: the scores with the chosen items.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function preview( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'POST', '/refreshes/' . (int) $request['id'] . '/preview', array( 'itemIds' => self::item_ids( $request ) ) ) );
	}

	/**
	 * POST /refreshes/:id/publish: the chosen items, in place.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function publish( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'POST', '/refreshes/' . (int) $request['id'] . '/publish', array( 'itemIds' => self::item_ids( $request ) ), array( 'timeout' => 60 ) ) );
	}

	/**
	 * POST /refreshes/:id/restore: the post as it was before.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function restore( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'POST', '/refreshes/' . (int) $request['id'] . '/restore', null, array( 'timeout' => 60 ) ) );
	}

	/**
	 * The chosen items' ids, as plain strings.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array
	 */
	private static function item_ids( WP_REST_Request $request ) {
		return array_values( array_map( 'sanitize_text_field', array_map( 'strval', (array) $request['itemIds'] ) ) );
	}

	/**
	 * GET /search-console: configured on the service, and this site's connection.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_search_console() {
		return self::relay( $this->client->request( 'GET', '/search-console' ) );
	}

	/**
	 * POST /search-console/connect: the address of Google's consent screen; Google's answer comes back to this page.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function connect_search_console() {
		return self::relay( $this->client->request( 'POST', '/search-console/connect', array( 'returnUrl' => admin_url( 'admin.php?page=postwright-your-posts' ) ) ) );
	}

	/**
	 * PUT /search-console/property: the property read for this site.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function choose_property( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'PUT', '/search-console/property', array( 'siteUrl' => (string) $request['siteUrl'] ) ) );
	}

	/**
	 * DELETE /search-console.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function disconnect_search_console() {
		return self::relay( $this->client->request( 'DELETE', '/search-console' ) );
	}

	/**
	 * GET /search-console/ideas.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_ideas() {
		return self::relay( $this->client->request( 'GET', '/search-console/ideas' ) );
	}

	/**
	 * The published post a signed request names, or a refusal the service understands.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_Post|WP_Error
	 */
	private static function published_post( WP_REST_Request $request ) {
		$post = get_post( (int) $request['postId'] );
		if ( ! $post || 'post' !== $post->post_type || 'publish' !== $post->post_status ) {
			return new WP_Error( 'postwright_post_not_found', __( 'This post is no longer published on the site.', 'postwright' ), array( 'status' => 404 ) );
		}
		return $post;
	}

	/**
	 * The SEO plugin's fields a refresh reads and writes on this site (none without Yoast SEO or Rank Math).
	 *
	 * @return array
	 */
	private static function seo_keys() {
		return self::SEO_META[ Postwright_Seo_Fields::active_plugin() ] ?? array();
	}

	/**
	 * The post as the REST API gives it with context=edit: the raw fields and the SEO plugin's.
	 *
	 * @param WP_Post $post The post.
	 * @return array
	 */
	private static function edit_view( WP_Post $post ) {
		$meta = array();
		foreach ( self::seo_keys() as $key ) {
			$meta[ $key ] = (string) get_post_meta( $post->ID, $key, true );
		}
		return array(
			'id'           => $post->ID,
			'link'         => get_permalink( $post ),
			'slug'         => $post->post_name,
			'modified_gmt' => mysql_to_rfc3339( $post->post_modified_gmt ),
			'title'        => array( 'raw' => $post->post_title ),
			'content'      => array( 'raw' => $post->post_content ),
			'excerpt'      => array( 'raw' => $post->post_excerpt ),
			'meta'         => (object) $meta,
		);
	}

	/**
	 * POST /service/posts/read (signed by the service): the published post's raw fields.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function service_read_post( WP_REST_Request $request ) {
		$post = self::published_post( $request );
		return is_wp_error( $post ) ? $post : new WP_REST_Response( self::edit_view( $post ) );
	}

	/**
	 * POST /service/posts/update (signed by the service): the post updated in place (same id and address), the
	 * previous version kept as a revision, the SEO plugin's fields written where the site has them.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function service_update_post( WP_REST_Request $request ) {
		$post = self::published_post( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		$updated = wp_update_post(
			wp_slash(
				array(
					'ID'           => $post->ID,
					'post_title'   => sanitize_text_field( (string) $request['title'] ),
					'post_content' => wp_kses_post( (string) $request['content'] ),
					'post_excerpt' => wp_kses_post( (string) $request['excerpt'] ),
				)
			),
			true
		);
		if ( is_wp_error( $updated ) ) {
			return new WP_Error( 'postwright_update_failed', $updated->get_error_message(), array( 'status' => 500 ) );
		}
		$meta = is_array( $request['meta'] ) ? $request['meta'] : array();
		foreach ( self::seo_keys() as $key ) {
			if ( isset( $meta[ $key ] ) ) {
				update_post_meta( $post->ID, $key, wp_slash( sanitize_text_field( (string) $meta[ $key ] ) ) );
			}
		}
		return new WP_REST_Response( array( 'id' => $post->ID ) );
	}
}
