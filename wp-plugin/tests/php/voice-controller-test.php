<?php
/**
 * The Brand voice routes: only an administrator sees and changes the site's voice, what reaches the service (the
 * site credential, a preset or the edited settings, never a site), and the service's refusals reaching the person.
 *
 * @package Postwright
 */

/**
 * Voice controller tests.
 */
class Voice_Controller_Test extends Postwright_Test_Case {

	/**
	 * The voice's settings as the screen sends them.
	 *
	 * @return array
	 */
	private function settings() {
		return array(
			'person'               => 'I',
			'formality'            => 'neutral',
			'sentenceWords'        => array(
				'mean'   => 14,
				'spread' => 6.5,
			),
			'paragraphSentences'   => array(
				'mean'   => 3,
				'spread' => 1,
			),
			'headingsPer1000Words' => 4,
			'listsPer1000Words'    => 1.5,
			'spelling'             => 'UK',
			'wordsUsed'            => array( 'clay', ' ', 'kiln' ),
			'wordsAvoided'         => array( 'journey' ),
			'closing'              => 'sign-off',
			'closingExample'       => '  Warmly, <b>Mara</b> ',
		);
	}

	/**
	 * The service's answer: the site's voice.
	 *
	 * @param string $source posts, preset or edited.
	 * @return array
	 */
	private function site_voice( $source ) {
		return array(
			'platform'     => 'wordpress',
			'connectionId' => 4,
			'siteName'     => 'Test Blog',
			'siteUrl'      => 'https://example.org',
			'voice'        => array_merge(
				$this->settings(),
				array(
					'source'   => $source,
					'postsRead' => 'posts' === $source ? 12 : 0,
				)
			),
			'description'  => array( 'Speaks as “I”: one person, in the first person.' ),
			'example'      => 'I hear this question often.',
		);
	}

	public function test_an_administrator_sees_the_sites_voice_and_the_presets_with_the_site_credential() {
		$this->connect_site();
		$answer                              = array(
			'site'    => $this->site_voice( 'preset' ),
			'presets' => array(
				array(
					'id'      => 'founder',
					'name'    => 'Founder',
					'summary' => 'One person, plainly.',
				),
			),
		);
		$this->answers['GET /api/v1/voice'] = array( 200, $answer );

		foreach ( array( 'editor', 'author', 'subscriber' ) as $role ) {
			$this->assertSame( 403, $this->rest( 'GET', '/voice', null, $role )->get_status(), $role );
			$this->assertSame( 403, $this->rest( 'POST', '/voice/derive', null, $role )->get_status(), $role );
			$this->assertSame( 403, $this->rest( 'PUT', '/voice', array( 'preset' => 'founder' ), $role )->get_status(), $role );
		}
		$this->assertSame( 401, $this->rest( 'GET', '/voice', null, null )->get_status() );
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );

		$response = $this->rest( 'GET', '/voice' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $answer, $response->get_data() );
		$this->assertSame( array( 'GET /api/v1/voice' ), wp_list_pluck( $this->sent, 'key' ) );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
	}

	public function test_a_preset_or_the_edited_settings_reach_the_service_and_nothing_else() {
		$this->connect_site();
		$this->answers['PUT /api/v1/voice'] = array( 200, $this->site_voice( 'edited' ) );

		$this->assertSame( 200, $this->rest( 'PUT', '/voice', array( 'preset' => 'founder' ) )->get_status() );
		$response = $this->rest( 'PUT', '/voice', array( 'voice' => $this->settings() ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'edited', $response->get_data()['voice']['source'] );

		$this->assertSame( array( 'PUT /api/v1/voice', 'PUT /api/v1/voice' ), wp_list_pluck( $this->sent, 'key' ) );
		$this->assertSame( array( 'preset' => 'founder' ), $this->sent[0]['body'] );
		$sent = $this->sent[1]['body']['voice'];
		$this->assertSame( array( 'voice' ), array_keys( $this->sent[1]['body'] ) );
		$this->assertSame( array( 'clay', 'kiln' ), $sent['wordsUsed'] );
		$this->assertSame( 'Warmly, Mara', $sent['closingExample'] );
		$this->assertEquals( 6.5, $sent['sentenceWords']['spread'] );

		$this->sent = array();
		$blank      = array_merge( $this->settings(), array( 'closingExample' => ' ' ) );
		$this->rest( 'PUT', '/voice', array( 'voice' => $blank ) );
		$this->assertNull( $this->sent[0]['body']['voice']['closingExample'] );

		$this->sent = array();
		$bad        = array(
			array( 'preset' => 'pirate' ),
			array( 'voice' => array_merge( $this->settings(), array( 'person' => 'they' ) ) ),
			array( 'voice' => array_merge( $this->settings(), array( 'connectionId' => 9 ) ) ),
			array( 'voice' => array_merge( $this->settings(), array( 'wordsUsed' => array_fill( 0, 21, 'clay' ) ) ) ),
			array( 'voice' => array_diff_key( $this->settings(), array( 'spelling' => true ) ) ),
		);
		foreach ( $bad as $body ) {
			$this->assertSame( 400, $this->rest( 'PUT', '/voice', $body )->get_status(), wp_json_encode( $body ) );
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
	}

	public function test_reading_the_voice_from_the_posts_and_the_services_refusal_reach_the_person() {
		$this->connect_site();
		$this->answers['POST /api/v1/voice/derive'] = array( 200, $this->site_voice( 'posts' ) );
		$response                                    = $this->rest( 'POST', '/voice/derive' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 12, $response->get_data()['voice']['postsRead'] );
		$this->assertSame( array( 'POST /api/v1/voice/derive' ), wp_list_pluck( $this->sent, 'key' ) );

		$message                                      = 'Test Blog has no published posts to read your voice from yet. Pick a preset, or describe your voice yourself.';
		$this->answers['POST /api/v1/voice/derive'] = array( 409, array( 'message' => $message ) );
		$refused                                     = $this->rest( 'POST', '/voice/derive' );
		$this->assertSame( 409, $refused->get_status() );
		$this->assertSame( $message, $refused->get_data()['message'] );
	}
}
