<?php
/**
 * The site index's routes: who may see the state and ask for a new read, and what reaches the service.
 *
 * @package Postwright
 */

/**
 * Site index controller tests.
 */
class Site_Index_Controller_Test extends Postwright_Test_Case {

	/**
	 * The service's answer: the site's state and its words.
	 *
	 * @param string $state  queued, reading, ready or failed.
	 * @param array  $words  The words to show.
	 * @return array
	 */
	private function answer( $state, array $words ) {
		return array(
			'site'  => array(
				'platform'     => 'wordpress',
				'connectionId' => 4,
				'siteName'     => 'Test Blog',
				'siteUrl'      => 'https://example.org',
				'state'        => $state,
				'pagesRead'    => 0,
				'pagesIndexed' => 2310,
				'indexedAt'    => '2026-11-27T12:00:00.000Z',
				'error'        => 'failed' === $state ? 'The site answered 401.' : null,
				'canRetry'     => 'ready' === $state || 'failed' === $state,
			),
			'words' => $words,
		);
	}

	public function test_a_writer_sees_the_state_in_the_services_words_with_the_site_credential() {
		$this->connect_site();
		$words = array(
			'headline' => '2,310 pages indexed 5 minutes ago',
			'detail'   => null,
			'action'   => 'Read pages again',
			'tone'     => 'ready',
		);
		$this->answers['GET /api/v1/site-index'] = array( 200, $this->answer( 'ready', $words ) );

		$response = $this->rest( 'GET', '/site-index', null, 'author' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $words, $response->get_data()['words'] );
		$this->assertSame( array( 'GET /api/v1/site-index' ), wp_list_pluck( $this->sent, 'key' ) );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
	}

	public function test_only_an_administrator_asks_for_a_new_read() {
		$this->connect_site();
		$queued = array(
			'headline' => '2,310 pages indexed; reading your site again shortly',
			'detail'   => null,
			'action'   => null,
			'tone'     => 'busy',
		);
		$this->answers['POST /api/v1/site-index/refresh'] = array( 200, $this->answer( 'queued', $queued ) );

		foreach ( array( 'editor', 'author' ) as $role ) {
			$this->assertSame( 403, $this->rest( 'POST', '/site-index/refresh', null, $role )->get_status(), $role );
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );

		$response = $this->rest( 'POST', '/site-index/refresh', null, 'administrator' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $queued, $response->get_data()['words'] );
		$this->assertSame( array( 'POST /api/v1/site-index/refresh' ), wp_list_pluck( $this->sent, 'key' ) );
	}

	public function test_a_writer_sees_the_sites_posts_page_by_page_and_a_subscriber_does_not() {
		$this->connect_site();
		$page = array(
			'site'     => null,
			'posts'    => array(
				array(
					'id'            => 1,
					'title'         => 'Cold Brew at Home',
					'failingChecks' => array(
						array(
							'id'      => 'text-length',
							'label'   => 'Text length',
							'message' => 'Write at least 300 words.',
						),
					),
				),
			),
			'page'     => 2,
			'pageSize' => 25,
			'total'    => 26,
		);
		$this->answers['GET /api/v1/site-posts'] = array( 200, $page );

		$response = $this->rest( 'GET', '/site-posts', null, 'author', array(), null, array( 'page' => '2' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $page, $response->get_data() );
		$this->rest( 'GET', '/site-posts', null, 'author' );
		$this->assertSame(
			array( array( 'GET /api/v1/site-posts', 'page=2' ), array( 'GET /api/v1/site-posts', 'page=1' ) ),
			array_map(
				static function ( $sent ) {
					return array( $sent['key'], $sent['query'] );
				},
				$this->sent
			)
		);
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );

		$this->sent = array();
		$this->assertSame( 400, $this->rest( 'GET', '/site-posts', null, 'author', array(), null, array( 'page' => '0' ) )->get_status() );
		foreach ( array( 'subscriber', null ) as $role ) {
			$this->assertContains( $this->rest( 'GET', '/site-posts', null, $role )->get_status(), array( 401, 403 ) );
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
	}

	public function test_a_subscriber_and_a_visitor_see_nothing() {
		$this->connect_site();
		foreach ( array( 'subscriber', null ) as $role ) {
			$this->assertContains( $this->rest( 'GET', '/site-index', null, $role )->get_status(), array( 401, 403 ) );
			$this->assertContains( $this->rest( 'POST', '/site-index/refresh', null, $role )->get_status(), array( 401, 403 ) );
		}
		$this->assertSame( array(), $this->sent );
	}

	public function test_the_services_refusal_reaches_the_person() {
		$this->connect_site();
		$this->answers['GET /api/v1/site-index'] = array(
			429,
			array(
				'message' => 'Too many requests from this site in a short time. Please wait a minute.',
				'code'    => 'rate_limited',
			),
		);
		$response = $this->rest( 'GET', '/site-index', null, 'editor' );
		$this->assertSame( 429, $response->get_status() );
		$this->assertStringContainsStringIgnoringCase( 'too many requests', $response->get_data()['message'] );
	}
}
