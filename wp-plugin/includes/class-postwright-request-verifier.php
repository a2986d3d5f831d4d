<?php
/**
 * Checks that a request to the service routes comes from the Postwright service this site is connected to: an
 * HMAC-SHA256 signature with the connection's signing secret over the timestamp, a nonce and the raw body; the
 * timestamp within five minutes of now; a nonce not seen in the last ten minutes.
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
		$expected = 'sha256=' . hash_hmac( 'sha256', $timestamp . "\n" . $nonce . "\n" . $request->get_body(), $connection['signing_secret'] );
		if ( ! hash_equals( $expected, $signature ) ) {
			return $this->refuse( __( 'The request signature does not match.', 'postwright' ) );
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
	 * The refusal.
	 *
	 * @param string $message Why.
	 * @return WP_Error
	 */
	private function refuse( $message ) {
		return new WP_Error( 'postwright_bad_signature', $message, array( 'status' => 401 ) );
	}
}
