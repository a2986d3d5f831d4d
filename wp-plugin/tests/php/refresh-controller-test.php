<?php
/**
 * Refreshing the site's posts and Search Console: who may do what, what reaches the service (the site credential and
 * the fields the service takes, never a site), the service's refusals reaching the person, and the signed routes the
 * service reads and updates a post through (in place, one revision kept).
 *
 * @package Postwright
 */

/**
 * Refresh controller tests.
 */
class Refresh_Controller_Test extends Postwright_Test_Case {

	/**
	 * The service's refresh, in a state.
	 *
	 * @param string $state proposed, published or restored.
	 * @return array
	 */
	private function refresh( $state ) {
		return array(
			'id'         => 7,
			'platform'   => 'wordpress',
			'url'        => 'https://example.org/grinders/',
			'title'      => 'The Best Coffee Grinders of 2023',
			'state'      => $state,
			'items'      => array(
				array(
					'id'     => 'title',
					'kind'   => 'title',
					'label'  => 'Title',
					'before' => 'The Best Coffee Grinders of 2023',
					'after'  => 'The Best Coffee Grinders of 2026',
					'why'    => array( 'The year was out of date.' ),
				),
			),
			'canRestore' => 'published' === $state,
		);
	}

	public function test_an_editor_proposes_previews_publishes_and_restores_through_the_service() {
		$this->connect_site();
		$this->answers['POST /api/v1/refreshes']           = array( 201, $this->refresh( 'proposed' ) );
		$this->answers['GET /api/v1/refreshes/7']          = array( 200, $this->refresh( 'proposed' ) );
		$this->answers['POST /api/v1/refreshes/7/preview'] = array( 200, array( 'chosenItemIds' => array( 'title' ) ) );
		$this->answers['POST /api/v1/refreshes/7/publish'] = array( 200, $this->refresh( 'published' ) );
		$this->answers['POST /api/v1/refreshes/7/restore'] = array( 200, $this->refresh( 'restored' ) );

		$proposed = $this->rest( 'POST', '/refreshes', array( 'sitePostId' => 12 ), 'editor' );
		$this->assertSame( 201, $proposed->get_status() );
		$this->assertSame( 'proposed', $proposed->get_data()['state'] );
		$this->assertSame( 200, $this->rest( 'GET', '/refreshes/7', null, 'editor' )->get_status() );
		$this->assertSame( 200, $this->rest( 'POST', '/refreshes/7/preview', array( 'itemIds' => array( 'title' ) ), 'editor' )->get_status() );
		$published = $this->rest( 'POST', '/refreshes/7/publish', array( 'itemIds' => array( 'title' ) ), 'editor' );
		$this->assertTrue( $published->get_data()['canRestore'] );
		$this->assertSame( 'restored', $this->rest( 'POST', '/refreshes/7/restore', null, 'editor' )->get_data()['state'] );

		$this->assertSame(
			array(
				'POST /api/v1/refreshes',
				'GET /api/v1/refreshes/7',
				'POST /api/v1/refreshes/7/preview',
				'POST /api/v1/refreshes/7/publish',
				'POST /api/v1/refreshes/7/restore',
			),
			wp_list_pluck( $this->sent, 'key' )
		);
		$this->assertSame( array( 'sitePostId' => 12 ), $this->sent[0]['body'] );
		$this->assertSame( array( 'itemIds' => array( 'title' ) ), $this->sent[3]['body'] );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
	}

	public function test_an_author_cannot_refresh_and_bad_input_never_reaches_the_service() {
		$this->connect_site();
		foreach ( array( 'author', 'subscriber', null ) as $role ) {
			$this->assertContains( $this->rest( 'POST', '/refreshes', array( 'sitePostId' => 12 ), $role )->get_status(), array( 401, 403 ) );
			$this->assertContains( $this->rest( 'POST', '/refreshes/7/publish', array( 'itemIds' => array( 'title' ) ), $role )->get_status(), array( 401, 403 ) );
		}
		$this->assertSame( 400, $this->rest( 'POST', '/refreshes/7/publish', array( 'itemIds' => array() ), 'editor' )->get_status() );
		$this->assertSame( 400, $this->rest( 'POST', '/refreshes', array( 'sitePostId' => 0 ), 'editor' )->get_status() );
		$this->assertSame( array(), $this->sent, 'nothing reached the service' );
	}

	public function test_the_services_refusals_reach_the_person_with_its_words() {
		$this->connect_site();
		$this->answers['POST /api/v1/refreshes/7/publish'] = array( 409, array( 'message' => 'This post changed on your site after the refresh was proposed, so nothing was published.' ) );
		$this->answers['POST /api/v1/refreshes']           = array(
			502,
			array(
				'message' => 'The update could not be written to your WordPress site. It answered 500.',
				'code'    => 'site_unreadable',
			),
		);
		$conflict = $this->rest( 'POST', '/refreshes/7/publish', array( 'itemIds' => array( 'title' ) ), 'editor' );
		$this->assertSame( 409, $conflict->get_status() );
		$this->assertStringContainsString( 'changed on your site', $conflict->as_error()->get_error_message() );
		$unreadable = $this->rest( 'POST', '/refreshes', array( 'sitePostId' => 12 ), 'editor' );
		$this->assertSame( 502, $unreadable->get_status() );
		$this->assertStringContainsString( 'It answered 500.', $unreadable->as_error()->get_error_message() );
	}

	public function test_search_console_is_seen_by_writers_and_changed_by_administrators() {
		$this->connect_site();
		$status = array(
			'configured' => true,
			'connection' => null,
		);
		$this->answers['GET /api/v1/search-console']          = array( 200, $status );
		$this->answers['GET /api/v1/search-console/ideas']    = array( 200, array( 'ideas' => array() ) );
		$this->answers['POST /api/v1/search-console/connect'] = array( 200, array( 'authorizeUrl' => 'https://accounts.google.com/o/oauth2/v2/auth?x=1' ) );
		$this->answers['PUT /api/v1/search-console/property'] = array( 200, $status );
		$this->answers['DELETE /api/v1/search-console']       = array( 200, $status );

		$this->assertSame( $status, $this->rest( 'GET', '/search-console', null, 'author' )->get_data() );
		$this->assertSame( array( 'ideas' => array() ), $this->rest( 'GET', '/search-console/ideas', null, 'author' )->get_data() );
		foreach ( array( 'editor', 'author' ) as $role ) {
			$this->assertSame( 403, $this->rest( 'POST', '/search-console/connect', null, $role )->get_status(), $role );
			$this->assertSame( 403, $this->rest( 'DELETE', '/search-console', null, $role )->get_status(), $role );
		}
		$this->assertSame( 2, count( $this->sent ), 'only the reads reached the service' );

		$connect = $this->rest( 'POST', '/search-console/connect', null, 'administrator' );
		$this->assertSame( 'https://accounts.google.com/o/oauth2/v2/auth?x=1', $connect->get_data()['authorizeUrl'] );
		$this->assertSame( array( 'returnUrl' => admin_url( 'admin.php?page=postwright-your-posts' ) ), end( $this->sent )['body'] );
		$this->assertSame( 200, $this->rest( 'PUT', '/search-console/property', array( 'siteUrl' => 'sc-domain:example.org' ), 'administrator' )->get_status() );
		$this->assertSame( array( 'siteUrl' => 'sc-domain:example.org' ), end( $this->sent )['body'] );
		$this->assertSame( 200, $this->rest( 'DELETE', '/search-console', null, 'administrator' )->get_status() );
	}

	public function test_the_service_reads_and_updates_a_published_post_in_place_keeping_one_revision() {
		$this->connect_site();
		$post_id = wp_insert_post(
			array(
				'post_title'   => 'Grinders of 2023',
				'post_name'    => 'grinders',
				'post_content' => "<!-- wp:paragraph -->\n<p>Old words.</p>\n<!-- /wp:paragraph -->",
				'post_status'  => 'publish',
			)
		);
		$raw  = wp_json_encode( array( 'postId' => $post_id ) );
		$read = $this->rest( 'POST', '/service/posts/read', null, null, $this->signed( $raw, '/service/posts/read' ), $raw );
		$this->assertSame( 200, $read->get_status() );
		$this->assertSame( 'Grinders of 2023', $read->get_data()['title']['raw'] );
		$this->assertStringContainsString( '<!-- wp:paragraph -->', $read->get_data()['content']['raw'] );

		$revisions = count( wp_get_post_revisions( $post_id ) );
		$raw       = wp_json_encode(
			array(
				'postId'  => $post_id,
				'title'   => 'Grinders of 2026',
				'content' => "<!-- wp:paragraph -->\n<p>New words.</p>\n<!-- /wp:paragraph --><script>alert(1)</script>",
				'excerpt' => 'Which grinder to buy.',
			)
		);
		$update    = $this->rest( 'POST', '/service/posts/update', null, null, $this->signed( $raw, '/service/posts/update' ), $raw );
		$this->assertSame( 200, $update->get_status() );
		$post = get_post( $post_id );
		$this->assertSame( 'Grinders of 2026', $post->post_title );
		$this->assertSame( 'grinders', $post->post_name );
		$this->assertStringContainsString( 'New words.', $post->post_content );
		$this->assertStringNotContainsString( '<script>', $post->post_content );
		$this->assertSame( 'Which grinder to buy.', $post->post_excerpt );
		$this->assertSame( $revisions + 1, count( wp_get_post_revisions( $post_id ) ) );

		// Unsigned, or naming a draft: refused, and nothing changed.
		$this->assertSame( 401, $this->rest( 'POST', '/service/posts/update', null, null, array(), $raw )->get_status() );
		$draft = wp_insert_post(
			array(
				'post_title'  => 'A draft',
				'post_status' => 'draft',
			)
		);
		$raw   = wp_json_encode( array( 'postId' => $draft ) );
		$gone  = $this->rest( 'POST', '/service/posts/read', null, null, $this->signed( $raw, '/service/posts/read' ), $raw );
		$this->assertSame( 404, $gone->get_status() );
		$this->assertSame( 'postwright_post_not_found', $gone->as_error()->get_error_code() );
	}
}
