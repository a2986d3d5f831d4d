<?php
/**
 * The editor sidebar's SEO fields: editable over the REST API by whoever can edit the post, saved where the active SEO
 * plugin reads them, and read back from there when the editor opens. The post's title stays the owner's.
 *
 * @package Postwright
 */

/**
 * Editor sidebar tests.
 */
class Editor_Sidebar_Test extends Postwright_Test_Case {

	/**
	 * Pretends an SEO plugin is active.
	 *
	 * @param string $plugin yoast, rank-math, aioseo or none.
	 */
	private function use_plugin( $plugin ) {
		add_filter(
			'postwright_seo_plugin',
			static function () use ( $plugin ) {
				return $plugin;
			}
		);
	}

	/**
	 * A draft by the author.
	 *
	 * @return int
	 */
	private function draft() {
		return wp_insert_post(
			array(
				'post_title'  => 'Pour-over vs French press: which suits you?',
				'post_status' => 'draft',
				'post_author' => self::$users['author'],
			)
		);
	}

	/**
	 * Saves a post the way the block editor does (PUT /wp/v2/posts/<id>).
	 *
	 * @param int    $post_id The post.
	 * @param array  $body    Edited attributes.
	 * @param string $role    Who saves.
	 * @return WP_REST_Response
	 */
	private function editor_save( $post_id, array $body, $role ) {
		wp_set_current_user( self::$users[ $role ] );
		$request = new WP_REST_Request( 'PUT', '/wp/v2/posts/' . $post_id );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( wp_json_encode( $body ) );
		return rest_do_request( $request );
	}

	public function test_the_editor_saves_the_fields_where_yoast_reads_them() {
		$this->use_plugin( 'yoast' );
		$post_id  = $this->draft();
		$response = $this->editor_save(
			$post_id,
			array(
				'meta' => array(
					'_postwright_focus_keyphrase'  => 'pour-over coffee',
					'_postwright_seo_title'        => 'Pour-over coffee or French press: which suits you?',
					'_postwright_meta_description' => 'Pour-over coffee or a French press? What each brings to the cup.',
				),
			),
			'author'
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'pour-over coffee', get_post_meta( $post_id, '_yoast_wpseo_focuskw', true ) );
		$this->assertSame( 'Pour-over coffee or French press: which suits you?', get_post_meta( $post_id, '_yoast_wpseo_title', true ) );
		$this->assertSame( 'Pour-over coffee or a French press? What each brings to the cup.', get_post_meta( $post_id, '_yoast_wpseo_metadesc', true ) );
		// The title is the owner's; the SEO title lives beside it.
		$this->assertSame( 'Pour-over vs French press: which suits you?', get_post( $post_id )->post_title );
		$this->assertSame(
			array(
				'focusKeyphrase'  => 'pour-over coffee',
				'seoTitle'        => 'Pour-over coffee or French press: which suits you?',
				'metaDescription' => 'Pour-over coffee or a French press? What each brings to the cup.',
			),
			Postwright_Editor_Sidebar::current_fields( $post_id )
		);
	}

	public function test_a_save_that_leaves_the_fields_alone_keeps_the_seo_plugins_values() {
		$this->use_plugin( 'rank-math' );
		$post_id = $this->draft();
		update_post_meta( $post_id, 'rank_math_title', 'Set in Rank Math' );
		$this->assertSame( 200, $this->editor_save( $post_id, array( 'content' => '<p>Coffee.</p>' ), 'author' )->get_status() );
		$this->assertSame( 'Set in Rank Math', get_post_meta( $post_id, 'rank_math_title', true ) );
		// What the sidebar opens with is what Rank Math has.
		$this->assertSame( 'Set in Rank Math', Postwright_Editor_Sidebar::current_fields( $post_id )['seoTitle'] );
	}

	public function test_only_people_who_can_edit_the_post_change_its_fields() {
		$this->use_plugin( 'yoast' );
		$post_id  = $this->draft();
		$response = $this->editor_save( $post_id, array( 'meta' => array( '_postwright_seo_title' => 'Not mine' ) ), 'contributor' );
		$this->assertContains( $response->get_status(), array( 401, 403 ) );
		$this->assertSame( '', get_post_meta( $post_id, '_postwright_seo_title', true ) );
		$this->assertSame( '', get_post_meta( $post_id, '_yoast_wpseo_title', true ) );
	}

	public function test_without_an_seo_plugin_the_description_is_the_excerpt() {
		$post_id = $this->draft();
		wp_update_post(
			array(
				'ID'           => $post_id,
				'post_excerpt' => 'The excerpt.',
			)
		);
		update_post_meta( $post_id, '_postwright_focus_keyphrase', 'pour-over coffee' );
		$fields = Postwright_Editor_Sidebar::current_fields( $post_id );
		$this->assertSame( 'The excerpt.', $fields['metaDescription'] );
		$this->assertSame( 'pour-over coffee', $fields['focusKeyphrase'] );
	}

	public function test_a_published_post_names_the_postwright_post_it_came_from() {
		wp_set_current_user( self::$users['editor'] );
		$title  = 'Why our grinders outlast the rest';
		$result = ( new Postwright_Publisher() )->publish(
			array(
				'publicationKey' => 'post-42',
				'title'          => $title,
				'html'           => '<p>Burrs.</p>',
				'seoTitle'       => 'Burr grinder: why ours outlast the rest',
				'focusKeyphrase' => 'burr grinder',
				'status'         => 'draft',
			)
		);
		$this->assertIsArray( $result );
		$this->assertSame( 42, Postwright_Editor_Sidebar::service_post_id( $result['postId'] ) );
		// The title as the owner typed it, word for word.
		$this->assertSame( $title, get_post( $result['postId'] )->post_title );
		$this->assertSame( 0, Postwright_Editor_Sidebar::service_post_id( $this->draft() ) );
	}
}
