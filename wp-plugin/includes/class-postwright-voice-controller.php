<?php
/**
 * The site's Brand voice (namespace postwright/v1, under /voice): how this site's posts read, as the service keeps it
 * and the writers follow it. Relays to the service's /api/v1/voice routes with the site's credential, which reach only
 * this site's own voice: read from its published posts, started from a preset, or edited. For those who manage the
 * site (manage_options).
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Brand voice REST controller.
 */
class Postwright_Voice_Controller extends Postwright_Rest_Controller {

	/**
	 * The presets the service offers.
	 */
	const PRESETS = array( 'friendly-expert', 'formal-business', 'casual-short', 'founder' );

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$admin = array( $this, 'can_manage' );
		return array(
			'/voice'        => array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_voice', $admin ),
				$this->endpoint(
					'PUT',
					'save_voice',
					$admin,
					array(
						'preset' => array(
							'type' => 'string',
							'enum' => self::PRESETS,
						),
						'voice'  => $this->settings_arg(),
					)
				),
			),
			'/voice/derive' => $this->endpoint( WP_REST_Server::CREATABLE, 'derive_voice', $admin ),
		);
	}

	/**
	 * The voice's settings as the owner edits them (the service's limits).
	 *
	 * @return array
	 */
	private function settings_arg() {
		$spread = array(
			'type'                 => 'object',
			'properties'           => array(
				'mean'   => self::number_arg( 200 ),
				'spread' => self::number_arg( 200 ),
			),
			'required'             => array( 'mean', 'spread' ),
			'additionalProperties' => false,
		);
		$words  = array(
			'type'     => 'array',
			'maxItems' => 20,
			'items'    => array(
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 40,
			),
		);
		$fields = array(
			'person'               => array(
				'type' => 'string',
				'enum' => array( 'I', 'we', 'you' ),
			),
			'formality'            => array(
				'type' => 'string',
				'enum' => array( 'formal', 'neutral', 'casual' ),
			),
			'sentenceWords'        => $spread,
			'paragraphSentences'   => $spread,
			'headingsPer1000Words' => self::number_arg( 100 ),
			'listsPer1000Words'    => self::number_arg( 100 ),
			'spelling'             => array(
				'type' => 'string',
				'enum' => array( 'US', 'UK' ),
			),
			'wordsUsed'            => $words,
			'wordsAvoided'         => $words,
			'closing'              => array(
				'type' => 'string',
				'enum' => array( 'question', 'call-to-action', 'summary', 'sign-off' ),
			),
			'closingExample'       => array(
				'type'      => array( 'string', 'null' ),
				'maxLength' => 300,
			),
		);
		return array(
			'type'                 => 'object',
			'properties'           => $fields,
			'required'             => array_keys( $fields ),
			'additionalProperties' => false,
			'sanitize_callback'    => array( self::class, 'sanitize_settings' ),
		);
	}

	/**
	 * A number from 0 to a maximum.
	 *
	 * @param int $max Maximum.
	 * @return array
	 */
	private static function number_arg( $max ) {
		return array(
			'type'    => 'number',
			'minimum' => 0,
			'maximum' => $max,
		);
	}

	/**
	 * The validated settings as plain text and numbers, the empty words left out; a blank last line is none (null).
	 *
	 * @param array $voice The validated settings.
	 * @return array
	 */
	public static function sanitize_settings( $voice ) {
		$voice = (array) $voice;
		foreach ( array( 'sentenceWords', 'paragraphSentences' ) as $spread ) {
			$voice[ $spread ] = array(
				'mean'   => (float) $voice[ $spread ]['mean'],
				'spread' => (float) $voice[ $spread ]['spread'],
			);
		}
		foreach ( array( 'headingsPer1000Words', 'listsPer1000Words' ) as $number ) {
			$voice[ $number ] = (float) $voice[ $number ];
		}
		foreach ( array( 'wordsUsed', 'wordsAvoided' ) as $words ) {
			$voice[ $words ] = array_values( array_filter( array_map( 'sanitize_text_field', (array) $voice[ $words ] ), 'strlen' ) );
		}
		$closing                 = null === $voice['closingExample'] ? '' : sanitize_text_field( (string) $voice['closingExample'] );
		$voice['closingExample'] = '' === $closing ? null : $closing;
		return $voice;
	}

	/**
	 * Seeing and changing the site's voice: those who manage the site.
	 *
	 * @return true|WP_Error
	 */
	public function can_manage() {
		return self::allowed( 'manage_options', __( 'Only an administrator of this site can see and change its Brand voice.', 'postwright' ) );
	}

	/**
	 * GET /voice: this site's voice (or none yet) in plain words with an example, and the presets.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_voice() {
		return self::relay( $this->client->request( 'GET', '/voice' ) );
	}

	/**
	 * POST /voice/derive: the voice read from this site's most recent published posts.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function derive_voice() {
		return self::relay( $this->client->request( 'POST', '/voice/derive', array() ) );
	}

	/**
	 * PUT /voice: a preset to start from ({ preset }), or the owner's edits ({ voice }).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function save_voice( WP_REST_Request $request ) {
		return self::relay( $this->client->request( 'PUT', '/voice', self::present( $request, array( 'preset', 'voice' ) ) ) );
	}
}
