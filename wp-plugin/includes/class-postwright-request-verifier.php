<?php
/**
 * Checks that a request to the service routes comes from the Postwright service this site is connected to, as it was
 * sent: an HMAC-SHA256 signature (format v2) with the connection's signing secret over the method, the REST route,
 * the query string, the timestamp, a nonce and the raw body; the timestamp within five minutes of now; a nonce not
 * seen in the last ten minutes; and no parameter outside what the signature covers (the signed query and the JSON
 * body), since WordPress would otherwise fill a field missing from the body from the query string or a form body.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Signed-request verifier.
 */
class Postwright_Request_Verifier {

	const MAX_SKEW      = 300;
	const NONCE_TTL     = 600;
	const NONCE_PREFIX  = 'postwright_nonce_';
	const VERSION       = 'v2';

	/**
	 * Permission check of the service routes.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function verify( WP_REST_Request $request ) {
		$connection = Postwright_Credentials::get();
		$site       = (string) $request->get_header( 'x_postwright_site' );
		$timestamp  = (string) $request->get_header( 'x_postwright_timestamp' );
		$nonce      = (string) $request->get_header( 'x_postwright_nonce' );
		$signature  = (string) $request->get_header( 'x_postwright_signature' );

		if ( null === $connection ) {
			return $this->refuse( __( 'This site is not connected to Postwright.', 'postwright' ) );
		}
		if ( '' === $site || '' === $signature || ! ctype_digit( $timestamp ) || ! preg_match( '/^[A-Za-z0-9-]{16,128}$/', $nonce ) ) {
			return $this->refuse( __( 'The request is not signed by Postwright.', 'postwright' ) );
		}
		if ( ! hash_equals( (string) $connection['site_id'], $site ) ) {
			return $this->refuse( __( 'The request was signed for another site.', 'postwright' ) );
		}
		if ( 0 !== strpos( $signature, self::VERSION . '=' ) ) {
			return $this->refuse( __( 'The request is signed in an older format that this version of the plugin no longer accepts (it did not cover the address and method). Postwright signs with format v2: if you run your own Postwright service, update it.', 'postwright' ) );
		}
		$query = self::canonical_query( $request->get_query_params() );
		if ( null === $query ) {
			return $this->refuse( __( 'The request has a query parameter that is not a plain value, which a signature cannot cover.', 'postwright' ) );
		}
		$expected = self::VERSION . '=' . hash_hmac( 'sha256', self::signature_base( $request->get_method(), $request->get_route(), $query, $timestamp, $nonce, $request->get_body() ), $connection['signing_secret'] );
		if ( ! hash_equals( $expected, $signature ) ) {
			return $this->refuse( __( 'The request signature does not match.', 'postwright' ) );
		}
		$unsigned = $this->unsigned_parameters( $request );
		if ( '' !== $unsigned ) {
			return $this->refuse( $unsigned );
		}
		if ( abs( time() - (int) $timestamp ) > self::MAX_SKEW ) {
			return $this->refuse( __( 'The request is too old (or this server\'s clock is wrong).', 'postwright' ) );
		}
		$seen = self::NONCE_PREFIX . substr( hash( 'sha256', $nonce ), 0, 32 );
		if ( false !== get_transient( $seen ) ) {
			return $this->refuse( __( 'The request was already received once.', 'postwright' ) );
		}
		set_transient( $seen, 1, self::NONCE_TTL );
		return true;
	}

	/**
	 * The text a v2 signature is computed over (the service's signer builds the same).
	 *
	 * @param string $method    HTTP method.
	 * @param string $route     REST route, for example /postwright/v1/service/ping.
	 * @param string $query     Canonical query (see canonical_query()).
	 * @param string $timestamp Unix seconds.
	 * @param string $nonce     Nonce.
	 * @param string $body      Raw body.
	 * @return string
	 */
	public static function signature_base( $method, $route, $query, $timestamp, $nonce, $body ) {
		return implode( "\n", array( 'postwright-' . self::VERSION, strtoupper( $method ), $route, $query, $timestamp, $nonce, $body ) );
	}

	/**
	 * The signed form of the query parameters: rest_route left out (the route is signed by itself), sorted by name,
	 * name=value with RFC 3986 percent-encoding, joined by "&". Null when a parameter is not a plain value.
	 *
	 * @param array $params Query parameters.
	 * @return string|null
	 */
	public static function canonical_query( array $params ) {
		unset( $params['rest_route'] );
		$pairs = array();
		foreach ( $params as $name => $value ) {
			if ( ! is_scalar( $value ) ) {
				return null;
			}
			$pairs[ rawurlencode( (string) $name ) ] = rawurlencode( (string) $value );
		}
		ksort( $pairs, SORT_STRING );
		$query = array();
		foreach ( $pairs as $name => $value ) {
			$query[] = $name . '=' . $value;
		}
		return implode( '&', $query );
	}

	/**
	 * Why the request carries parameters the signature does not cover ('' when it carries none): a body that is not
	 * JSON (a form body becomes parameters), or uploaded files.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return string
	 */
	private function unsigned_parameters( WP_REST_Request $request ) {
		if ( '' !== $request->get_body() && ! $request->is_json_content_type() ) {
			return __( 'The request body must be JSON (Content-Type: application/json).', 'postwright' );
		}
		if ( array() !== (array) $request->get_body_params() || array() !== (array) $request->get_file_params() ) {
			return __( 'The request has parameters outside its signed JSON body.', 'postwright' );
		}
		return '';
	}

	/**
	 * The refusal.
	 *
	 * @param string $message Why.
	 * @return WP_Error
	 */
	private function refuse( $message ) {
		return new WP_Error( 'postwright_bad_signature', $message, array( 'status' => 401 ) );
	}
}
