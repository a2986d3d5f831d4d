<?php
/**
 * Writing posts on the service, through the plugin's REST routes (namespace postwright/v1): title suggestions,
 * generations and their progress, the written post and its edits, and the SEO analysis of some content. Each relays
 * to the Postwright service with the site's credential, for anyone who writes posts (edit_posts).
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Generations REST controller.
 */
class Postwright_Generations_Controller extends Postwright_Rest_Controller {

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$writer = self::capability( 'edit_posts' );
		$id_arg = array(
			'id' => array(
				'type'     => 'string',
				'pattern'  => '^[A-Za-z0-9_-]{1,64}$',
				'required' => true,
			),
		);
		$id     = '(?P<id>[A-Za-z0-9_-]{1,64})';

		return array(
			'/titles'             => $this->endpoint(
				WP_REST_Server::CREATABLE,
				'optimize_title',
				$writer,
				array(
					'originalTitle' => self::text_arg( 300, true ),
					'keywords'      => self::keywords_arg( false ),
				)
			),
			'/generations'        => $this->endpoint( WP_REST_Server::CREATABLE, 'start_generation', $writer, $this->generation_args() ),
			'/generations/' . $id => $this->endpoint( WP_REST_Server::READABLE, 'get_generation', $writer, $id_arg ),
			'/posts/' . $id       => array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_post', $writer, $id_arg ),
				$this->endpoint(
					'PATCH',
					'update_post',
					$writer,
					$id_arg + array(
						'title'           => self::text_arg( 300, false ),
						'metaDescription' => self::text_arg( 320, false ),
						'htmlContent'     => self::html_arg( false ),
					)
				),
			),
			'/seo/analyze'        => $this->endpoint(
				WP_REST_Server::CREATABLE,
				'analyze_seo',
				$writer,
				array(
					'title'           => self::text_arg( 300, true ),
					'content'         => self::html_arg( true ),
					'keywords'        => self::keywords_arg( false ),
					// The analysis takes the SEO plugin's fields as they are (longer than Postwright's own) and says what is too long.
					'metaDescription' => self::text_arg( 1000, false ),
					'seoTitle'        => self::text_arg( 300, false ),
					'slug'            => array(
						'type'              => 'string',
						'maxLength'         => 300,
						'sanitize_callback' => 'sanitize_title',
					),
					'focusKeyphrase'  => self::text_arg( 200, false ),
				)
			),
		);
	}

	/**
	 * A post's HTML, its markup kept as in a post.
	 *
	 * @param bool $required Required.
	 * @return array
	 */
	private static function html_arg( $required ) {
		$arg = array(
			'type'              => 'string',
			'maxLength'         => 500000,
			'sanitize_callback' => 'wp_kses_post',
		);
		if ( $required ) {
			$arg['required'] = true;
		}
		return $arg;
	}

	/**
	 * What a new post is written from.
	 *
	 * @return array
	 */
	private function generation_args() {
		return array(
			'title'            => self::text_arg( 300, true ),
			'keywords'         => self::keywords_arg( true ),
			'focusKeyphrase'   => self::text_arg( 100, false ),
			'companyName'      => self::text_arg( 200, false ),
			'seoInstructions'  => array(
				'type'              => 'string',
				'maxLength'         => 5000,
				'sanitize_callback' => 'sanitize_textarea_field',
			),
			'links'            => self::objects_arg(
				20,
				array(
					'url'         => self::uri_arg(),
					'description' => self::string_arg( 300, 1 ),
				),
				array( 'url', 'description' )
			),
			'images'           => self::objects_arg(
				5,
				array(
					'url'     => self::uri_arg( 2000 ),
					'altText' => self::string_arg( 500 ),
				),
				array( 'url' )
			),
			// The site's own WooCommerce products to feature (at most as many as the service takes), by Store API id.
			'featured'         => array(
				'type'     => 'array',
				'maxItems' => 5,
				'items'    => array(
					'type'    => 'string',
					'pattern' => '^woocommerce:[0-9]+$',
				),
			),
			'showProductCards' => array( 'type' => 'boolean' ),
		);
	}

	/**
	 * The service path of the post or generation in the request.
	 *
	 * @param string          $what    "posts" or "generations".
	 * @param WP_REST_Request $request The request.
	 * @return string
	 */
	private static function path( $what, WP_REST_Request $request ) {
		return '/' . $what . '/' . rawurlencode( (string) $request['id'] );
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
		) + self::present( $request, array( 'companyName', 'seoInstructions', 'links', 'images', 'featured', 'showProductCards' ) );
		if ( isset( $body['featured'] ) ) {
			$body['featured'] = array_values( array_unique( $body['featured'] ) );
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
		return self::relay( $this->client->request( 'GET', self::path( 'generations', $request ) ) );
	}

	/**
	 * GET /posts/:id.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_post( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'GET', self::path( 'posts', $request ) ) );
	}

	/**
	 * PATCH /posts/:id: saves edits of the post on the service.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_post( WP_REST_Request $request ) {
		$body = self::present( $request, array( 'title', 'metaDescription', 'htmlContent' ) );
		if ( empty( $body ) ) {
			return new WP_Error( 'postwright_invalid', __( 'Nothing to update: change the title, the meta description or the content.', 'postwright' ), array( 'status' => 400 ) );
		}
		return self::relay( $this->client->request( 'PATCH', self::path( 'posts', $request ), $body ) );
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
		) + array_filter(
			self::present( $request, array( 'metaDescription', 'seoTitle', 'slug', 'focusKeyphrase' ) ),
			static function ( $value ) {
				return '' !== $value;
			}
		);
		return self::relay( $this->client->request( 'POST', '/seo/analyze', $body ) );
	}
}
