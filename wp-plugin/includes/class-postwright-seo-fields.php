<?php
/**
 * Writes a post's SEO title, meta description and focus keyphrase where the active SEO plugin reads them: Yoast SEO,
 * Rank Math or All in One SEO; without one, the meta description becomes the post's excerpt.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * SEO plugin field mapping.
 */
class Postwright_Seo_Fields {

	const YOAST     = 'yoast';
	const RANK_MATH = 'rank-math';
	const AIOSEO    = 'aioseo';
	const NONE      = 'none';

	/**
	 * The active SEO plugin (filterable through `postwright_seo_plugin`).
	 *
	 * @return string One of the class constants.
	 */
	public static function active_plugin() {
		$detected = self::NONE;
		if ( defined( 'WPSEO_VERSION' ) ) {
			$detected = self::YOAST;
		} elseif ( defined( 'RANK_MATH_VERSION' ) || class_exists( 'RankMath' ) ) {
			$detected = self::RANK_MATH;
		} elseif ( function_exists( 'aioseo' ) || defined( 'AIOSEO_VERSION' ) ) {
			$detected = self::AIOSEO;
		}
		/**
		 * Filters which SEO plugin Postwright writes the SEO fields for.
		 *
		 * @param string $detected yoast, rank-math, aioseo or none.
		 */
		$plugin = apply_filters( 'postwright_seo_plugin', $detected );
		return in_array( $plugin, array( self::YOAST, self::RANK_MATH, self::AIOSEO, self::NONE ), true ) ? $plugin : self::NONE;
	}

	/**
	 * Post meta (and post fields) for wp_insert_post, for the active SEO plugin.
	 *
	 * @param array $seo seoTitle, metaDescription, focusKeyphrase (each optional).
	 * @return array { meta_input: array, post_excerpt?: string }
	 */
	public static function post_fields( array $seo ) {
		$title       = sanitize_text_field( (string) ( $seo['seoTitle'] ?? '' ) );
		$description = sanitize_textarea_field( (string) ( $seo['metaDescription'] ?? '' ) );
		$keyphrase   = sanitize_text_field( (string) ( $seo['focusKeyphrase'] ?? '' ) );
		$fields      = array( 'meta_input' => array() );
		$meta_keys   = self::meta_keys( self::active_plugin() );
		if ( null === $meta_keys ) {
			if ( '' !== $description ) {
				$fields['post_excerpt'] = $description;
			}
			return $fields;
		}
		foreach ( array(
			'title'       => $title,
			'description' => $description,
			'keyphrase'   => $keyphrase,
		) as $field => $value ) {
			if ( '' !== $value ) {
				$fields['meta_input'][ $meta_keys[ $field ] ] = $value;
			}
		}
		return $fields;
	}

	/**
	 * The meta keys a plugin reads; null when the values go elsewhere (the excerpt).
	 *
	 * @param string $plugin The SEO plugin.
	 * @return array|null title, description, keyphrase => meta key.
	 */
	public static function meta_keys( $plugin ) {
		switch ( $plugin ) {
			case self::YOAST:
				return array(
					'title'       => '_yoast_wpseo_title',
					'description' => '_yoast_wpseo_metadesc',
					'keyphrase'   => '_yoast_wpseo_focuskw',
				);
			case self::RANK_MATH:
				return array(
					'title'       => 'rank_math_title',
					'description' => 'rank_math_description',
					'keyphrase'   => 'rank_math_focus_keyword',
				);
			case self::AIOSEO:
				// All in One SEO keeps its own table and reads these legacy keys when it (re)builds a post's row.
				return array(
					'title'       => '_aioseo_title',
					'description' => '_aioseo_description',
					'keyphrase'   => '_aioseo_keywords',
				);
			default:
				return null;
		}
	}

	/**
	 * After the post exists: All in One SEO's own table, through its model, when the plugin is active.
	 *
	 * @param int   $post_id The post.
	 * @param array $seo     seoTitle, metaDescription, focusKeyphrase.
	 */
	public static function after_save( $post_id, array $seo ) {
		if ( self::AIOSEO !== self::active_plugin() || ! class_exists( '\AIOSEO\Plugin\Common\Models\Post' ) ) {
			return;
		}
		$model = \AIOSEO\Plugin\Common\Models\Post::getPost( $post_id );
		if ( ! is_object( $model ) || ! method_exists( $model, 'save' ) ) {
			return;
		}
		$model->post_id     = $post_id;
		$model->title       = sanitize_text_field( (string) ( $seo['seoTitle'] ?? '' ) );
		$model->description = sanitize_textarea_field( (string) ( $seo['metaDescription'] ?? '' ) );
		$keyphrase          = sanitize_text_field( (string) ( $seo['focusKeyphrase'] ?? '' ) );
		if ( '' !== $keyphrase ) {
			$model->keyphrases = wp_json_encode(
				array(
					'focus'      => array( 'keyphrase' => $keyphrase ),
					'additional' => array(),
				)
			);
		}
		$model->save();
	}

	/**
	 * The editor data store the active SEO plugin offers, for the block-editor sidebar.
	 *
	 * @return string
	 */
	public static function editor_store() {
		$plugin = self::active_plugin();
		return self::NONE === $plugin ? '' : $plugin;
	}
}
