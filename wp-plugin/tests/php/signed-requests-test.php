<?php
/**
 * The service routes accept only requests signed by the connected service, fresh and never replayed.
 *
 * @package Postwright
 */

/**
 * Signed request tests.
 */
class Signed_Requests_Test extends Postwright_Test_Case {

	public function test_a_signed_ping_answers_the_version() {
		$this->connect_site();
		$response = $this->rest( 'POST', '/service/ping', null, null, $this->signed( '{}' ), '{}' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame(
			array(
				'ok'      => true,
				'version' => POSTWRIGHT_VERSION,
			),
			$response->get_data()
		);
	}

	public function test_unsigned_tampered_stale_replayed_or_foreign_requests_are_refused() {
		$this->connect_site();
		$raw     = '{}';
		$refused = array(
			'unsigned'          => array(),
			'tampered body'     => $this->signed( '{"x":1}' ),
			'wrong secret'      => $this->signed( $raw, '/service/ping', array( 'secret' => str_repeat( 'ab', 32 ) ) ),
			'stale'             => $this->signed( $raw, '/service/ping', array( 'timestamp' => time() - 301 ) ),
			'from the future'   => $this->signed( $raw, '/service/ping', array( 'timestamp' => time() + 301 ) ),
			'another site'      => array_merge( $this->signed( $raw ), array( 'X-Postwright-Site' => 'site_999' ) ),
			'tampered timestamp' => array_merge( $this->signed( $raw ), array( 'X-Postwright-Timestamp' => (string) ( time() + 5 ) ) ),
		);
		foreach ( $refused as $case => $headers ) {
			$response = $this->rest( 'POST', '/service/ping', null, null, $headers, $raw );
			$this->assertSame( 401, $response->get_status(), $case );
			$this->assertSame( 'postwright_bad_signature', $response->get_data()['code'], $case );
		}

		$headers = $this->signed( $raw );
		$this->assertSame( 200, $this->rest( 'POST', '/service/ping', null, null, $headers, $raw )->get_status() );
		$replay = $this->rest( 'POST', '/service/ping', null, null, $headers, $raw );
		$this->assertSame( 401, $replay->get_status(), 'replayed' );
		$this->assertSame( 'postwright_bad_signature', $replay->get_data()['code'] );
	}

	public function test_a_signature_covers_the_route_the_method_and_the_query() {
		$this->connect_site();
		$raw = wp_json_encode( $this->publication( 'key-moved' ) );

		$other_route = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/ping' ), $raw );
		$this->assertSame( 401, $other_route->get_status(), 'signed for another route' );
		$other_method = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish', array( 'method' => 'PUT' ) ), $raw );
		$this->assertSame( 401, $other_method->get_status(), 'signed for another method' );
		$added_query = $this->rest(
			'POST',
			'/service/publish',
			null,
			null,
			$this->signed( $raw, '/service/publish' ),
			$raw,
			array(
				'date'   => '2030-01-01T00:00:00Z',
				'status' => 'draft',
			)
		);
		$this->assertSame( 401, $added_query->get_status(), 'query parameters added after signing' );
		$this->assertSame( 'The request signature does not match.', $added_query->get_data()['message'] );
		$nested = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish' ), $raw, array( 'images' => array( array( 'url' => self::IMAGES . '/x.png' ) ) ) );
		$this->assertSame( 401, $nested->get_status(), 'a nested query parameter' );
		$this->assertNull( ( new Postwright_Publisher() )->find_by_key( 'key-moved' ) );

		// The query the service signed passes, and so does rest_route (plain permalinks), which is the signed route.
		$signed_query = array( 'lang' => 'fr' );
		$with_query   = $this->rest( 'POST', '/service/ping', null, null, $this->signed( '{}', '/service/ping', array( 'query' => $signed_query ) ), '{}', $signed_query );
		$this->assertSame( 200, $with_query->get_status(), wp_json_encode( $with_query->get_data() ) );
		$plain = $this->rest( 'POST', '/service/ping', null, null, $this->signed( '{}' ), '{}', array( 'rest_route' => '/postwright/v1/service/ping' ) );
		$this->assertSame( 200, $plain->get_status(), wp_json_encode( $plain->get_data() ) );
	}

	public function test_parameters_outside_the_signed_json_body_are_refused() {
		$this->connect_site();
		$form    = $this->publication( 'key-form' );
		$raw     = http_build_query( $form );
		$request = new WP_REST_Request( 'POST', '/postwright/v1/service/publish' );
		foreach ( $this->signed( $raw, '/service/publish' ) as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_header( 'content-type', 'application/x-www-form-urlencoded' );
		$request->set_body( $raw );
		$request->set_body_params( $form );
		$response = rest_do_request( $request );
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'The request body must be JSON (Content-Type: application/json).', $response->get_data()['message'] );

		$json    = wp_json_encode( $this->publication( 'key-extra' ) );
		$request = new WP_REST_Request( 'POST', '/postwright/v1/service/publish' );
		foreach ( $this->signed( $json, '/service/publish' ) as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( $json );
		$request->set_body_params( array( 'date' => '2030-01-01T00:00:00Z' ) );
		$response = rest_do_request( $request );
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'The request has parameters outside its signed JSON body.', $response->get_data()['message'] );
		$this->assertNull( ( new Postwright_Publisher() )->find_by_key( 'key-form' ) );
		$this->assertNull( ( new Postwright_Publisher() )->find_by_key( 'key-extra' ) );
	}

	public function test_the_older_signature_format_is_refused_with_a_clear_message() {
		$this->connect_site();
		$timestamp = (string) time();
		$nonce     = wp_generate_uuid4();
		$headers   = array(
			'X-Postwright-Site'      => 'site_123',
			'X-Postwright-Timestamp' => $timestamp,
			'X-Postwright-Nonce'     => $nonce,
			'X-Postwright-Signature' => 'sha256=' . hash_hmac( 'sha256', $timestamp . "\n" . $nonce . "\n{}", self::SECRET ),
		);
		$response = $this->rest( 'POST', '/service/ping', null, null, $headers, '{}' );
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'postwright_bad_signature', $response->get_data()['code'] );
		$this->assertStringContainsString( 'older format', $response->get_data()['message'] );
		$this->assertStringContainsString( 'v2', $response->get_data()['message'] );
	}

	public function test_signed_requests_are_refused_when_the_site_is_not_connected() {
		$response = $this->rest( 'POST', '/service/ping', null, null, $this->signed( '{}' ), '{}' );
		$this->assertSame( 401, $response->get_status() );
	}

	public function test_a_tampered_publication_creates_no_post() {
		$this->connect_site();
		$raw     = wp_json_encode( $this->publication( 'key-tampered' ) );
		$headers = $this->signed( $raw, '/service/publish' );
		$forged  = str_replace( 'Green tea', 'Forged tea', $raw );
		$this->assertSame( 401, $this->rest( 'POST', '/service/publish', null, null, $headers, $forged )->get_status() );
		$this->assertNull( ( new Postwright_Publisher() )->find_by_key( 'key-tampered' ) );
	}

	public function test_the_service_publishes_with_blocks_seo_fields_and_idempotency() {
		$this->connect_site();
		add_filter(
			'postwright_seo_plugin',
			static function () {
				return 'yoast';
			}
		);
		$raw      = wp_json_encode( $this->publication( 'key-1' ) );
		$response = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish' ), $raw );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$first = $response->get_data();
		$this->assertSame( 'publish', $first['status'] );
		$post = get_post( $first['postId'] );
		$this->assertSame( 'Green tea', $post->post_title );
		$this->assertSame( 'green-tea-key-1', $post->post_name );
		$this->assertSame( array( 'core/heading', 'core/paragraph', 'core/list' ), array_values( array_filter( wp_list_pluck( parse_blocks( $post->post_content ), 'blockName' ) ) ) );
		$this->assertStringNotContainsString( '<script', $post->post_content );
		$this->assertSame( 'Green tea: a guide', get_post_meta( $post->ID, '_yoast_wpseo_title', true ) );
		$this->assertSame( 'All about green tea.', get_post_meta( $post->ID, '_yoast_wpseo_metadesc', true ) );
		$this->assertSame( 'green tea', get_post_meta( $post->ID, '_yoast_wpseo_focuskw', true ) );
		$this->assertSame( array( 'Drinks' ), wp_list_pluck( get_the_category( $post->ID ), 'name' ) );
		$this->assertSame( array( 'tea' ), wp_list_pluck( wp_get_post_tags( $post->ID ), 'name' ) );

		$again = wp_json_encode( array_merge( $this->publication( 'key-1' ), array( 'title' => 'Green tea, updated' ) ) );
		$second = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $again, '/service/publish' ), $again );
		$this->assertSame( $first['postId'], $second->get_data()['postId'], 'the same key updates the same post' );
		$this->assertSame( 'Green tea, updated', get_post( $first['postId'] )->post_title );
		$this->assertCount( 1, get_posts( array( 'meta_key' => '_postwright_publication_key', 'meta_value' => 'key-1', 'post_status' => 'any' ) ) );
	}

	public function test_the_service_schedules_with_the_future_status() {
		$this->connect_site();
		$when = time() + 3 * DAY_IN_SECONDS;
		$raw  = wp_json_encode(
			array_merge(
				$this->publication( 'key-future' ),
				array(
					'status' => 'future',
					'date'   => gmdate( 'Y-m-d\TH:i:s\Z', $when ),
				)
			)
		);
		$response = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish' ), $raw );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$post = get_post( $response->get_data()['postId'] );
		$this->assertSame( 'future', $post->post_status );
		$this->assertSame( gmdate( 'Y-m-d H:i:s', $when ), $post->post_date_gmt );
	}

	public function test_images_are_sideloaded_with_alt_text_and_the_first_is_featured() {
		$this->connect_site();
		$cover = self::IMAGES . '/cover.png';
		$inner = self::IMAGES . '/inner.png';
		$body  = array_merge(
			$this->publication( 'key-images' ),
			array(
				'html'   => '<p>Intro.</p><p><img src="' . $inner . '" alt=""></p>',
				'images' => array(
					array(
						'url' => $cover,
						'alt' => 'A cup of green tea',
					),
					array(
						'url' => $inner,
						'alt' => 'Tea leaves',
					),
				),
			)
		);
		$raw      = wp_json_encode( $body );
		$response = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish' ), $raw );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$post_id = $response->get_data()['postId'];

		$featured = get_post_thumbnail_id( $post_id );
		$this->assertGreaterThan( 0, $featured );
		$this->assertSame( 'A cup of green tea', get_post_meta( $featured, '_wp_attachment_image_alt', true ) );
		$this->assertSame( $post_id, wp_get_post_parent_id( $featured ) );

		$blocks = array_values( array_filter( parse_blocks( get_post( $post_id )->post_content ), static function ( $block ) {
			return null !== $block['blockName'];
		} ) );
		$this->assertSame( array( 'core/paragraph', 'core/image' ), wp_list_pluck( $blocks, 'blockName' ) );
		$inner_id = $blocks[1]['attrs']['id'];
		$this->assertSame( 'Tea leaves', get_post_meta( $inner_id, '_wp_attachment_image_alt', true ) );
		$this->assertStringContainsString( wp_get_attachment_url( $inner_id ), $blocks[1]['innerHTML'] );
		$this->assertStringContainsString( 'alt="Tea leaves"', $blocks[1]['innerHTML'] );

		// Publishing again reuses the media library copies instead of downloading them twice.
		$again = $this->rest( 'POST', '/service/publish', null, null, $this->signed( $raw, '/service/publish' ), $raw );
		$this->assertSame( $post_id, $again->get_data()['postId'] );
		$this->assertCount( 2, get_attached_media( 'image', $post_id ) );
	}

	/**
	 * A publication body as the service sends it.
	 *
	 * @param string $key Publication key.
	 * @return array
	 */
	private function publication( $key ) {
		return array(
			'publicationKey'  => $key,
			'title'           => 'Green tea',
			'html'            => '<h2>Why green tea</h2><p>It is <strong>good</strong>.<script>alert(1)</script></p><ul><li>Calm</li><li>Focus</li></ul>',
			'slug'            => 'green-tea-' . $key,
			'seoTitle'        => 'Green tea: a guide',
			'metaDescription' => 'All about green tea.',
			'focusKeyphrase'  => 'green tea',
			'status'          => 'publish',
			'images'          => array(),
			'categories'      => array( 'Drinks' ),
			'tags'            => array( 'tea' ),
		);
	}
}
