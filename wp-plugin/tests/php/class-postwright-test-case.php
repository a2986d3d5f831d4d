<?php
/**
 * Shared helpers: accounts of every role, a stand-in for the Postwright service at the HTTP layer (WordPress's
 * pre_http_request filter, so the plugin's real client code runs), a connection, signed requests, REST dispatch.
 *
 * @package Postwright
 */

use PHPUnit\Framework\TestCase;

/**
 * Base test case.
 */
abstract class Postwright_Test_Case extends TestCase {

	const SERVICE = 'https://service.postwright.test';
	const IMAGES  = 'https://images.postwright.test';
	const SECRET  = '3f1a2b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081';

	/**
	 * User ids by role.
	 *
	 * @var array
	 */
	protected static $users = array();

	/**
	 * Requests the plugin sent to the service: method, url, headers, body (decoded).
	 *
	 * @var array
	 */
	protected $sent = array();

	/**
	 * Answers the stand-in gives, by "METHOD /path": array( status, body, headers ) or a WP_Error.
	 *
	 * @var array
	 */
	protected $answers = array();

	/**
	 * The plugin route being dispatched by rest(), "METHOD /postwright/v1/...", recorded with each call to the service.
	 *
	 * @var string|null
	 */
	private $dispatching = null;

	public static function setUpBeforeClass(): void {
		foreach ( array( 'administrator', 'editor', 'author', 'contributor', 'subscriber' ) as $role ) {
			$login = 'pw_' . $role;
			$user  = get_user_by( 'login', $login );
			self::$users[ $role ] = $user ? $user->ID : wp_insert_user(
				array(
					'user_login' => $login,
					'user_pass'  => wp_generate_password(),
					'user_email' => $login . '@example.com',
					'role'       => $role,
				)
			);
		}
	}

	protected function setUp(): void {
		parent::setUp();
		$this->sent    = array();
		$this->answers = array();
		// A test run in a process of its own (one that loads a class for good) changed the same database: options are
		// read afresh rather than from this process's cache.
		wp_cache_flush();
		delete_option( Postwright_Credentials::OPTION );
		update_option( Postwright_Credentials::SERVICE_URL_OPTION, self::SERVICE );
		// After the test site's own filter, which refuses every outbound request.
		add_filter( 'pre_http_request', array( $this, 'fake_service' ), PHP_INT_MAX, 3 );
		wp_set_current_user( 0 );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_service' ), PHP_INT_MAX );
		remove_all_filters( 'postwright_seo_plugin' );
		wp_set_current_user( 0 );
		parent::tearDown();
	}

	/**
	 * The stand-in service.
	 *
	 * @param mixed  $pre  Short-circuit value.
	 * @param array  $args Request arguments.
	 * @param string $url  URL.
	 * @return array|WP_Error|mixed
	 */
	public function fake_service( $pre, $args, $url ) {
		if ( 0 === strpos( $url, self::IMAGES ) ) {
			return $this->fake_image( $args );
		}
		if ( 0 !== strpos( $url, self::SERVICE ) ) {
			return $pre;
		}
		$path         = (string) wp_parse_url( $url, PHP_URL_PATH );
		$key          = $args['method'] . ' ' . $path;
		$this->sent[] = array(
			'key'     => $key,
			'query'   => (string) wp_parse_url( $url, PHP_URL_QUERY ),
			'headers' => $args['headers'],
			'body'    => isset( $args['body'] ) ? json_decode( $args['body'], true ) : null,
		);
		$this->record_service_call( $args['method'], $path, end( $this->sent )['body'], end( $this->sent )['query'] );
		$answer       = $this->answers[ $key ] ?? array( 404, array( 'message' => 'Not found' ) );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return array(
			'headers'  => $answer[2] ?? array(),
			'body'     => null === $answer[1] ? '' : wp_json_encode( $answer[1] ),
			'response' => array(
				'code'    => $answer[0],
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * Writes a call to the service's plugin API (/api/v1) as a JSON line to the file POSTWRIGHT_SERVICE_CALLS names, with
	 * the plugin route that made it: the test suite checks each call against the service's OpenAPI document.
	 *
	 * @param string     $method HTTP method.
	 * @param string     $path   The URL's path.
	 * @param array|null $body   The JSON body sent.
	 * @param string     $query  The URL's query string ("page=2&pageSize=50"), or "".
	 */
	private function record_service_call( $method, $path, $body, $query = '' ) {
		$file = getenv( 'POSTWRIGHT_SERVICE_CALLS' );
		if ( ! $file || 0 !== strpos( $path, '/api/v1/' ) ) {
			return;
		}
		$line = array(
			'from'   => $this->dispatching,
			'method' => $method,
			'path'   => substr( $path, strlen( '/api/v1' ) ),
			'query'  => $query,
			'body'   => $body,
		);
		file_put_contents( $file, wp_json_encode( $line ) . "\n", FILE_APPEND ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
	}

	/**
	 * A small PNG, as an image host would answer it (written to the download file, as WordPress streams downloads).
	 *
	 * @param array $args Request arguments.
	 * @return array
	 */
	private function fake_image( $args ) {
		$image = imagecreatetruecolor( 4, 4 );
		ob_start();
		imagepng( $image );
		$png = (string) ob_get_clean();
		if ( ! empty( $args['stream'] ) && ! empty( $args['filename'] ) ) {
			file_put_contents( $args['filename'], $png ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		}
		return array(
			'headers'  => array( 'content-type' => 'image/png' ),
			'body'     => ! empty( $args['stream'] ) ? '' : $png,
			'response' => array(
				'code'    => 200,
				'message' => 'OK',
			),
			'cookies'  => array(),
			'filename' => $args['filename'] ?? null,
		);
	}

	/**
	 * Stores a connection as the connect flow would.
	 */
	protected function connect_site() {
		Postwright_Credentials::save(
			array(
				'siteId'        => 'site_123',
				'credential'    => 'pwsite_secretcredential',
				'signingSecret' => self::SECRET,
				'serviceUrl'    => self::SERVICE,
				'account'       => array( 'email' => 'owner@example.com' ),
			)
		);
	}

	/**
	 * Runs what a WordPress hook of the plugin does (not one of its routes), its calls to the service recorded as made
	 * from that hook.
	 *
	 * @param string   $hook The hook's name.
	 * @param callable $run  What it does.
	 */
	protected function on_hook( $hook, callable $run ) {
		$this->dispatching = 'action ' . $hook;
		try {
			$run();
		} finally {
			$this->dispatching = null;
		}
	}

	/**
	 * Dispatches a REST request as a role (or as nobody).
	 *
	 * @param string      $method HTTP method.
	 * @param string      $route  Route under /postwright/v1.
	 * @param array|null  $body   JSON body.
	 * @param string|null $role   Role, null for a visitor.
	 * @param array       $headers Headers.
	 * @param string|null $raw     Raw body instead of $body.
	 * @param array       $query   Query parameters.
	 * @return WP_REST_Response
	 */
	protected function rest( $method, $route, $body = null, $role = 'administrator', array $headers = array(), $raw = null, array $query = array() ) {
		wp_set_current_user( null === $role ? 0 : self::$users[ $role ] );
		$request = new WP_REST_Request( $method, '/postwright/v1' . $route );
		$request->set_query_params( $query );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		if ( null !== $raw || null !== $body ) {
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body( null !== $raw ? $raw : wp_json_encode( $body ) );
		}
		$this->dispatching = $method . ' ' . $request->get_route();
		try {
			return rest_do_request( $request );
		} finally {
			$this->dispatching = null;
		}
	}

	/**
	 * Signature headers as the service makes them (format v2: method, route, query, timestamp, nonce, body).
	 *
	 * @param string $raw     Raw body.
	 * @param string $route   Route under /postwright/v1.
	 * @param array  $options timestamp, nonce, secret, method, query (the query parameters signed).
	 * @return array
	 */
	protected function signed( $raw, $route = '/service/ping', array $options = array() ) {
		$options = array_merge(
			array(
				'timestamp' => time(),
				'nonce'     => wp_generate_uuid4(),
				'secret'    => self::SECRET,
				'method'    => 'POST',
				'query'     => array(),
			),
			$options
		);
		$query   = $options['query'];
		ksort( $query );
		$text = implode(
			"\n",
			array(
				'postwright-v2',
				$options['method'],
				'/postwright/v1' . $route,
				http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ),
				(string) $options['timestamp'],
				$options['nonce'],
				$raw,
			)
		);
		return array(
			'X-Postwright-Site'      => 'site_123',
			'X-Postwright-Timestamp' => (string) $options['timestamp'],
			'X-Postwright-Nonce'     => $options['nonce'],
			'X-Postwright-Signature' => 'v2=' . hash_hmac( 'sha256', $text, $options['secret'] ),
		);
	}
}
