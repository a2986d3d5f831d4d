<?php
/**
 * The site's connection to Postwright, kept in one option that is not autoloaded. The credential and the signing
 * secret are encrypted with a key derived from the site's own salts, so a copy of the database alone does not reveal
 * them. Nothing in here is ever sent to the browser.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stores and reads the connection.
 */
class Postwright_Credentials {

	const OPTION             = 'postwright_connection';
	const SERVICE_URL_OPTION = 'postwright_service_url';
	const DEFAULT_SERVICE    = 'https://app.postwright.com';

	/**
	 * The Postwright service this site talks to (no trailing slash).
	 *
	 * @return string
	 */
	public static function service_url() {
		$stored = get_option( self::SERVICE_URL_OPTION, '' );
		if ( is_string( $stored ) && '' !== $stored ) {
			return untrailingslashit( $stored );
		}
		if ( defined( 'POSTWRIGHT_SERVICE_URL' ) && is_string( POSTWRIGHT_SERVICE_URL ) && '' !== POSTWRIGHT_SERVICE_URL ) {
			return untrailingslashit( POSTWRIGHT_SERVICE_URL );
		}
		return self::DEFAULT_SERVICE;
	}

	/**
	 * Saves the service URL setting (an https URL, or http on a local development site; empty restores the default).
	 *
	 * @param string      $url         The URL.
	 * @param string|null $environment The site's environment type (default: wp_get_environment_type()).
	 * @return true|WP_Error
	 */
	public static function save_service_url( $url, $environment = null ) {
		$url = trim( (string) $url );
		if ( '' === $url ) {
			delete_option( self::SERVICE_URL_OPTION );
			return true;
		}
		$clean  = esc_url_raw( $url, array( 'http', 'https' ) );
		$scheme = wp_parse_url( $clean, PHP_URL_SCHEME );
		if ( '' === $clean || ! in_array( $scheme, array( 'http', 'https' ), true ) || ! wp_parse_url( $clean, PHP_URL_HOST ) ) {
			return new WP_Error(
				'postwright_invalid_service_url',
				__( 'Enter the address of the Postwright service, starting with https://.', 'postwright' ),
				array( 'status' => 400 )
			);
		}
		$insecure = self::insecure_service_url( $clean, $environment );
		if ( is_wp_error( $insecure ) ) {
			return $insecure;
		}
		update_option( self::SERVICE_URL_OPTION, untrailingslashit( $clean ), false );
		return true;
	}

	/**
	 * Refuses a service address that would carry the site's credential in clear: only https is accepted, except on a
	 * local development site (wp_get_environment_type() is "local"), where a service on http://localhost is normal.
	 *
	 * @param string      $url         The service address.
	 * @param string|null $environment The site's environment type (default: wp_get_environment_type()).
	 * @return true|WP_Error
	 */
	public static function insecure_service_url( $url, $environment = null ) {
		$environment = null === $environment ? wp_get_environment_type() : $environment;
		$scheme      = strtolower( (string) wp_parse_url( (string) $url, PHP_URL_SCHEME ) );
		if ( 'https' === $scheme || ( 'http' === $scheme && 'local' === $environment ) ) {
			return true;
		}
		return new WP_Error(
			'postwright_insecure_service_url',
			__( 'The Postwright service address must start with https://, so that this site\'s credential is never sent in clear (http:// is accepted only on a local development site).', 'postwright' ),
			array( 'status' => 400 )
		);
	}

	/**
	 * Stores a new connection.
	 *
	 * @param array $connection siteId, credential, signingSecret, serviceUrl, account (email, plan).
	 * @return bool
	 */
	public static function save( array $connection ) {
		$stored = array(
			'site_id'        => sanitize_text_field( (string) $connection['siteId'] ),
			'service_url'    => esc_url_raw( (string) $connection['serviceUrl'] ),
			'credential'     => self::encrypt( (string) $connection['credential'] ),
			'signing_secret' => self::encrypt( (string) $connection['signingSecret'] ),
			'email'          => sanitize_email( (string) ( $connection['account']['email'] ?? '' ) ),
			'connected_at'   => gmdate( 'c' ),
		);
		delete_option( self::OPTION );
		return add_option( self::OPTION, $stored, '', false );
	}

	/**
	 * The connection with its secrets decrypted, or null when the site is not connected (or the salts changed).
	 *
	 * @return array|null site_id, service_url, credential, signing_secret, email, connected_at.
	 */
	public static function get() {
		$stored = get_option( self::OPTION );
		if ( ! is_array( $stored ) || empty( $stored['credential'] ) || empty( $stored['signing_secret'] ) ) {
			return null;
		}
		$credential = self::decrypt( (string) $stored['credential'] );
		$secret     = self::decrypt( (string) $stored['signing_secret'] );
		if ( null === $credential || null === $secret ) {
			return null;
		}
		$stored['credential']     = $credential;
		$stored['signing_secret'] = $secret;
		return $stored;
	}

	/**
	 * Whether a connection is stored.
	 *
	 * @return bool
	 */
	public static function is_connected() {
		return null !== self::get();
	}

	/**
	 * Forgets the connection.
	 */
	public static function clear() {
		delete_option( self::OPTION );
	}

	/**
	 * A 32-byte key derived from the site's salts.
	 *
	 * @return string
	 */
	private static function key() {
		return hash_hkdf( 'sha256', wp_salt( 'auth' ) . wp_salt( 'secure_auth' ), SODIUM_CRYPTO_SECRETBOX_KEYBYTES, 'postwright-connection-v1' );
	}

	/**
	 * Encrypts with XSalsa20-Poly1305 (sodium, or WordPress's bundled sodium_compat).
	 *
	 * @param string $plain Text to encrypt.
	 * @return string base64 of nonce + ciphertext.
	 */
	public static function encrypt( $plain ) {
		$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		return base64_encode( $nonce . sodium_crypto_secretbox( $plain, $nonce, self::key() ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary to text.
	}

	/**
	 * Decrypts what encrypt() produced; null when it cannot (tampered, or other salts).
	 *
	 * @param string $encoded Encrypted text.
	 * @return string|null
	 */
	public static function decrypt( $encoded ) {
		$raw = base64_decode( $encoded, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- text to binary.
		if ( false === $raw || strlen( $raw ) <= SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ) {
			return null;
		}
		try {
			$plain = sodium_crypto_secretbox_open(
				substr( $raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ),
				substr( $raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ),
				self::key()
			);
		} catch ( Exception $e ) {
			return null;
		}
		return false === $plain ? null : $plain;
	}
}
