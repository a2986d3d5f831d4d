<?php
/**
 * Calls the Postwright service's API for plugins (/api/v1) with the site's credential, and turns every failure into a
 * WP_Error whose message tells a person what to do.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * HTTP client of the service.
 */
class Postwright_Service_Client {

	/**
	 * Seconds to wait for the service; generation work runs in the background there, so no call needs longer.
	 */
	const TIMEOUT = 20;

	/**
	 * The error code of the service's answer "this site is disconnected" (401): the only answer that makes the plugin
	 * forget its connection.
	 */
	const DISCONNECTED = 'site_disconnected';

	/**
	 * Sends an authenticated request to /api/v1.
	 *
	 * @param string     $method HTTP method.
	 * @param string     $path   Path under /api/v1, starting with a slash.
	 * @param array|null $body   JSON body.
	 * @param array      $options Transport options: `blocking` false sends without waiting for the answer (which is
	 *                            then null).
	 * @return array|null|WP_Error The decoded JSON answer (null for 204), or the error.
	 */
	public function request( $method, $path, $body = null, array $options = array() ) {
		$connection = Postwright_Credentials::get();
		if ( null === $connection ) {
			return new WP_Error(
				'postwright_not_connected',
				__( 'This site is not connected to Postwright yet. An administrator can connect it on the Postwright page.', 'postwright' ),
				array( 'status' => 409 )
			);
		}
		$service = ! empty( $connection['service_url'] ) ? untrailingslashit( $connection['service_url'] ) : Postwright_Credentials::service_url();
		return $this->send(
			$method,
			$service . '/api/v1' . $path,
			$body,
			array( 'Authorization' => 'Bearer ' . $connection['credential'] ),
			$options
		);
	}

	/**
	 * Exchanges a one-time connect code for the site's credential (no credential yet, so no Authorization header).
	 *
	 * @param string $code The code from the redirect.
	 * @return array|WP_Error siteId, credential, signingSecret, account.
	 */
	public function exchange_code( $code ) {
		$answer = $this->send(
			'POST',
			Postwright_Credentials::service_url() . '/api/v1/connect/exchange',
			array(
				'code'     => $code,
				'siteUrl'  => home_url(),
				// The Site Title as typed (WordPress stores it HTML-escaped): the service shows the site by it.
				'siteName' => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			),
			array()
		);
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		if ( ! is_array( $answer ) || empty( $answer['siteId'] ) || empty( $answer['credential'] ) || empty( $answer['signingSecret'] ) ) {
			return new WP_Error( 'postwright_bad_answer', __( 'Postwright sent an answer this plugin does not understand. Update the plugin, then connect again.', 'postwright' ), array( 'status' => 502 ) );
		}
		return $answer;
	}

	/**
	 * Sends one request and maps the outcome.
	 *
	 * @param string     $method  HTTP method.
	 * @param string     $url     Full URL.
	 * @param array|null $body    JSON body.
	 * @param array      $headers Extra headers.
	 * @param array      $options Transport options (`blocking`, `timeout` in seconds).
	 * @return array|null|WP_Error
	 */
	private function send( $method, $url, $body, array $headers, array $options = array() ) {
		// An address saved before https was required, or set in wp-config.php, is checked here too.
		$insecure = Postwright_Credentials::insecure_service_url( $url );
		if ( is_wp_error( $insecure ) ) {
			return $insecure;
		}
		$args = array(
			'method'      => $method,
			'timeout'     => self::TIMEOUT,
			'redirection' => 0,
			'headers'     => array_merge(
				array(
					'Accept'     => 'application/json',
					'User-Agent' => 'Postwright-WordPress/' . POSTWRIGHT_VERSION . '; ' . home_url(),
				),
				$headers
			),
		);
		if ( isset( $options['timeout'] ) ) {
			// The service reads and writes a post of this site while it answers (a refresh): it may take longer.
			$args['timeout'] = (int) $options['timeout'];
		}
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = wp_json_encode( $body );
		}
		if ( isset( $options['blocking'] ) && false === $options['blocking'] ) {
			$args['blocking'] = false;
			$args['timeout']  = 1;
			wp_remote_request( $url, $args );
			return null;
		}
		$response = wp_remote_request( $url, $args );
		if ( is_wp_error( $response ) ) {
			return new WP_Error(
				'postwright_service_unreachable',
				sprintf(
					/* translators: %s: the Postwright service address. */
					__( 'Postwright could not be reached at %s. Check that this site can make outgoing requests, then try again in a few minutes.', 'postwright' ),
					wp_parse_url( $url, PHP_URL_HOST )
				),
				array( 'status' => 502 )
			);
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$raw    = wp_remote_retrieve_body( $response );
		$data   = '' === $raw ? null : json_decode( $raw, true );
		if ( $status >= 200 && $status < 300 ) {
			return is_array( $data ) ? $data : null;
		}
		return $this->error_from( $status, is_array( $data ) ? $data : array(), $response );
	}

	/**
	 * The WP_Error for a service error answer.
	 *
	 * @param int   $status   HTTP status.
	 * @param array $data     Decoded body ({ message, code?, upgradeUrl? }).
	 * @param array $response The raw response.
	 * @return WP_Error
	 */
	private function error_from( $status, array $data, $response ) {
		$message = isset( $data['message'] ) && is_string( $data['message'] ) ? sanitize_text_field( $data['message'] ) : '';
		$code    = isset( $data['code'] ) && is_string( $data['code'] ) ? $data['code'] : '';

		if ( 401 === $status && self::DISCONNECTED === $code ) {
			// The service says the credential is unknown or revoked: forget it, so the page offers to connect again.
			// Only this answer disconnects; any other refusal (a proxy, a misconfigured service) leaves the connection.
			Postwright_Credentials::clear();
			return new WP_Error(
				'postwright_site_disconnected',
				'' !== $message ? $message : __( 'This site is no longer connected to Postwright. Connect it again.', 'postwright' ),
				array( 'status' => 401 )
			);
		}
		if ( 401 === $status ) {
			return new WP_Error(
				'postwright_refused',
				'' !== $message ? $message : __( 'Postwright refused this site\'s request. Try again in a few minutes; if it keeps happening, an administrator can check the service address on the Postwright page.', 'postwright' ),
				array( 'status' => 502 )
			);
		}
		if ( 402 === $status || 'quota_reached' === $code ) {
			$upgrade = isset( $data['upgradeUrl'] ) ? esc_url_raw( (string) $data['upgradeUrl'] ) : '';
			return new WP_Error(
				'postwright_quota_reached',
				'' !== $message ? $message : __( 'You have used all the posts of your plan this month. Upgrade your plan to write more.', 'postwright' ),
				array(
					'status'     => 402,
					'upgradeUrl' => $upgrade,
				)
			);
		}
		if ( 429 === $status && 'rate_limited' !== $code && '' !== $message ) {
			// A limit of the account's own (refreshes proposed this hour), not of this site's requests: its words.
			return new WP_Error( 'postwright_limited', $message, array( 'status' => 429 ) );
		}
		if ( 429 === $status ) {
			$wait = (int) wp_remote_retrieve_header( $response, 'retry-after' );
			return new WP_Error(
				'postwright_rate_limited',
				sprintf(
					/* translators: %d: seconds to wait. */
					__( 'Postwright is receiving too many requests from this site. Try again in %d seconds.', 'postwright' ),
					max( 1, $wait )
				),
				array( 'status' => 429 )
			);
		}
		if ( $status >= 400 && $status < 500 && '' !== $message ) {
			$details = array( 'status' => 400 === $status ? 400 : $status );
			// A refused CSV import lists every bad line, so the person can fix them all at once.
			if ( isset( $data['problems'] ) && is_array( $data['problems'] ) ) {
				$details['problems'] = array_values(
					array_map(
						static function ( $problem ) {
							return array(
								'line'   => (int) ( $problem['line'] ?? 0 ),
								'reason' => sanitize_text_field( (string) ( $problem['reason'] ?? '' ) ),
							);
						},
						array_filter( $data['problems'], 'is_array' )
					)
				);
			}
			return new WP_Error( 'postwright_rejected', $message, $details );
		}
		if ( 502 === $status && 'site_unreadable' === $code && '' !== $message ) {
			// This site's own posts could not be read or written: the service says why.
			return new WP_Error( 'postwright_site_unreadable', $message, array( 'status' => 502 ) );
		}
		if ( 502 === $status && 'upstream_failed' === $code && '' !== $message ) {
			// A service the request needed (a store, Google) let it down: the service says which, and what to do.
			return new WP_Error( 'postwright_upstream_failed', $message, array( 'status' => 502 ) );
		}
		if ( 503 === $status && '' !== $message ) {
			return new WP_Error( 'postwright_unavailable', $message, array( 'status' => 503 ) );
		}
		return new WP_Error(
			'postwright_service_error',
			__( 'Postwright could not complete the request. Try again in a few minutes.', 'postwright' ),
			array( 'status' => 502 )
		);
	}
}
