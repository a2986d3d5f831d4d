<?php
/**
 * The plugin's REST routes (namespace postwright/v1). The admin page and the editor sidebar talk only to these; they
 * relay writing, SEO and plan requests to the Postwright service with the site's credential, and publish locally.
 * The service/* routes are called by the service itself, with a signed request.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * REST controller.
 */
class Postwright_Rest_Controller {

	const NAMESPACE_V1 = 'postwright/v1';

	/**
	 * Service client.
	 *
	 * @var Postwright_Service_Client
	 */
	private $client;

	/**
	 * Connection flow.
	 *
	 * @var Postwright_Connection
	 */
	private $connection;

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
	 * @param Postwright_Service_Client   $client     Service client.
	 * @param Postwright_Connection       $connection Connection flow.
	 * @param Postwright_Publisher        $publisher  Publisher.
	 * @param Postwright_Request_Verifier $verifier   Verifier.
	 */
	public function __construct( $client, $connection, $publisher, $verifier ) {
		$this->client     = $client;
		$this->connection = $connection;
		$this->publisher  = $publisher;
		$this->verifier   = $verifier;
	}

	/**
	 * Registers the routes (on rest_api_init).
	 */
	public function register_routes() {
		foreach ( $this->routes() as $route => $definition ) {
			register_rest_route( self::NAMESPACE_V1, $route, self::with_validation( $definition ) );
		}
	}

	/**
	 * Validates every argument against its schema even when it has its own sanitize_callback (WordPress validates
	 * only through the default sanitizer otherwise). Shared with the autopilot's routes.
	 *
	 * @param array $definition A route's endpoints.
	 * @return array
	 */
	public static function with_validation( array $definition ) {
		$endpoints = isset( $definition['methods'] ) ? array( $definition ) : $definition;
		foreach ( $endpoints as $i => $endpoint ) {
			foreach ( $endpoint['args'] ?? array() as $name => $arg ) {
				if ( ! isset( $arg['validate_callback'] ) ) {
					$endpoints[ $i ]['args'][ $name ]['validate_callback'] = 'rest_validate_request_arg';
				}
			}
		}
		return isset( $definition['methods'] ) ? $endpoints[0] : $endpoints;
	}

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	private function routes() {
		$routes = array();
		$writer = $this->capability( 'edit_posts' );
		$admin  = $this->capability( 'manage_options' );
		$id_arg = array(
			'id' => array(
				'type'     => 'string',
				'pattern'  => '^[A-Za-z0-9_-]{1,64}$',
				'required' => true,
			),
		);

		$routes['/status'] = array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => array( $this, 'get_status' ),
			'permission_callback' => $writer,
		);
		$routes['/connect'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'connect' ),
			'permission_callback' => $admin,
		);
		$routes['/disconnect'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'disconnect' ),
			'permission_callback' => $admin,
		);
		$routes['/settings'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'save_settings' ),
			'permission_callback' => $admin,
			'args'                => array(
				'serviceUrl' => array(
					'type'      => 'string',
					'required'  => true,
					'maxLength' => 500,
				),
			),
		);
		$routes['/site-options'] = array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => array( $this, 'get_site_options' ),
			'permission_callback' => $writer,
		);
		$routes['/titles'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'optimize_title' ),
			'permission_callback' => $writer,
			'args'                => array(
				'originalTitle' => self::text_arg( 300, true ),
				'keywords'      => $this->keywords_arg( false ),
			),
		);
		$routes['/generations'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'start_generation' ),
			'permission_callback' => $writer,
			'args'                => array(
				'title'           => self::text_arg( 300, true ),
				'keywords'        => $this->keywords_arg( true ),
				'focusKeyphrase'  => self::text_arg( 100, false ),
				'companyName'     => self::text_arg( 200, false ),
				'seoInstructions' => array(
					'type'              => 'string',
					'maxLength'         => 5000,
					'sanitize_callback' => 'sanitize_textarea_field',
				),
				'links'           => array(
					'type'     => 'array',
					'maxItems' => 20,
					'items'    => array(
						'type'                 => 'object',
						'properties'           => array(
							'url'         => array(
								'type'   => 'string',
								'format' => 'uri',
							),
							'description' => array(
								'type'      => 'string',
								'minLength' => 1,
								'maxLength' => 300,
							),
						),
						'required'             => array( 'url', 'description' ),
						'additionalProperties' => false,
					),
				),
				'images'          => array(
					'type'     => 'array',
					'maxItems' => 5,
					'items'    => array(
						'type'                 => 'object',
						'properties'           => array(
							'url'     => array(
								'type'      => 'string',
								'format'    => 'uri',
								'maxLength' => 2000,
							),
							'altText' => array(
								'type'      => 'string',
								'maxLength' => 500,
							),
						),
						'required'             => array( 'url' ),
						'additionalProperties' => false,
					),
				),
			),
		);
		$routes['/generations/(?P<id>[A-Za-z0-9_-]{1,64})'] = array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => array( $this, 'get_generation' ),
			'permission_callback' => $writer,
			'args'                => $id_arg,
		);
		$routes['/posts/(?P<id>[A-Za-z0-9_-]{1,64})'] = array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_post' ),
				'permission_callback' => $writer,
				'args'                => $id_arg,
			),
			array(
				'methods'             => 'PATCH',
				'callback'            => array( $this, 'update_post' ),
				'permission_callback' => $writer,
				'args'                => array_merge(
					$id_arg,
					array(
						'title'           => self::text_arg( 300, false ),
						'metaDescription' => self::text_arg( 320, false ),
						'htmlContent'     => array(
							'type'              => 'string',
							'maxLength'         => 500000,
							'sanitize_callback' => 'wp_kses_post',
						),
					)
				),
			),
		);
		$routes['/seo/analyze'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'analyze_seo' ),
			'permission_callback' => $writer,
			'args'                => array(
				'title'           => self::text_arg( 300, true ),
				'content'         => array(
					'type'              => 'string',
					'required'          => true,
					'maxLength'         => 500000,
					'sanitize_callback' => 'wp_kses_post',
				),
				'keywords'        => $this->keywords_arg( false ),
				// The analysis takes the SEO plugin's fields as they are (longer than Postwright's own) and says what is too long.
				'metaDescription' => self::text_arg( 1000, false ),
				'seoTitle'        => self::text_arg( 300, false ),
				'slug'            => array(
					'type'              => 'string',
					'maxLength'         => 300,
					'sanitize_callback' => 'sanitize_title',
				),
				'focusKeyphrase'  => self::text_arg( 200, false ),
			),
		);
		$routes['/publish'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'publish' ),
			'permission_callback' => array( $this, 'can_publish' ),
			'args'                => array_merge(
				$this->publication_args(),
				array(
					// Scheduling goes through POST /schedule: the service's scheduler publishes at the time.
					'status'     => array(
						'type'     => 'string',
						'enum'     => array( 'draft', 'publish' ),
						'required' => true,
					),
					'postId'     => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'categories' => array(
						'type'  => 'array',
						'items' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
					'author'     => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				)
			),
		);
		$routes['/schedule'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'schedule' ),
			'permission_callback' => array( $this, 'can_publish' ),
			'args'                => array_merge(
				array_diff_key( $this->publication_args(), array( 'status' => true ) ),
				array(
					'postId'     => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'date'       => array(
						'type'     => 'string',
						'format'   => 'date-time',
						'required' => true,
					),
					'categories' => array(
						'type'  => 'array',
						'items' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
					'author'     => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				)
			),
		);
		$routes['/schedule/(?P<postId>\d+)'] = array(
			'methods'             => WP_REST_Server::DELETABLE,
			'callback'            => array( $this, 'cancel_schedule' ),
			'permission_callback' => array( $this, 'can_publish' ),
			'args'                => array(
				'postId' => array(
					'type'     => 'integer',
					'minimum'  => 1,
					'required' => true,
				),
			),
		);
		$routes['/service/publish'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'service_publish' ),
			'permission_callback' => array( $this->verifier, 'verify' ),
			'args'                => array_merge(
				$this->publication_args(),
				array(
					'publicationKey' => array(
						'type'      => 'string',
						'required'  => true,
						'minLength' => 1,
						'maxLength' => 200,
					),
					'categories'     => array(
						'type'  => 'array',
						'items' => array(
							'type'      => 'string',
							'maxLength' => 200,
						),
					),
				)
			),
		);
		$routes['/service/ping'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'service_ping' ),
			'permission_callback' => array( $this->verifier, 'verify' ),
		);
		return $routes;
	}

	/**
	 * A permission callback requiring a capability (and a signed-in person).
	 *
	 * @param string $capability The capability.
	 * @return callable
	 */
	private function capability( $capability ) {
		return static function () use ( $capability ) {
			if ( current_user_can( $capability ) ) {
				return true;
			}
			return new WP_Error(
				'rest_forbidden',
				'manage_options' === $capability
					? __( 'Only an administrator of this site can change its Postwright connection.', 'postwright' )
					: __( 'You need to be able to write posts on this site to use Postwright.', 'postwright' ),
				array( 'status' => rest_authorization_required_code() )
			);
		};
	}

	/**
	 * Drafts need edit_posts; publishing and scheduling need publish_posts.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function can_publish( WP_REST_Request $request ) {
		$needed = 'draft' === $request->get_param( 'status' ) ? 'edit_posts' : 'publish_posts';
		if ( current_user_can( $needed ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			'publish_posts' === $needed
				? __( 'You can create drafts, but publishing and scheduling need an editor or an administrator of this site.', 'postwright' )
				: __( 'You need to be able to write posts on this site to use Postwright.', 'postwright' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * A plain text argument (also the autopilot controller's).
	 *
	 * @param int  $max      Maximum length.
	 * @param bool $required Required.
	 * @return array
	 */
	public static function text_arg( $max, $required ) {
		return array(
			'type'              => 'string',
			'required'          => $required,
			'minLength'         => $required ? 1 : 0,
			'maxLength'         => $max,
			'sanitize_callback' => static function ( $value ) {
				return sanitize_text_field( (string) $value );
			},
		);
	}

	/**
	 * Keywords as a list of short strings.
	 *
	 * @param bool $required Required (at least one).
	 * @return array
	 */
	private function keywords_arg( $required ) {
		return array(
			'type'              => 'array',
			'required'          => $required,
			'minItems'          => $required ? 1 : 0,
			'maxItems'          => 20,
			'items'             => array(
				'type'      => 'string',
				'maxLength' => 100,
			),
			'sanitize_callback' => array( self::class, 'sanitize_keywords' ),
		);
	}

	/**
	 * Keywords as plain text, the empty ones left out (also the autopilot controller's).
	 *
	 * @param array $keywords The validated keywords.
	 * @return array
	 */
	public static function sanitize_keywords( $keywords ) {
		return array_values( array_filter( array_map( 'sanitize_text_field', (array) $keywords ), 'strlen' ) );
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
			'date'            => array(
				'type'   => 'string',
				'format' => 'date-time',
			),
			'images'          => array(
				'type'     => 'array',
				'maxItems' => 10,
				'items'    => array(
					'type'       => 'object',
					'properties' => array(
						'url' => array(
							'type'   => 'string',
							'format' => 'uri',
						),
						'alt' => array(
							'type'      => 'string',
							'maxLength' => 500,
						),
					),
					'required'   => array( 'url' ),
				),
			),
			'tags'            => array(
				'type'     => 'array',
				'maxItems' => 50,
				'items'    => array(
					'type'      => 'string',
					'maxLength' => 200,
				),
			),
		);
	}

	/**
	 * The answer of a relayed service call (also the autopilot controller's).
	 *
	 * @param array|null|WP_Error $answer What the service client returned.
	 * @param int                 $status HTTP status on success.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function relay( $answer, $status = 200 ) {
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return new WP_REST_Response( $answer, null === $answer ? 204 : $status );
	}

	/**
	 * GET /status: the connection, and the account's plan and usage from the service.
	 *
	 * @return WP_REST_Response
	 */
	public function get_status() {
		$connection = Postwright_Credentials::get();
		$data       = array(
			'connected'   => null !== $connection,
			'serviceUrl'  => Postwright_Credentials::service_url(),
			'canManage'   => current_user_can( 'manage_options' ),
			'canPublish'  => current_user_can( 'publish_posts' ),
			'seoPlugin'   => Postwright_Seo_Fields::active_plugin(),
			'account'     => null,
			'site'        => null,
			'upgradeUrl'  => null,
			'error'       => null,
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
	 * POST /titles: title suggestions.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function optimize_title( WP_REST_Request $request ) {
		return self::relay(
			$this->client->request(
				'POST',
				'/titles/optimize',
				array(
					'originalTitle' => $request['originalTitle'],
					'keywords'      => $request['keywords'] ?? array(),
				)
			)
		);
	}

	/**
	 * POST /generations: starts writing a post on the service.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function start_generation( WP_REST_Request $request ) {
		$body = array(
			'title'    => $request['title'],
			'keywords' => $request['keywords'],
		);
		foreach ( array( 'companyName', 'seoInstructions', 'links', 'images' ) as $field ) {
			if ( null !== $request[ $field ] ) {
				$body[ $field ] = $request[ $field ];
			}
		}
		// Without one, the service takes the first keyword as the focus keyphrase.
		if ( '' !== (string) $request['focusKeyphrase'] ) {
			$body['focusKeyphrase'] = $request['focusKeyphrase'];
		}
		return self::relay( $this->client->request( 'POST', '/generations', $body ), 202 );
	}

	/**
	 * GET /generations/:id: progress of a generation.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_generation( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'GET', '/generations/' . rawurlencode( (string) $request['id'] ) ) );
	}

	/**
	 * GET /posts/:id.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_post( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'GET', '/posts/' . rawurlencode( (string) $request['id'] ) ) );
	}

	/**
	 * PATCH /posts/:id: saves edits of the post on the service.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_post( WP_REST_Request $request ) {
		$body = array();
		foreach ( array( 'title', 'metaDescription', 'htmlContent' ) as $field ) {
			if ( null !== $request[ $field ] ) {
				$body[ $field ] = $request[ $field ];
			}
		}
		if ( empty( $body ) ) {
			return new WP_Error( 'postwright_invalid', __( 'Nothing to update: change the title, the meta description or the content.', 'postwright' ), array( 'status' => 400 ) );
		}
		return self::relay( $this->client->request( 'PATCH', '/posts/' . rawurlencode( (string) $request['id'] ), $body ) );
	}

	/**
	 * POST /seo/analyze: the service's SEO score and checks of some content.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function analyze_seo( WP_REST_Request $request ) {
		$body = array(
			'title'    => $request['title'],
			'content'  => $request['content'],
			'keywords' => $request['keywords'] ?? array(),
		);
		foreach ( array( 'metaDescription', 'seoTitle', 'slug', 'focusKeyphrase' ) as $field ) {
			if ( null !== $request[ $field ] && '' !== $request[ $field ] ) {
				$body[ $field ] = $request[ $field ];
			}
		}
		return self::relay( $this->client->request( 'POST', '/seo/analyze', $body ) );
	}

	/**
	 * POST /publish: creates a draft of a Postwright post on this site or publishes it, then tells the service.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function publish( WP_REST_Request $request ) {
		$input                   = $this->publication_input( $request );
		$input['publicationKey'] = 'post-' . (int) $request['postId'];
		$input['categories']     = array_map( 'intval', (array) ( $request['categories'] ?? array() ) );
		// Only people who may edit others' posts attribute a post to someone else (as in WordPress's own editor).
		$input['author'] = $request['author'] && current_user_can( 'edit_others_posts' ) ? (int) $request['author'] : get_current_user_id();
		$existing        = $this->publisher->find_by_key( $input['publicationKey'] );
		if ( $existing && ! current_user_can( 'edit_post', $existing->ID ) ) {
			return new WP_Error(
				'rest_forbidden',
				__( 'This post is already on the site and you are not allowed to change it. Ask an editor.', 'postwright' ),
				array( 'status' => rest_authorization_required_code() )
			);
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
		$told                   = $this->client->request( 'POST', '/posts/' . (int) $request['postId'] . '/wordpress-publication', $notice );
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
		$key      = 'post-' . $post_id;
		$existing = $this->publisher->find_by_key( $key );
		if ( $existing && ! current_user_can( 'edit_post', $existing->ID ) ) {
			return new WP_Error(
				'rest_forbidden',
				__( 'This post is already on the site and you are not allowed to change it. Ask an editor.', 'postwright' ),
				array( 'status' => rest_authorization_required_code() )
			);
		}
		$scheduled = $this->client->request( 'POST', '/posts/' . $post_id . '/schedule', array( 'scheduledDate' => gmdate( 'c', (int) strtotime( (string) $request['date'] ) ) ) );
		if ( is_wp_error( $scheduled ) ) {
			return $scheduled;
		}
		// A post already live stays as it is until its time; otherwise a draft holds this site's choices.
		if ( ! $existing || 'publish' !== $existing->post_status ) {
			$input                   = $this->publication_input( $request );
			$input['status']         = 'draft';
			$input['publicationKey'] = $key;
			$input['categories']     = array_map( 'intval', (array) ( $request['categories'] ?? array() ) );
			$input['author']         = $request['author'] && current_user_can( 'edit_others_posts' ) ? (int) $request['author'] : get_current_user_id();
			$draft                   = $this->publisher->publish( $input );
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
	 * The publication fields of a request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array
	 */
	private function publication_input( WP_REST_Request $request ) {
		$input = array();
		foreach ( array( 'title', 'html', 'slug', 'seoTitle', 'metaDescription', 'focusKeyphrase', 'status', 'date', 'images', 'tags' ) as $field ) {
			if ( null !== $request[ $field ] ) {
				$input[ $field ] = $request[ $field ];
			}
		}
		return $input;
	}
}
