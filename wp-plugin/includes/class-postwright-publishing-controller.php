<?php
/**
 * Publishing on this site, through the plugin's REST routes (namespace postwright/v1): the categories and authors to
 * choose from, creating a draft of a Postwright post or publishing it, scheduling it with the service and cancelling
 * that; and the service/* routes the service itself calls with a signed request, to publish a scheduled post and to
 * check the connection. Drafts need edit_posts; publishing and scheduling need publish_posts.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Publishing REST controller.
 */
class Postwright_Publishing_Controller extends Postwright_Rest_Controller {

	/**
	 * Publisher.
	 *
	 * @var Postwright_Publisher
	 */
	private $publisher;

	/**
	 * Signed-request verifier.
	 *
	 * @var Postwright_Request_Verifier
	 */
	private $verifier;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client   $client    Service client.
	 * @param Postwright_Publisher        $publisher Publisher.
	 * @param Postwright_Request_Verifier $verifier  Verifier.
	 */
	public function __construct( $client, $publisher, $verifier ) {
		parent::__construct( $client );
		$this->publisher = $publisher;
		$this->verifier  = $verifier;
	}

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$can_publish = array( $this, 'can_publish' );
		$signed      = array( $this->verifier, 'verify' );
		$post_id     = array( 'postId' => self::positive_integer_arg( true ) );
		// What this site's people choose: categories by id, and an author.
		$choices = array(
			'categories' => array(
				'type'  => 'array',
				'items' => self::positive_integer_arg(),
			),
			'author'     => self::positive_integer_arg(),
		);

		return array(
			'/site-options'             => $this->endpoint( WP_REST_Server::READABLE, 'get_site_options', self::capability( 'edit_posts' ) ),
			// The site's own WooCommerce products a writer can feature, read from its Store API on the site itself.
			'/store-products'           => $this->endpoint(
				WP_REST_Server::READABLE,
				'get_store_products',
				self::capability( 'edit_posts' ),
				array(
					'search' => array(
						'type'              => 'string',
						'maxLength'         => 100,
						'sanitize_callback' => 'sanitize_text_field',
					),
				)
			),
			// Scheduling goes through POST /schedule: the service's scheduler publishes at the time.
			'/publish'                  => $this->publication_endpoint(
				'publish',
				$can_publish,
				array(
					'status' => array(
						'type'     => 'string',
						'enum'     => array( 'draft', 'publish' ),
						'required' => true,
					),
				) + $post_id + $choices
			),
			'/schedule'                 => $this->publication_endpoint(
				'schedule',
				$can_publish,
				array( 'status' => null ) + $post_id + array( 'date' => array( 'required' => true ) + self::date_arg() ) + $choices
			),
			'/schedule/(?P<postId>\d+)' => $this->endpoint( WP_REST_Server::DELETABLE, 'cancel_schedule', $can_publish, $post_id ),
			'/service/publish'          => $this->publication_endpoint(
				'service_publish',
				$signed,
				array(
					'publicationKey' => array( 'required' => true ) + self::string_arg( 200, 1 ),
					'categories'     => array(
						'type'  => 'array',
						'items' => self::string_arg( 200 ),
					),
				)
			),
			'/service/ping'             => $this->endpoint( WP_REST_Server::CREATABLE, 'service_ping', $signed ),
		);
	}

	/**
	 * A route that publishes a post: the publication's arguments, with some added, changed or (null) left out.
	 *
	 * @param string         $callback   The method that answers.
	 * @param callable|array $permission The permission callback.
	 * @param array          $args       The arguments to add or change, null for those to leave out.
	 * @return array
	 */
	private function publication_endpoint( $callback, $permission, array $args ) {
		return $this->endpoint( WP_REST_Server::CREATABLE, $callback, $permission, array_filter( array_merge( $this->publication_args(), $args ) ) );
	}

	/**
	 * A date and time (ISO 8601).
	 *
	 * @return array
	 */
	private static function date_arg() {
		return array(
			'type'   => 'string',
			'format' => 'date-time',
		);
	}

	/**
	 * Arguments shared by the local and the service publish routes.
	 *
	 * @return array
	 */
	private function publication_args() {
		return array(
			'title'           => self::text_arg( 300, true ),
			'html'            => array(
				'type'              => 'string',
				'required'          => true,
				'maxLength'         => 500000,
				'sanitize_callback' => 'wp_kses_post',
			),
			'slug'            => array(
				'type'              => 'string',
				'maxLength'         => 200,
				'sanitize_callback' => 'sanitize_title',
			),
			'seoTitle'        => self::text_arg( 300, false ),
			'metaDescription' => self::text_arg( 320, false ),
			'focusKeyphrase'  => self::text_arg( 100, false ),
			'status'          => array(
				'type'     => 'string',
				'enum'     => array( 'draft', 'publish', 'future' ),
				'required' => true,
			),
			'date'            => self::date_arg(),
			'images'          => self::objects_arg(
				10,
				array(
					'url' => self::uri_arg(),
					'alt' => self::string_arg( 500 ),
				),
				array( 'url' ),
				false
			),
			'tags'            => array(
				'type'     => 'array',
				'maxItems' => 50,
				'items'    => self::string_arg( 200 ),
			),
		);
	}

	/**
	 * Drafts need edit_posts; publishing and scheduling need publish_posts.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function can_publish( WP_REST_Request $request ) {
		$needed = 'draft' === $request->get_param( 'status' ) ? 'edit_posts' : 'publish_posts';
		return self::allowed(
			$needed,
			'publish_posts' === $needed
				? __( 'You can create drafts, but publishing and scheduling need an editor or an administrator of this site.', 'postwright' )
				: __( 'You need to be able to write posts on this site to use Postwright.', 'postwright' )
		);
	}

	/**
	 * GET /store-products: the site's WooCommerce products whose name matches the search, as a writer features them
	 * ("woocommerce:<id>", the name, the lowest price with its currency).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_store_products( WP_REST_Request $request ) {
		if ( ! Postwright_Block_Content::woocommerce_active() ) {
			return new WP_Error( 'postwright_no_store', __( 'WooCommerce is not active on this site, so there are no products to feature.', 'postwright' ), array( 'status' => 404 ) );
		}
		$store = new WP_REST_Request( 'GET', '/wc/store/v1/products' );
		$store->set_query_params(
			array(
				'search'   => (string) $request['search'],
				'per_page' => 20,
			)
		);
		$answer = rest_do_request( $store );
		if ( $answer->is_error() || ! is_array( $answer->get_data() ) ) {
			return new WP_Error( 'postwright_store_unavailable', __( 'WooCommerce did not list its products just now. Try the search again in a moment.', 'postwright' ), array( 'status' => 409 ) );
		}
		$products = array();
		foreach ( $answer->get_data() as $product ) {
			if ( ! isset( $product['id'], $product['name'] ) ) {
				continue;
			}
			$prices     = $product['prices'] ?? array();
			$amount     = $prices['price_range']['min_amount'] ?? ( $prices['price'] ?? '' );
			$minor      = (int) ( $prices['currency_minor_unit'] ?? 2 );
			$products[] = array(
				'id'    => 'woocommerce:' . (int) $product['id'],
				'name'  => html_entity_decode( wp_strip_all_tags( (string) $product['name'] ), ENT_QUOTES, 'UTF-8' ),
				'price' => '' === (string) $amount ? '' : number_format( (float) $amount / pow( 10, $minor ), 2, '.', '' ) . ' ' . ( $prices['currency_code'] ?? '' ),
			);
		}
		return new WP_REST_Response( array( 'products' => $products ) );
	}

	/**
	 * GET /site-options: the categories and authors to choose from.
	 *
	 * @return WP_REST_Response
	 */
	public function get_site_options() {
		$categories = get_terms(
			array(
				'taxonomy'   => 'category',
				'hide_empty' => false,
				'number'     => 200,
			)
		);
		$authors    = current_user_can( 'publish_posts' ) ? get_users(
			array(
				'capability' => 'edit_posts',
				'number'     => 200,
				'fields'     => array( 'ID', 'display_name' ),
			)
		) : array();
		return new WP_REST_Response(
			array(
				'categories'    => is_wp_error( $categories ) ? array() : array_map(
					static function ( $term ) {
						return array(
							'id'   => (int) $term->term_id,
							'name' => $term->name,
						);
					},
					$categories
				),
				'authors'       => array_map(
					static function ( $user ) {
						return array(
							'id'   => (int) $user->ID,
							'name' => $user->display_name,
						);
					},
					$authors
				),
				'currentUserId' => get_current_user_id(),
				// Dates are chosen and shown in the site's zone (Settings > General), whatever the browser's is.
				'timeZone'      => wp_timezone_string(),
			)
		);
	}

	/**
	 * POST /publish: creates a draft of a Postwright post on this site or publishes it, then tells the service.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function publish( WP_REST_Request $request ) {
		$input    = $this->local_input( $request );
		$existing = $this->existing_post( $input['publicationKey'] );
		if ( is_wp_error( $existing ) ) {
			return $existing;
		}
		$result = $this->publisher->publish( $input );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$notice = array(
			'wpPostId' => $result['postId'],
			'link'     => $result['link'],
			'status'   => $result['status'],
		);
		if ( 'future' === $result['status'] && ! empty( $input['date'] ) ) {
			$notice['date'] = gmdate( 'c', (int) strtotime( $input['date'] ) );
		}
		// The post exists here whatever the service answers; it only lists it in the dashboard.
		$told                      = $this->client->request( 'POST', '/posts/' . (int) $request['postId'] . '/wordpress-publication', $notice );
		$result['serviceNotified'] = ! is_wp_error( $told );
		$result['editLink']        = get_edit_post_link( $result['postId'], 'raw' );
		return new WP_REST_Response( $result );
	}

	/**
	 * POST /schedule: asks the service to publish the post on this site at a time (its scheduler sends it through
	 * /service/publish then, as for a post scheduled in the dashboard; the account's plan decides whether it may), and
	 * keeps the author, categories and tags chosen here on a draft that publication updates.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function schedule( WP_REST_Request $request ) {
		$post_id  = (int) $request['postId'];
		$existing = $this->existing_post( 'post-' . $post_id );
		if ( is_wp_error( $existing ) ) {
			return $existing;
		}
		$scheduled = $this->client->request( 'POST', '/posts/' . $post_id . '/schedule', array( 'scheduledDate' => gmdate( 'c', (int) strtotime( (string) $request['date'] ) ) ) );
		if ( is_wp_error( $scheduled ) ) {
			return $scheduled;
		}
		// A post already live stays as it is until its time; otherwise a draft holds this site's choices.
		if ( ! $existing || 'publish' !== $existing->post_status ) {
			$draft = $this->publisher->publish( array( 'status' => 'draft' ) + $this->local_input( $request ) );
			if ( ! is_wp_error( $draft ) ) {
				update_post_meta( $draft['postId'], Postwright_Publisher::SITE_TERMS_META, '1' );
			}
		}
		return new WP_REST_Response( $scheduled );
	}

	/**
	 * DELETE /schedule/:postId: cancels the post's schedule on the service (the draft stays a draft).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function cancel_schedule( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'DELETE', '/posts/' . (int) $request['postId'] . '/schedule' ) );
	}

	/**
	 * POST /service/publish (signed by the service).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function service_publish( WP_REST_Request $request ) {
		$input                   = $this->publication_input( $request );
		$input['publicationKey'] = sanitize_text_field( (string) $request['publicationKey'] );
		$input['categories']     = array_map( 'strval', (array) ( $request['categories'] ?? array() ) );
		$existing                = $this->publisher->find_by_key( $input['publicationKey'] );
		if ( $existing && get_post_meta( $existing->ID, Postwright_Publisher::SITE_TERMS_META, true ) ) {
			// Scheduled from this site: its categories and tags were chosen here.
			unset( $input['categories'], $input['tags'] );
		}
		$result = $this->publisher->publish( $input );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	/**
	 * POST /service/ping (signed by the service).
	 *
	 * @return WP_REST_Response
	 */
	public function service_ping() {
		return new WP_REST_Response(
			array(
				'ok'      => true,
				'version' => POSTWRIGHT_VERSION,
			)
		);
	}

	/**
	 * The post already on this site under a publication key, if any, or a refusal when the person may not change it.
	 *
	 * @param string $key The publication key.
	 * @return WP_Post|null|false|WP_Error
	 */
	private function existing_post( $key ) {
		$existing = $this->publisher->find_by_key( $key );
		if ( $existing && ! current_user_can( 'edit_post', $existing->ID ) ) {
			return self::forbidden( __( 'This post is already on the site and you are not allowed to change it. Ask an editor.', 'postwright' ) );
		}
		return $existing;
	}

	/**
	 * The publication of a post asked for on this site: its fields, its key, the categories and the author chosen.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array
	 */
	private function local_input( WP_REST_Request $request ) {
		$input                   = $this->publication_input( $request );
		$input['publicationKey'] = 'post-' . (int) $request['postId'];
		$input['categories']     = array_map( 'intval', (array) ( $request['categories'] ?? array() ) );
		// Only people who may edit others' posts attribute a post to someone else (as in WordPress's own editor).
		$input['author'] = $request['author'] && current_user_can( 'edit_others_posts' ) ? (int) $request['author'] : get_current_user_id();
		return $input;
	}

	/**
	 * The publication fields of a request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array
	 */
	private function publication_input( WP_REST_Request $request ) {
		return self::present( $request, array( 'title', 'html', 'slug', 'seoTitle', 'metaDescription', 'focusKeyphrase', 'status', 'date', 'images', 'tags' ) );
	}
}
