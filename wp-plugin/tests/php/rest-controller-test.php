<?php
/**
 * The REST routes: who may call each, what arguments they accept, what reaches the service, what comes back.
 *
 * @package Postwright
 */

/**
 * REST controller tests.
 */
class Rest_Controller_Test extends Postwright_Test_Case {

	/**
	 * Every route a signed-in person can reach, with a valid body.
	 *
	 * @return array
	 */
	private function person_routes() {
		return array(
			array( 'GET', '/status', null ),
			array( 'POST', '/connect', null ),
			array( 'POST', '/disconnect', null ),
			array( 'POST', '/settings', array( 'serviceUrl' => 'https://example.com' ) ),
			array( 'GET', '/site-options', null ),
			array( 'POST', '/titles', array( 'originalTitle' => 'Tea' ) ),
			array(
				'POST',
				'/generations',
				array(
					'title'    => 'Tea',
					'keywords' => array( 'tea' ),
				),
			),
			array( 'GET', '/generations/gen_1', null ),
			array( 'GET', '/posts/12', null ),
			array( 'PATCH', '/posts/12', array( 'title' => 'New' ) ),
			array(
				'POST',
				'/seo/analyze',
				array(
					'title'   => 'Tea',
					'content' => '<p>Tea</p>',
				),
			),
			array(
				'POST',
				'/publish',
				array(
					'postId' => 12,
					'title'  => 'Tea',
					'html'   => '<p>Tea</p>',
					'status' => 'draft',
				),
			),
		);
	}

	public function test_a_subscriber_and_a_visitor_reach_no_route() {
		$this->connect_site();
		foreach ( array( 'subscriber', null ) as $role ) {
			foreach ( $this->person_routes() as list( $method, $route, $body ) ) {
				$response = $this->rest( $method, $route, $body, $role );
				$this->assertContains( $response->get_status(), array( 401, 403 ), "$method $route as " . var_export( $role, true ) );
			}
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
		$this->assertTrue( Postwright_Credentials::is_connected(), 'the connection is untouched' );
	}

	public function test_only_administrators_connect_disconnect_or_change_settings() {
		$this->connect_site();
		foreach ( array( 'editor', 'author', 'contributor' ) as $role ) {
			$this->assertSame( 403, $this->rest( 'POST', '/connect', null, $role )->get_status(), $role );
			$this->assertSame( 403, $this->rest( 'POST', '/disconnect', null, $role )->get_status(), $role );
			$this->assertSame( 403, $this->rest( 'POST', '/settings', array( 'serviceUrl' => 'https://evil.example' ), $role )->get_status(), $role );
		}
		$this->assertSame( self::SERVICE, Postwright_Credentials::service_url() );

		$connect = $this->rest( 'POST', '/connect' );
		$this->assertSame( 200, $connect->get_status() );
		$url = $connect->get_data()['url'];
		$this->assertStringStartsWith( self::SERVICE . '/connect/wordpress?', $url );
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$this->assertSame( home_url(), $query['site_url'] );
		$this->assertSame( rest_url(), $query['rest_url'] );
		$this->assertSame( admin_url( 'admin.php?page=postwright' ), $query['return_url'] );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9]{32,}$/', $query['state'] );

		$this->answers['DELETE /api/v1/site'] = array( 204, null );
		$this->assertSame( 200, $this->rest( 'POST', '/disconnect' )->get_status() );
		$this->assertFalse( Postwright_Credentials::is_connected() );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
	}

	public function test_writers_generate_but_only_publishers_publish_or_schedule() {
		$this->connect_site();
		$this->answers['POST /api/v1/generations'] = array(
			202,
			array(
				'id'    => 'gen_1',
				'stage' => 'queued',
			),
		);
		$this->answers['POST /api/v1/posts/12/wordpress-publication'] = array( 204, null );
		$generation = array(
			'title'    => 'Tea',
			'keywords' => array( 'tea' ),
		);
		$this->assertSame( 202, $this->rest( 'POST', '/generations', $generation, 'contributor' )->get_status() );
		// The focus keyphrase typed in WordPress reaches the service, as the site and the Shopify app send it.
		$keyphrase = array_merge( $generation, array( 'focusKeyphrase' => 'green tea' ) );
		$this->assertSame( 202, $this->rest( 'POST', '/generations', $keyphrase, 'contributor' )->get_status() );
		$this->assertSame( 'green tea', end( $this->sent )['body']['focusKeyphrase'] );

		$draft = array(
			'postId' => 12,
			'title'  => 'Tea',
			'html'   => '<p>Tea</p>',
			'status' => 'draft',
		);
		$this->assertSame( 200, $this->rest( 'POST', '/publish', $draft, 'contributor' )->get_status() );
		$refused = $this->rest( 'POST', '/publish', array_merge( $draft, array( 'status' => 'publish' ) ), 'contributor' );
		$this->assertSame( 403, $refused->get_status() );
		$this->assertStringContainsString( 'publishing and scheduling need', $refused->get_data()['message'] );
		// An editor publishes the contributor's draft (the same post); an author publishes their own.
		$this->assertSame( 200, $this->rest( 'POST', '/publish', array_merge( $draft, array( 'status' => 'publish' ) ), 'editor' )->get_status() );
		$this->answers['POST /api/v1/posts/13/wordpress-publication'] = array( 204, null );
		$own = $this->rest( 'POST', '/publish', array_merge( $draft, array( 'postId' => 13, 'status' => 'publish' ) ), 'author' );
		$this->assertSame( 200, $own->get_status() );
		$this->assertSame( 'publish', get_post_status( $own->get_data()['postId'] ) );
	}

	public function test_a_generation_in_progress_passes_on_the_parts_written_so_far() {
		$this->connect_site();
		$parts = array(
			array(
				'index'   => 0,
				'total'   => 3,
				'kind'    => 'introduction',
				'heading' => null,
				'html'    => '<p>Tea.</p>',
			),
			array(
				'index'   => 2,
				'total'   => 3,
				'kind'    => 'conclusion',
				'heading' => 'Brew well',
				'html'    => '<h2>Brew well</h2><p>Enjoy.</p>',
			),
		);
		$this->answers['GET /api/v1/generations/gen_1'] = array(
			200,
			array(
				'id'    => 'gen_1',
				'stage' => 'writing',
				'parts' => $parts,
			),
		);
		$response = $this->rest( 'GET', '/generations/gen_1', null, 'contributor' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'writing', $response->get_data()['stage'] );
		$this->assertSame( $parts, $response->get_data()['parts'] );
	}

	public function test_every_relay_reaches_the_service_with_each_field_a_writer_fills() {
		$this->connect_site();
		$post = array(
			'id'    => 12,
			'title' => 'Tea',
		);
		$this->answers['POST /api/v1/titles/optimize']   = array( 200, array( 'optimizedTitle' => 'Green tea' ) );
		$this->answers['POST /api/v1/generations']       = array(
			202,
			array(
				'id'    => 'gen_1',
				'stage' => 'queued',
			),
		);
		$this->answers['GET /api/v1/generations/gen_1']  = array(
			200,
			array(
				'id'    => 'gen_1',
				'stage' => 'writing',
			),
		);
		$this->answers['GET /api/v1/posts/12']           = array( 200, $post );
		$this->answers['PATCH /api/v1/posts/12']         = array( 200, $post );
		$this->answers['POST /api/v1/seo/analyze']       = array( 200, array( 'score' => 80 ) );
		$calls = array(
			array(
				'POST',
				'/titles',
				array(
					'originalTitle' => 'Tea',
					'keywords'      => array( 'tea' ),
				),
				200,
			),
			array(
				'POST',
				'/generations',
				array(
					'title'           => 'Tea',
					'keywords'        => array( 'tea' ),
					'focusKeyphrase'  => 'green tea',
					'companyName'     => 'Leaf Co',
					'seoInstructions' => 'Friendly.',
					'links'           => array(
						array(
							'url'         => 'https://example.com/shop',
							'description' => 'Our shop',
						),
					),
					'images'          => array( array( 'url' => 'https://example.com/tea.png' ) ),
				),
				202,
			),
			array( 'GET', '/generations/gen_1', null, 200 ),
			array( 'GET', '/posts/12', null, 200 ),
			array(
				'PATCH',
				'/posts/12',
				array(
					'title'           => 'Tea',
					'metaDescription' => 'All about tea.',
					'htmlContent'     => '<p>Tea</p>',
				),
				200,
			),
			array(
				'POST',
				'/seo/analyze',
				array(
					'title'           => 'Tea',
					'content'         => '<p>Tea</p>',
					'keywords'        => array( 'tea' ),
					'metaDescription' => 'All about tea.',
					'seoTitle'        => 'Tea guide',
					'slug'            => 'tea-guide',
					'focusKeyphrase'  => 'tea',
				),
				200,
			),
		);
		foreach ( $calls as $call ) {
			$this->assertSame( $call[3], $this->rest( $call[0], $call[1], $call[2], 'author' )->get_status(), $call[0] . ' ' . $call[1] );
		}
		$this->assertCount( count( $calls ), $this->sent );
	}

	public function test_an_editor_schedules_through_the_service_with_the_sites_categories_tags_and_author() {
		$this->connect_site();
		$category = term_exists( 'Guides', 'category' ) ? term_exists( 'Guides', 'category' ) : wp_insert_term( 'Guides', 'category' );
		$when     = time() + 2 * DAY_IN_SECONDS;
		$this->answers['POST /api/v1/posts/77/schedule'] = array(
			200,
			array(
				'id'                   => 77,
				'status'               => 'scheduled',
				'isScheduled'          => true,
				'scheduledPublishDate' => gmdate( 'Y-m-d\TH:i:s.000\Z', $when ),
			),
		);
		$schedule = array(
			'postId'          => 77,
			'title'           => 'Linen care',
			'html'            => '<h3>Washing</h3><ol><li>Cool water</li></ol>',
			'metaDescription' => 'How to wash linen.',
			'date'            => gmdate( 'Y-m-d\TH:i:s\Z', $when ),
			'categories'      => array( (int) $category['term_id'] ),
			'tags'            => array( 'linen', 'laundry' ),
			'author'          => self::$users['author'],
		);
		$response = $this->rest( 'POST', '/schedule', $schedule, 'editor' );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertTrue( $response->get_data()['isScheduled'] );
		// The service holds the time (its scheduler publishes then), as one instant.
		$asked = end( $this->sent );
		$this->assertSame( 'POST /api/v1/posts/77/schedule', $asked['key'] );
		$this->assertSame( gmdate( 'c', $when ), $asked['body']['scheduledDate'] );
		// WordPress keeps a draft with this site's choices, not a post of its own "future" status.
		$post = ( new Postwright_Publisher() )->find_by_key( 'post-77' );
		$this->assertSame( 'draft', $post->post_status );
		$this->assertSame( self::$users['author'], (int) $post->post_author );
		$this->assertSame( array( 'Guides' ), wp_list_pluck( get_the_category( $post->ID ), 'name' ) );
		$this->assertEqualsCanonicalizing( array( 'linen', 'laundry' ), wp_list_pluck( wp_get_post_tags( $post->ID ), 'name' ) );
		$this->assertSame( 'How to wash linen.', $post->post_excerpt );

		$this->answers['DELETE /api/v1/posts/77/schedule'] = array(
			200,
			array(
				'id'          => 77,
				'status'      => 'draft',
				'isScheduled' => false,
			),
		);
		$cancelled = $this->rest( 'DELETE', '/schedule/77', null, 'editor' );
		$this->assertSame( 200, $cancelled->get_status() );
		$this->assertFalse( $cancelled->get_data()['isScheduled'] );
		$this->assertSame( 'DELETE /api/v1/posts/77/schedule', end( $this->sent )['key'] );

		// The local publish route no longer schedules by itself.
		$local = $this->rest( 'POST', '/publish', array_merge( $schedule, array( 'status' => 'future' ) ), 'editor' );
		$this->assertSame( 400, $local->get_status() );
		$this->assertSame( 'draft', get_post_status( $post->ID ) );
	}

	public function test_a_plan_without_scheduling_is_refused_with_the_services_message_and_nothing_is_made() {
		$this->connect_site();
		$this->answers['POST /api/v1/posts/78/schedule'] = array(
			403,
			array( 'message' => 'Scheduling is available on the Starter plan and above. Upgrade to schedule posts.' ),
		);
		$refused = $this->rest(
			'POST',
			'/schedule',
			array(
				'postId' => 78,
				'title'  => 'Late',
				'html'   => '<p>x</p>',
				'date'   => gmdate( 'Y-m-d\TH:i:s\Z', time() + DAY_IN_SECONDS ),
			),
			'editor'
		);
		$this->assertSame( 403, $refused->get_status() );
		$this->assertSame( 'Scheduling is available on the Starter plan and above. Upgrade to schedule posts.', $refused->get_data()['message'] );
		$this->assertNull( ( new Postwright_Publisher() )->find_by_key( 'post-78' ) );
		$contributor = $this->rest( 'POST', '/schedule', array( 'postId' => 78, 'title' => 'x', 'html' => 'x', 'date' => '2099-01-01T00:00:00Z' ), 'contributor' );
		$this->assertStringContainsString( 'publishing and scheduling need', $contributor->get_data()['message'] );
	}

	public function test_a_contributor_cannot_overwrite_a_post_someone_else_published() {
		$this->connect_site();
		$this->answers['POST /api/v1/posts/91/wordpress-publication'] = array( 204, null );
		$post = array(
			'postId' => 91,
			'title'  => 'Published by the editor',
			'html'   => '<p>Final.</p>',
			'status' => 'publish',
		);
		$published = $this->rest( 'POST', '/publish', $post, 'editor' );
		$this->assertSame( 200, $published->get_status() );
		$refused = $this->rest( 'POST', '/publish', array_merge( $post, array( 'status' => 'draft', 'title' => 'Changed' ) ), 'contributor' );
		$this->assertSame( 403, $refused->get_status() );
		$this->assertSame( 'publish', get_post_status( $published->get_data()['postId'] ) );
		$this->assertSame( 'Published by the editor', get_the_title( $published->get_data()['postId'] ) );
	}

	public function test_arguments_are_validated_before_anything_is_sent() {
		$this->connect_site();
		$cases = array(
			array( '/generations', array( 'keywords' => array( 'tea' ) ), 'title' ),
			array(
				'/generations',
				array(
					'title'    => 'Tea',
					'keywords' => array(),
				),
				'keywords',
			),
			array(
				'/generations',
				array(
					'title'    => str_repeat( 'a', 301 ),
					'keywords' => array( 'tea' ),
				),
				'title',
			),
			array(
				'/generations',
				array(
					'title'    => 'Tea',
					'keywords' => array_fill( 0, 21, 'tea' ),
				),
				'keywords',
			),
			array(
				'/generations',
				array(
					'title'    => 'Tea',
					'keywords' => array( 'tea' ),
					'links'    => array( array( 'url' => 'not a url' ) ),
				),
				'links',
			),
			array(
				'/publish',
				array(
					'postId' => 12,
					'title'  => 'Tea',
					'html'   => '<p>x</p>',
					'status' => 'pending',
				),
				'status',
			),
			array(
				'/publish',
				array(
					'postId' => 'abc',
					'title'  => 'Tea',
					'html'   => '<p>x</p>',
					'status' => 'draft',
				),
				'postId',
			),
		);
		foreach ( $cases as list( $route, $body, $param ) ) {
			$response = $this->rest( 'POST', $route, $body, 'editor' );
			$this->assertSame( 400, $response->get_status(), $route . ' ' . wp_json_encode( $body ) );
			$data   = $response->get_data();
			$params = array_merge( array_keys( $data['data']['params'] ?? array() ), $data['data']['params'] ?? array() );
			$this->assertContains( $param, $params, wp_json_encode( $data ) );
		}
		$this->assertSame( 404, $this->rest( 'GET', '/generations/' . rawurlencode( '../site' ), null, 'editor' )->get_status() );
		$this->assertSame( array(), $this->sent );
	}

	public function test_input_is_sanitised_before_it_reaches_the_service() {
		$this->connect_site();
		$this->answers['POST /api/v1/generations'] = array(
			202,
			array(
				'id'    => 'gen_1',
				'stage' => 'queued',
			),
		);
		$response = $this->rest(
			'POST',
			'/generations',
			array(
				'title'       => '<script>alert(1)</script>Green <b>tea</b>',
				'keywords'    => array( 'tea<img src=x onerror=alert(1)>', '  ' ),
				'companyName' => "Leaf\nCo",
			),
			'author'
		);
		$this->assertSame( 202, $response->get_status() );
		$body = $this->sent[0]['body'];
		$this->assertSame( 'Green tea', $body['title'] );
		$this->assertSame( array( 'tea' ), $body['keywords'] );
		$this->assertSame( 'Leaf Co', $body['companyName'] );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
	}

	public function test_service_errors_become_messages_a_person_can_act_on() {
		$this->connect_site();
		$this->answers['POST /api/v1/titles/optimize'] = array(
			402,
			array(
				'message'    => 'You have used all 5 posts of the <b>Free</b> plan this month.',
				'code'       => 'quota_reached',
				'upgradeUrl' => 'https://service.postwright.test/pricing',
			),
		);
		$quota = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'author' );
		$this->assertSame( 402, $quota->get_status() );
		$this->assertSame( 'postwright_quota_reached', $quota->get_data()['code'] );
		$this->assertSame( 'You have used all 5 posts of the Free plan this month.', $quota->get_data()['message'] );
		$this->assertSame( 'https://service.postwright.test/pricing', $quota->get_data()['data']['upgradeUrl'] );

		$this->answers['POST /api/v1/titles/optimize'] = new WP_Error( 'http_request_failed', 'cURL error 7' );
		$down = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'author' );
		$this->assertSame( 502, $down->get_status() );
		$this->assertStringContainsString( 'could not be reached at service.postwright.test', $down->get_data()['message'] );

		$google                                        = 'Google could not be reached to read Search Console. Please try again in a few minutes.';
		$this->answers['POST /api/v1/titles/optimize'] = array(
			502,
			array(
				'message' => $google,
				'code'    => 'upstream_failed',
			),
		);
		$upstream = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'author' );
		$this->assertSame( 502, $upstream->get_status() );
		$this->assertSame( $google, $upstream->get_data()['message'], 'the service names the service that failed' );

		$this->answers['POST /api/v1/titles/optimize'] = array(
			401,
			array(
				'message' => 'This site is no longer connected to Postwright. Connect it again.',
				'code'    => 'site_disconnected',
			),
		);
		$gone = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'author' );
		$this->assertSame( 'postwright_site_disconnected', $gone->get_data()['code'] );
		$this->assertSame( 'This site is no longer connected to Postwright. Connect it again.', $gone->get_data()['message'] );
		$this->assertFalse( Postwright_Credentials::is_connected(), 'a revoked credential is forgotten' );

		$not_connected = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'author' );
		$this->assertSame( 'postwright_not_connected', $not_connected->get_data()['code'] );
	}

	public function test_status_shows_plan_and_usage_and_never_the_credential() {
		$this->connect_site();
		$this->answers['GET /api/v1/site'] = array(
			200,
			array(
				'site'       => array(
					'id'          => 'site_123',
					'siteUrl'     => home_url(),
					'connectedAt' => '2026-11-01T00:00:00Z',
				),
				'account'    => array(
					'email'       => 'owner@example.com',
					'plan'        => array(
						'id'   => 'starter',
						'name' => 'Starter',
					),
					'usage'       => array(
						'postsUsed'  => 3,
						'postsLimit' => 20,
						'postsLeft'  => 17,
					),
					'canSchedule' => true,
				),
				'upgradeUrl' => 'https://service.postwright.test/pricing',
			),
		);
		$response = $this->rest( 'GET', '/status', null, 'editor' );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertTrue( $data['connected'] );
		$this->assertFalse( $data['canManage'] );
		$this->assertSame( 17, $data['account']['usage']['postsLeft'] );
		$json = wp_json_encode( $data );
		$this->assertStringNotContainsString( 'pwsite_secretcredential', $json );
		$this->assertStringNotContainsString( self::SECRET, $json );
	}

	public function test_the_connection_is_stored_encrypted_and_not_autoloaded() {
		global $wpdb;
		$this->connect_site();
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT option_value, autoload FROM {$wpdb->options} WHERE option_name = %s", Postwright_Credentials::OPTION ) );
		$this->assertNotNull( $row );
		$this->assertContains( $row->autoload, array( 'no', 'off' ) );
		$this->assertStringNotContainsString( 'pwsite_secretcredential', $row->option_value );
		$this->assertStringNotContainsString( self::SECRET, $row->option_value );
		$this->assertSame( 'pwsite_secretcredential', Postwright_Credentials::get()['credential'] );
	}

	public function test_the_connect_return_checks_the_state_and_exchanges_the_code() {
		wp_set_current_user( self::$users['administrator'] );
		// Saved from Settings > General, the title is stored HTML-escaped; the service gets it as typed.
		$title = get_option( 'blogname' );
		update_option( 'blogname', sanitize_option( 'blogname', "Pour-Over & Co's <Coffee>" ) );
		$connection = new Postwright_Connection( new Postwright_Service_Client() );
		$url        = $connection->start();
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$this->assertSame( "Pour-Over & Co's <Coffee>", $query['site_name'], 'the approval screen names the site' );

		$this->assertSame( 'postwright_bad_state', $connection->complete( 'code', 'forged-state' )->get_error_code() );

		$this->answers['POST /api/v1/connect/exchange'] = array(
			200,
			array(
				'siteId'        => 'site_9',
				'credential'    => 'pwsite_fresh',
				'signingSecret' => self::SECRET,
				'account'       => array(
					'email' => 'owner@example.com',
					'plan'  => 'starter',
				),
			),
		);
		wp_set_current_user( self::$users['editor'] );
		$this->assertSame( 'postwright_bad_state', $connection->complete( 'code', $query['state'] )->get_error_code(), 'another person cannot use the state' );
		wp_set_current_user( self::$users['administrator'] );
		$this->assertTrue( $connection->complete( 'the-code', $query['state'] ) );
		$this->assertSame(
			array(
				'code'     => 'the-code',
				'siteUrl'  => home_url(),
				'siteName' => "Pour-Over & Co's <Coffee>",
			),
			end( $this->sent )['body']
		);
		$this->assertSame( 'pwsite_fresh', Postwright_Credentials::get()['credential'] );
		$this->assertSame( 'postwright_bad_state', $connection->complete( 'the-code', $query['state'] )->get_error_code(), 'a state works once' );
		update_option( 'blogname', $title );
	}
}
