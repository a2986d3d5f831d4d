<?php
/**
 * The autopilot's REST routes: who may read and change plans, what arguments they accept, what reaches the service.
 *
 * @package Postwright
 */

/**
 * Autopilot controller tests.
 */
class Autopilot_Controller_Test extends Postwright_Test_Case {

	/**
	 * A plan as the service answers it.
	 *
	 * @param string $mode review or auto.
	 * @return array
	 */
	private function plan( $mode = 'review' ) {
		return array(
			'id'       => 7,
			'name'     => 'Garden tips',
			'platform' => 'wordpress',
			'cadence'  => array(
				'weekdays' => array( 1, 3 ),
				'time'     => '09:00',
				'timeZone' => 'Europe/Paris',
			),
			'mode'     => $mode,
			'status'   => 'active',
			'items'    => array(),
		);
	}

	/**
	 * A valid body for creating a plan.
	 *
	 * @return array
	 */
	private function new_plan() {
		return array(
			'name'       => 'Garden tips',
			'cadence'    => array(
				'weekdays' => array( 1, 3 ),
				'time'     => '09:00',
				'timeZone' => 'Europe/Paris',
			),
			'postsAhead' => 3,
			'mode'       => 'review',
		);
	}

	/**
	 * Every autopilot route, with a valid body.
	 *
	 * @return array
	 */
	private function routes() {
		return array(
			array( 'GET', '/plans', null ),
			array( 'POST', '/plans', $this->new_plan() ),
			array( 'GET', '/plans/7', null ),
			array( 'PATCH', '/plans/7', array( 'status' => 'paused' ) ),
			array( 'DELETE', '/plans/7', null ),
			array(
				'POST',
				'/plans/7/items',
				array(
					'items' => array(
						array(
							'title'    => 'Roses',
							'keywords' => array( 'roses' ),
						),
					),
				),
			),
			array( 'POST', '/plans/7/import', array( 'csv' => "title,keywords\nRoses,roses\n" ) ),
			array( 'POST', '/plans/7/ideas', array( 'niche' => 'gardening' ) ),
			array( 'DELETE', '/plans/7/items/3', null ),
			array( 'POST', '/plans/7/items/3/approve', null ),
			array( 'POST', '/plans/7/items/3/skip', null ),
			array( 'POST', '/plans/7/items/3/move', array( 'direction' => 'earlier' ) ),
			array( 'PATCH', '/plans/7/items/3', array( 'title' => 'Roses in pots' ) ),
		);
	}

	/**
	 * A waiting title as the service answers it.
	 *
	 * @param array $fields What differs from the default.
	 * @return array
	 */
	private function item( array $fields = array() ) {
		return array_merge(
			array(
				'id'       => 3,
				'title'    => 'Roses',
				'keywords' => array( 'roses' ),
				'notes'    => null,
				'status'   => 'planned',
				'post'     => null,
			),
			$fields
		);
	}

	public function test_a_subscriber_and_a_visitor_reach_no_autopilot_route() {
		$this->connect_site();
		foreach ( array( 'subscriber', null ) as $role ) {
			foreach ( $this->routes() as list( $method, $route, $body ) ) {
				$response = $this->rest( $method, $route, $body, $role );
				$this->assertContains( $response->get_status(), array( 401, 403 ), "$method $route as " . var_export( $role, true ) );
			}
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
	}

	public function test_an_editor_uses_every_route_and_each_reaches_the_service_with_the_site_credential() {
		$this->connect_site();
		$this->answers = array(
			'GET /api/v1/content-plans'                   => array( 200, array( 'plans' => array( $this->plan() ) ) ),
			'POST /api/v1/content-plans'                  => array( 201, $this->plan() ),
			'GET /api/v1/content-plans/7'                 => array( 200, $this->plan() ),
			'PATCH /api/v1/content-plans/7'               => array( 200, $this->plan() ),
			'DELETE /api/v1/content-plans/7'              => array( 204, null ),
			'POST /api/v1/content-plans/7/items'          => array( 200, array( 'added' => 1 ) ),
			'POST /api/v1/content-plans/7/import'         => array( 200, array( 'added' => 1 ) ),
			'POST /api/v1/content-plans/7/ideas'          => array(
				200,
				array(
					'ideas'    => array(),
					'excluded' => 0,
				),
			),
			'DELETE /api/v1/content-plans/7/items/3'      => array( 204, null ),
			'POST /api/v1/content-plans/7/items/3/approve' => array( 200, array( 'status' => 'approved' ) ),
			'POST /api/v1/content-plans/7/items/3/skip'   => array( 200, array( 'status' => 'skipped' ) ),
			'POST /api/v1/content-plans/7/items/3/move'   => array( 200, $this->plan() ),
			'PATCH /api/v1/content-plans/7/items/3'       => array( 200, $this->item( array( 'title' => 'Roses in pots' ) ) ),
		);
		$expected      = array( 200, 201, 200, 200, 204, 200, 200, 200, 204, 200, 200, 200, 200 );
		foreach ( $this->routes() as $i => list( $method, $route, $body ) ) {
			$response = $this->rest( $method, $route, $body, 'editor' );
			$this->assertSame( $expected[ $i ], $response->get_status(), "$method $route: " . wp_json_encode( $response->get_data() ) );
		}
		$this->assertSame(
			array(
				'GET /api/v1/content-plans',
				'POST /api/v1/content-plans',
				'GET /api/v1/content-plans/7',
				'PATCH /api/v1/content-plans/7',
				'DELETE /api/v1/content-plans/7',
				'POST /api/v1/content-plans/7/items',
				'POST /api/v1/content-plans/7/import',
				'POST /api/v1/content-plans/7/ideas',
				'DELETE /api/v1/content-plans/7/items/3',
				'POST /api/v1/content-plans/7/items/3/approve',
				'POST /api/v1/content-plans/7/items/3/skip',
				'POST /api/v1/content-plans/7/items/3/move',
				'PATCH /api/v1/content-plans/7/items/3',
			),
			wp_list_pluck( $this->sent, 'key' )
		);
		foreach ( $this->sent as $sent ) {
			$this->assertSame( 'Bearer pwsite_secretcredential', $sent['headers']['Authorization'] );
		}
		// The plan's target is never sent: the service publishes it to this site.
		$this->assertSame( $this->new_plan(), $this->sent[1]['body'] );
		$this->assertSame( array( 'status' => 'paused' ), $this->sent[3]['body'] );
		$this->assertSame( array( 'direction' => 'earlier' ), $this->sent[11]['body'] );
		$this->assertSame( array( 'title' => 'Roses in pots' ), $this->sent[12]['body'] );
	}

	public function test_an_author_edits_a_waiting_title_and_a_contributor_only_one_of_a_review_plan() {
		$this->connect_site();
		$edit = array(
			'title'    => 'Roses in pots',
			'keywords' => array( 'potted roses', 'roses' ),
			'notes'    => 'For balconies',
		);
		$this->answers['PATCH /api/v1/content-plans/7/items/3'] = array( 200, $this->item( $edit ) );

		$response = $this->rest( 'PATCH', '/plans/7/items/3', $edit, 'author' );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( $this->item( $edit ), $response->get_data() );
		$this->assertSame( array( 'PATCH /api/v1/content-plans/7/items/3' ), wp_list_pluck( $this->sent, 'key' ) );
		$this->assertSame( $edit, $this->sent[0]['body'] );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );

		// A contributor edits the titles of a plan that waits for review, not those of an automatic one.
		$this->answers['GET /api/v1/content-plans/7'] = array( 200, $this->plan() );
		$this->assertSame( 200, $this->rest( 'PATCH', '/plans/7/items/3', array( 'title' => 'Roses' ), 'contributor' )->get_status() );
		$this->answers['GET /api/v1/content-plans/7'] = array( 200, $this->plan( 'auto' ) );
		$before  = count( $this->sent );
		$refused = $this->rest( 'PATCH', '/plans/7/items/3', array( 'title' => 'Roses' ), 'contributor' );
		$this->assertSame( 403, $refused->get_status() );
		$this->assertSame( array( 'GET /api/v1/content-plans/7' ), wp_list_pluck( array_slice( $this->sent, $before ), 'key' ) );

		// A title already being written: the service's refusal and its words reach the person.
		$this->answers['PATCH /api/v1/content-plans/7/items/3'] = array( 409, array( 'message' => 'Only a title that is not prepared yet can be changed or removed.' ) );
		$conflict = $this->rest( 'PATCH', '/plans/7/items/3', array( 'title' => 'Roses' ), 'author' );
		$this->assertSame( 409, $conflict->get_status() );
		$this->assertSame( 'Only a title that is not prepared yet can be changed or removed.', $conflict->get_data()['message'] );
	}

	public function test_an_edited_title_reaches_the_service_sanitised() {
		$this->connect_site();
		$this->answers['PATCH /api/v1/content-plans/7/items/3'] = array( 200, $this->item() );
		$response = $this->rest(
			'PATCH',
			'/plans/7/items/3',
			array(
				'title'    => '<script>alert(1)</script>Pruning <b>roses</b>',
				'keywords' => array( 'roses<img src=x onerror=alert(1)>', ' ' ),
				'notes'    => "For <i>beginners</i>\nin March",
				'status'   => 'published',
				'position' => 1,
			),
			'author'
		);
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame(
			array(
				'title'    => 'Pruning roses',
				'keywords' => array( 'roses' ),
				'notes'    => "For beginners\nin March",
			),
			$this->sent[0]['body'],
			'only the title, keywords and notes, as plain text'
		);

		// Blank notes, or null, clear them; the other fields are left as they are.
		$this->rest( 'PATCH', '/plans/7/items/3', array( 'notes' => "  \n " ), 'author' );
		$this->rest( 'PATCH', '/plans/7/items/3', array( 'notes' => null ), 'author' );
		$this->assertSame( array( 'notes' => null ), $this->sent[1]['body'] );
		$this->assertSame( array( 'notes' => null ), $this->sent[2]['body'] );
	}

	public function test_a_contributor_builds_plans_for_review_but_neither_approves_nor_runs_automatic_plans() {
		$this->connect_site();
		$this->answers['POST /api/v1/content-plans']         = array( 201, $this->plan() );
		$this->answers['GET /api/v1/content-plans/7']        = array( 200, $this->plan() );
		$this->answers['POST /api/v1/content-plans/7/items'] = array( 200, array( 'added' => 1 ) );
		$this->answers['PATCH /api/v1/content-plans/7']      = array( 200, $this->plan() );

		$this->assertSame( 201, $this->rest( 'POST', '/plans', $this->new_plan(), 'contributor' )->get_status() );
		$items = array(
			'items' => array(
				array(
					'title'    => 'Roses',
					'keywords' => array( 'roses' ),
				),
			),
		);
		$this->assertSame( 200, $this->rest( 'POST', '/plans/7/items', $items, 'contributor' )->get_status() );
		$this->assertSame( 200, $this->rest( 'PATCH', '/plans/7', array( 'status' => 'paused' ), 'contributor' )->get_status() );

		$automatic = $this->rest( 'POST', '/plans', array_merge( $this->new_plan(), array( 'mode' => 'auto' ) ), 'contributor' );
		$this->assertSame( 403, $automatic->get_status() );
		$this->assertStringContainsString( 'Automatic plans publish without review', $automatic->get_data()['message'] );
		$this->assertSame( 403, $this->rest( 'PATCH', '/plans/7', array( 'mode' => 'auto' ), 'contributor' )->get_status() );

		$approve = $this->rest( 'POST', '/plans/7/items/3/approve', null, 'contributor' );
		$this->assertSame( 403, $approve->get_status() );
		$this->assertStringContainsString( 'needs an editor or an administrator', $approve->get_data()['message'] );

		// A plan that is already automatic: the contributor reads it but cannot change it.
		$this->answers['GET /api/v1/content-plans/7'] = array( 200, $this->plan( 'auto' ) );
		$this->assertSame( 200, $this->rest( 'GET', '/plans/7', null, 'contributor' )->get_status() );
		$before = count( $this->sent );
		$this->assertSame( 403, $this->rest( 'POST', '/plans/7/items', $items, 'contributor' )->get_status() );
		$this->assertSame( 403, $this->rest( 'PATCH', '/plans/7', array( 'status' => 'active' ), 'contributor' )->get_status() );
		$this->assertSame( 403, $this->rest( 'POST', '/plans/7/items/3/skip', null, 'contributor' )->get_status() );
		$this->assertSame(
			array( 'GET /api/v1/content-plans/7' ),
			array_values( array_unique( wp_list_pluck( array_slice( $this->sent, $before ), 'key' ) ) ),
			'only the plan was read'
		);

		// An author may publish, so may run an automatic plan and approve drafts.
		$this->answers['POST /api/v1/content-plans/7/items/3/approve'] = array( 200, array( 'status' => 'approved' ) );
		$this->assertSame( 201, $this->rest( 'POST', '/plans', array_merge( $this->new_plan(), array( 'mode' => 'auto' ) ), 'author' )->get_status() );
		$this->assertSame( 200, $this->rest( 'POST', '/plans/7/items/3/approve', null, 'author' )->get_status() );
	}

	public function test_a_plan_proposes_refreshes_of_the_sites_posts_when_asked_and_the_setting_reaches_the_service_as_a_boolean() {
		$this->connect_site();
		$this->answers = array(
			'POST /api/v1/content-plans'    => array( 201, array_merge( $this->plan(), array( 'queueRefreshes' => true ) ) ),
			'PATCH /api/v1/content-plans/7' => array( 200, array_merge( $this->plan(), array( 'queueRefreshes' => false ) ) ),
		);
		$created       = $this->rest( 'POST', '/plans', array_merge( $this->new_plan(), array( 'queueRefreshes' => true ) ), 'author' );
		$this->assertSame( 201, $created->get_status(), wp_json_encode( $created->get_data() ) );
		$this->assertTrue( $created->get_data()['queueRefreshes'] );
		$changed = $this->rest( 'PATCH', '/plans/7', array( 'queueRefreshes' => false ), 'author' );
		$this->assertSame( 200, $changed->get_status(), wp_json_encode( $changed->get_data() ) );
		$this->assertFalse( $changed->get_data()['queueRefreshes'] );
		$this->assertTrue( $this->sent[0]['body']['queueRefreshes'] );
		$this->assertSame( array( 'queueRefreshes' => false ), $this->sent[1]['body'] );

		// Anything but yes or no is refused here, before the service hears of it.
		$refused = $this->rest( 'PATCH', '/plans/7', array( 'queueRefreshes' => 'sometimes' ), 'author' );
		$this->assertSame( 400, $refused->get_status() );
		$this->assertArrayHasKey( 'queueRefreshes', $refused->get_data()['data']['params'] );
		$this->assertCount( 2, $this->sent );
	}

	public function test_a_plan_of_a_site_on_a_fixed_offset_reaches_the_service_with_that_offset() {
		$this->connect_site();
		$zone   = get_option( 'timezone_string' );
		$offset = get_option( 'gmt_offset' );
		// Settings > General "UTC+5:30": no city, only the offset, which wp_timezone_string() gives as "+05:30".
		update_option( 'timezone_string', '' );
		update_option( 'gmt_offset', 5.5 );
		try {
			$this->assertSame( '+05:30', wp_timezone_string() );
			$this->answers = array( 'POST /api/v1/content-plans' => array( 201, $this->plan() ) );
			$plan          = $this->new_plan();
			$plan['cadence']['timeZone'] = wp_timezone_string();
			$created = $this->rest( 'POST', '/plans', $plan, 'author' );
			$this->assertSame( 201, $created->get_status(), wp_json_encode( $created->get_data() ) );
			$this->assertSame( '+05:30', $this->sent[0]['body']['cadence']['timeZone'] );
		} finally {
			update_option( 'timezone_string', $zone );
			update_option( 'gmt_offset', $offset );
		}
	}

	public function test_arguments_are_validated_before_anything_is_sent() {
		$this->connect_site();
		$plan  = $this->new_plan();
		$cases = array(
			array( 'POST', '/plans', array_merge( $plan, array( 'name' => '' ) ), 'name' ),
			array( 'POST', '/plans', array_diff_key( $plan, array( 'cadence' => true ) ), 'cadence' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'cadence' => array_merge( $plan['cadence'], array( 'weekdays' => array() ) ) ) ), 'cadence' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'cadence' => array_merge( $plan['cadence'], array( 'weekdays' => array( 8 ) ) ) ) ), 'cadence' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'cadence' => array_merge( $plan['cadence'], array( 'time' => '25:00' ) ) ) ), 'cadence' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'cadence' => array_merge( $plan['cadence'], array( 'timeZone' => '../etc' ) ) ) ), 'cadence' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'postsAhead' => 15 ) ), 'postsAhead' ),
			array( 'POST', '/plans', array_merge( $plan, array( 'mode' => 'sometimes' ) ), 'mode' ),
			array( 'PATCH', '/plans/7', array( 'status' => 'stopped' ), 'status' ),
			array( 'POST', '/plans/7/items', array( 'items' => array() ), 'items' ),
			array( 'POST', '/plans/7/items', array( 'items' => array( array( 'title' => 'Roses' ) ) ), 'items' ),
			array(
				'POST',
				'/plans/7/items',
				array(
					'items' => array(
						array(
							'title'    => 'Roses',
							'keywords' => array(),
						),
					),
				),
				'items',
			),
			array( 'POST', '/plans/7/import', array(), 'csv' ),
			array( 'POST', '/plans/7/ideas', array( 'niche' => '' ), 'niche' ),
			array( 'POST', '/plans/7/ideas', array( 'niche' => 'gardening', 'count' => 50 ), 'count' ),
			array( 'POST', '/plans/7/items/3/move', array( 'direction' => 'up' ), 'direction' ),
			array( 'PATCH', '/plans/7/items/3', array( 'title' => '' ), 'title' ),
			array( 'PATCH', '/plans/7/items/3', array( 'title' => str_repeat( 'a', 201 ) ), 'title' ),
			array( 'PATCH', '/plans/7/items/3', array( 'title' => array( 'Roses' ) ), 'title' ),
			array( 'PATCH', '/plans/7/items/3', array( 'keywords' => array() ), 'keywords' ),
			array( 'PATCH', '/plans/7/items/3', array( 'keywords' => array( '' ) ), 'keywords' ),
			array( 'PATCH', '/plans/7/items/3', array( 'keywords' => array_fill( 0, 11, 'roses' ) ), 'keywords' ),
			array( 'PATCH', '/plans/7/items/3', array( 'keywords' => array( str_repeat( 'a', 101 ) ) ), 'keywords' ),
			array( 'PATCH', '/plans/7/items/3', array( 'notes' => str_repeat( 'a', 2001 ) ), 'notes' ),
		);
		foreach ( $cases as list( $method, $route, $body, $param ) ) {
			$response = $this->rest( $method, $route, $body, 'editor' );
			$this->assertSame( 400, $response->get_status(), "$method $route " . wp_json_encode( $body ) );
			$data   = $response->get_data();
			$params = array_merge( array_keys( $data['data']['params'] ?? array() ), $data['data']['params'] ?? array() );
			$this->assertContains( $param, $params, wp_json_encode( $data ) );
		}
		$this->assertSame( 404, $this->rest( 'GET', '/plans/abc', null, 'editor' )->get_status() );
		$this->assertSame( 404, $this->rest( 'POST', '/plans/7/items/..%2F1/skip', null, 'editor' )->get_status() );
		$this->assertSame( 404, $this->rest( 'PATCH', '/plans/7/items/abc', array( 'title' => 'Roses' ), 'editor' )->get_status() );
		$nothing = $this->rest( 'PATCH', '/plans/7', array(), 'editor' );
		$this->assertSame( 400, $nothing->get_status() );
		$this->assertStringStartsWith( 'Nothing to change', $nothing->get_data()['message'] );
		$nothing = $this->rest( 'PATCH', '/plans/7/items/3', array( 'status' => 'published' ), 'editor' );
		$this->assertSame( 400, $nothing->get_status() );
		$this->assertStringStartsWith( 'Nothing to change', $nothing->get_data()['message'] );
		$this->assertSame( array(), $this->sent );
	}

	public function test_a_plan_is_read_a_page_of_titles_at_a_time_and_the_page_reaches_the_service() {
		$this->connect_site();
		$this->answers = array(
			'GET /api/v1/content-plans/7'               => array( 200, $this->plan() ),
			'PATCH /api/v1/content-plans/7'             => array( 200, $this->plan() ),
			'POST /api/v1/content-plans/7/items/3/move' => array( 200, $this->plan() ),
		);
		$second = array(
			'page'     => '2',
			'pageSize' => '20',
		);
		$this->assertSame( 200, $this->rest( 'GET', '/plans/7', null, 'editor', array(), null, $second )->get_status() );
		$this->assertSame( 200, $this->rest( 'GET', '/plans/7', null, 'editor' )->get_status() );
		$this->assertSame( 200, $this->rest( 'PATCH', '/plans/7', array( 'status' => 'paused' ), 'editor', array(), null, array( 'page' => '3' ) )->get_status() );
		$this->assertSame( 200, $this->rest( 'POST', '/plans/7/items/3/move', array( 'direction' => 'later' ), 'editor', array(), null, array( 'page' => '2' ) )->get_status() );
		$this->assertSame( 200, $this->rest( 'PATCH', '/plans/7', array( 'name' => 'Roses' ), 'contributor' )->get_status() );
		$this->assertSame(
			array(
				array( 'GET /api/v1/content-plans/7', 'page=2&pageSize=20' ),
				// Without a page, the service's first one.
				array( 'GET /api/v1/content-plans/7', '' ),
				array( 'PATCH /api/v1/content-plans/7', 'page=3' ),
				array( 'POST /api/v1/content-plans/7/items/3/move', 'page=2' ),
				// A contributor's change is checked against the plan's mode first, read with a single title.
				array( 'GET /api/v1/content-plans/7', 'pageSize=1' ),
				array( 'PATCH /api/v1/content-plans/7', '' ),
			),
			array_map(
				static function ( $sent ) {
					return array( $sent['key'], $sent['query'] );
				},
				$this->sent
			)
		);

		$this->sent = array();
		foreach ( array(
			array( array( 'page' => '0' ), 'page' ),
			array( array( 'page' => 'two' ), 'page' ),
			array( array( 'page' => '10001' ), 'page' ),
			array( array( 'pageSize' => '201' ), 'pageSize' ),
			array( array( 'pageSize' => '0' ), 'pageSize' ),
		) as list( $query, $param ) ) {
			$response = $this->rest( 'GET', '/plans/7', null, 'editor', array(), null, $query );
			$this->assertSame( 400, $response->get_status(), wp_json_encode( $query ) );
			$this->assertArrayHasKey( $param, $response->get_data()['data']['params'] );
		}
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
	}

	public function test_titles_are_sanitised_and_service_refusals_keep_their_message_and_problems() {
		$this->connect_site();
		$this->answers['POST /api/v1/content-plans/7/items'] = array( 200, array( 'added' => 1 ) );
		$response = $this->rest(
			'POST',
			'/plans/7/items',
			array(
				'items' => array(
					array(
						'title'    => '<script>alert(1)</script>Pruning <b>roses</b>',
						'keywords' => array( 'roses<img src=x onerror=alert(1)>', ' ' ),
						'notes'    => "For <i>beginners</i>\nin March",
					),
				),
			),
			'author'
		);
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame(
			array(
				array(
					'title'    => 'Pruning roses',
					'keywords' => array( 'roses' ),
					'notes'    => "For beginners\nin March",
				),
			),
			$this->sent[0]['body']['items']
		);

		$this->answers['POST /api/v1/content-plans/7/import'] = array(
			422,
			array(
				'message'  => 'Nothing was imported: 2 rows need fixing (first, line 2: Give at least one keyword.)',
				'problems' => array(
					array(
						'line'   => 2,
						'reason' => 'Give at least one keyword.',
					),
					array(
						'line'   => 4,
						'reason' => 'Give the <b>title</b>.',
					),
				),
			),
		);
		$refused = $this->rest( 'POST', '/plans/7/import', array( 'csv' => "title,keywords\nRoses,\n" ), 'author' );
		$this->assertSame( 422, $refused->get_status() );
		$this->assertSame( 'Nothing was imported: 2 rows need fixing (first, line 2: Give at least one keyword.)', $refused->get_data()['message'] );
		$this->assertSame(
			array(
				array(
					'line'   => 2,
					'reason' => 'Give at least one keyword.',
				),
				array(
					'line'   => 4,
					'reason' => 'Give the title.',
				),
			),
			$refused->get_data()['data']['problems']
		);

		$this->answers['GET /api/v1/content-plans/9'] = array( 404, array( 'message' => 'This content plan does not exist or is not yours.' ) );
		$missing = $this->rest( 'GET', '/plans/9', null, 'author' );
		$this->assertSame( 404, $missing->get_status() );
		$this->assertSame( 'This content plan does not exist or is not yours.', $missing->get_data()['message'] );

		delete_option( Postwright_Credentials::OPTION );
		$not_connected = $this->rest( 'GET', '/plans', null, 'author' );
		$this->assertSame( 'postwright_not_connected', $not_connected->get_data()['code'] );
	}
}
