<?php
/**
 * The SEO title, description and keyphrase land where the active SEO plugin reads them.
 *
 * @package Postwright
 */

/**
 * SEO field mapping tests.
 */
class Seo_Fields_Test extends Postwright_Test_Case {

	const SEO = array(
		'seoTitle'        => 'Green tea: a guide',
		'metaDescription' => 'All about green tea.',
		'focusKeyphrase'  => 'green tea',
	);

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

	public function test_without_an_seo_plugin_the_description_becomes_the_excerpt() {
		$this->assertSame( 'none', Postwright_Seo_Fields::active_plugin() );
		$this->assertSame(
			array(
				'meta_input'   => array(),
				'post_excerpt' => 'All about green tea.',
			),
			Postwright_Seo_Fields::post_fields( self::SEO )
		);
	}

	public function test_yoast_fields() {
		$this->use_plugin( 'yoast' );
		$this->assertSame(
			array(
				'_yoast_wpseo_title'    => 'Green tea: a guide',
				'_yoast_wpseo_metadesc' => 'All about green tea.',
				'_yoast_wpseo_focuskw'  => 'green tea',
			),
			Postwright_Seo_Fields::post_fields( self::SEO )['meta_input']
		);
	}

	public function test_rank_math_fields() {
		$this->use_plugin( 'rank-math' );
		$this->assertSame(
			array(
				'rank_math_title'         => 'Green tea: a guide',
				'rank_math_description'   => 'All about green tea.',
				'rank_math_focus_keyword' => 'green tea',
			),
			Postwright_Seo_Fields::post_fields( self::SEO )['meta_input']
		);
	}

	public function test_all_in_one_seo_fields() {
		$this->use_plugin( 'aioseo' );
		$fields = Postwright_Seo_Fields::post_fields( self::SEO );
		$this->assertSame( 'Green tea: a guide', $fields['meta_input']['_aioseo_title'] );
		$this->assertSame( 'All about green tea.', $fields['meta_input']['_aioseo_description'] );
		$this->assertArrayNotHasKey( 'post_excerpt', $fields );
	}

	public function test_values_are_sanitised_and_empty_ones_left_out() {
		$this->use_plugin( 'rank-math' );
		$this->assertSame(
			array( 'rank_math_title' => 'Tea' ),
			Postwright_Seo_Fields::post_fields(
				array(
					'seoTitle'        => '<script>x</script>Tea',
					'metaDescription' => '',
				)
			)['meta_input']
		);
	}

	public function test_an_unknown_filter_value_falls_back_to_the_excerpt() {
		$this->use_plugin( 'something-else' );
		$this->assertSame( 'none', Postwright_Seo_Fields::active_plugin() );
	}

	public function test_the_publisher_writes_rank_math_meta_on_the_post() {
		$this->use_plugin( 'rank-math' );
		wp_set_current_user( self::$users['editor'] );
		$result = ( new Postwright_Publisher() )->publish(
			array_merge(
				self::SEO,
				array(
					'publicationKey' => 'seo-rank-math',
					'title'          => 'Green tea',
					'html'           => '<p>Tea.</p>',
					'status'         => 'draft',
				)
			)
		);
		$this->assertIsArray( $result );
		$this->assertSame( 'green tea', get_post_meta( $result['postId'], 'rank_math_focus_keyword', true ) );
		$this->assertSame( '', get_post( $result['postId'] )->post_excerpt );
	}
}
