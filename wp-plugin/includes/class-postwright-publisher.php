<?php
/**
 * Creates, publishes or schedules a Postwright post on this site through WordPress itself: wp_insert_post with real
 * blocks, the site's categories, tags and author, images sideloaded into the media library (the first becomes the
 * featured image) and the SEO fields where the active SEO plugin reads them. Idempotent: a publication key already
 * stored on a post updates that post instead of creating a second one.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Local publishing.
 */
class Postwright_Publisher {

	const KEY_META    = '_postwright_publication_key';
	const SOURCE_META = '_postwright_source_url';
	/** Set on a post scheduled from this site's Postwright page: its categories and tags are the ones chosen there. */
	const SITE_TERMS_META = '_postwright_site_terms';

	/**
	 * Creates or updates the post for a publication.
	 *
	 * @param array $input publicationKey, title, html, slug?, seoTitle?, metaDescription?, focusKeyphrase?, status,
	 *                     date? (ISO 8601, for future), images? [{url, alt}], categories? (ids or names), tags? (names),
	 *                     author? (user id).
	 * @return array|WP_Error { postId, link, status }
	 */
	public function publish( array $input ) {
		$key    = sanitize_text_field( (string) ( $input['publicationKey'] ?? '' ) );
		$status = (string) ( $input['status'] ?? 'draft' );
		if ( '' === $key ) {
			return new WP_Error( 'postwright_invalid', __( 'The publication has no key.', 'postwright' ), array( 'status' => 400 ) );
		}
		if ( ! in_array( $status, array( 'draft', 'publish', 'future' ), true ) ) {
			return new WP_Error( 'postwright_invalid', __( 'Choose draft, publish or schedule.', 'postwright' ), array( 'status' => 400 ) );
		}

		$existing = $this->find_by_key( $key );
		$postarr  = array(
			'post_type'    => 'post',
			'post_title'   => sanitize_text_field( (string) ( $input['title'] ?? '' ) ),
			'post_status'  => $status,
			'post_content' => '',
		);
		if ( '' === $postarr['post_title'] ) {
			return new WP_Error( 'postwright_invalid', __( 'The post needs a title.', 'postwright' ), array( 'status' => 400 ) );
		}
		if ( ! empty( $input['slug'] ) ) {
			$postarr['post_name'] = sanitize_title( (string) $input['slug'] );
		}
		if ( 'future' === $status ) {
			$time = isset( $input['date'] ) ? strtotime( (string) $input['date'] ) : false;
			if ( false === $time ) {
				return new WP_Error( 'postwright_invalid', __( 'Choose the date and time to publish the post.', 'postwright' ), array( 'status' => 400 ) );
			}
			if ( $time <= time() ) {
				return new WP_Error( 'postwright_invalid', __( 'Choose a date and time in the future to schedule the post.', 'postwright' ), array( 'status' => 400 ) );
			}
			$postarr['post_date_gmt'] = gmdate( 'Y-m-d H:i:s', $time );
			$postarr['post_date']     = get_date_from_gmt( $postarr['post_date_gmt'] );
			$postarr['edit_date']     = true;
		}
		if ( ! empty( $input['author'] ) ) {
			$author = get_userdata( (int) $input['author'] );
			if ( ! $author || ! user_can( $author, 'edit_posts' ) ) {
				return new WP_Error( 'postwright_invalid', __( 'Choose an author who can write posts on this site.', 'postwright' ), array( 'status' => 400 ) );
			}
			$postarr['post_author'] = $author->ID;
		} elseif ( ! $existing ) {
			$postarr['post_author'] = get_current_user_id() ? get_current_user_id() : $this->default_author();
		}

		$seo     = Postwright_Seo_Fields::post_fields( $input );
		$postarr = array_merge( $postarr, array_diff_key( $seo, array( 'meta_input' => true ) ) );

		$postarr['meta_input']             = $seo['meta_input'];
		$postarr['meta_input'][ self::KEY_META ] = $key;
		if ( $existing ) {
			$postarr['ID'] = $existing->ID;
		}

		// The post first, so the sideloaded images are attached to it; then the content that points at them.
		$post_id = wp_insert_post( wp_slash( $postarr ), true );
		if ( is_wp_error( $post_id ) ) {
			return new WP_Error( 'postwright_publish_failed', $post_id->get_error_message(), array( 'status' => 500 ) );
		}

		$images = $this->sideload_images( $post_id, isset( $input['images'] ) && is_array( $input['images'] ) ? $input['images'] : array() );
		$html   = wp_kses_post( (string) ( $input['html'] ?? '' ) );
		$update = array(
			'ID'           => $post_id,
			'post_content' => Postwright_Block_Content::from_html( $html, $images ),
		);
		// Keep the status and date WordPress just settled (an update without them would re-check the schedule).
		wp_update_post( wp_slash( $update ) );
		if ( ! empty( $images ) ) {
			$first = reset( $images );
			set_post_thumbnail( $post_id, (int) $first['id'] );
		}

		if ( isset( $input['categories'] ) || ! $existing ) {
			wp_set_post_categories( $post_id, $this->category_ids( $input['categories'] ?? array() ) );
		}
		if ( isset( $input['tags'] ) && is_array( $input['tags'] ) ) {
			wp_set_post_tags( $post_id, array_map( 'sanitize_text_field', array_map( 'strval', $input['tags'] ) ) );
		}
		Postwright_Seo_Fields::after_save( $post_id, $input );

		$post = get_post( $post_id );
		return array(
			'postId' => (int) $post_id,
			'link'   => (string) get_permalink( $post_id ),
			'status' => $post ? $post->post_status : $status,
		);
	}

	/**
	 * The post that already carries a publication key.
	 *
	 * @param string $key The key.
	 * @return WP_Post|null
	 */
	public function find_by_key( $key ) {
		$posts = get_posts(
			array(
				'post_type'        => 'post',
				'post_status'      => 'any',
				'meta_key'         => self::KEY_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- one indexed lookup.
				'meta_value'       => $key, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'posts_per_page'   => 1,
				'suppress_filters' => true,
			)
		);
		return $posts ? $posts[0] : null;
	}

	/**
	 * Sideloads images into the media library, reusing the ones already attached to the post from the same URL.
	 *
	 * @param int   $post_id The post.
	 * @param array $images  [{url, alt}].
	 * @return array Source URL => array( id, url, alt ), in the given order.
	 */
	private function sideload_images( $post_id, array $images ) {
		require_once ABSPATH . 'wp-admin/includes/media.php';
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$result = array();
		foreach ( $images as $image ) {
			$url = esc_url_raw( (string) ( $image['url'] ?? '' ), array( 'http', 'https' ) );
			$alt = sanitize_text_field( (string) ( $image['alt'] ?? '' ) );
			if ( '' === $url || isset( $result[ $url ] ) ) {
				continue;
			}
			$id = $this->attachment_from( $post_id, $url );
			if ( ! $id ) {
				$id = media_sideload_image( $url, $post_id, $alt, 'id' );
				if ( is_wp_error( $id ) ) {
					continue; // A missing picture must not stop the post.
				}
				update_post_meta( $id, self::SOURCE_META, $url );
			}
			update_post_meta( $id, '_wp_attachment_image_alt', $alt );
			$result[ $url ] = array(
				'id'  => (int) $id,
				'url' => (string) wp_get_attachment_url( $id ),
				'alt' => $alt,
			);
		}
		return $result;
	}

	/**
	 * An attachment of the post sideloaded from a URL before.
	 *
	 * @param int    $post_id The post.
	 * @param string $url     Source URL.
	 * @return int
	 */
	private function attachment_from( $post_id, $url ) {
		$found = get_posts(
			array(
				'post_type'      => 'attachment',
				'post_status'    => 'inherit',
				'post_parent'    => $post_id,
				'meta_key'       => self::SOURCE_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
				'meta_value'     => $url, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'posts_per_page' => 1,
				'fields'         => 'ids',
			)
		);
		return $found ? (int) $found[0] : 0;
	}

	/**
	 * Category ids from ids or names (names that do not exist yet are created).
	 *
	 * @param mixed $categories Ids or names.
	 * @return int[]
	 */
	private function category_ids( $categories ) {
		$ids = array();
		foreach ( is_array( $categories ) ? $categories : array() as $category ) {
			if ( is_int( $category ) || ( is_string( $category ) && ctype_digit( $category ) ) ) {
				if ( term_exists( (int) $category, 'category' ) ) {
					$ids[] = (int) $category;
				}
				continue;
			}
			$name = sanitize_text_field( (string) $category );
			if ( '' === $name ) {
				continue;
			}
			$term = term_exists( $name, 'category' );
			if ( ! $term ) {
				$term = wp_insert_term( $name, 'category' );
			}
			if ( ! is_wp_error( $term ) && $term ) {
				$ids[] = (int) $term['term_id'];
			}
		}
		return $ids;
	}

	/**
	 * The author of posts the service publishes: the first administrator.
	 *
	 * @return int
	 */
	private function default_author() {
		$admins = get_users(
			array(
				'role'    => 'administrator',
				'orderby' => 'ID',
				'number'  => 1,
				'fields'  => 'ID',
			)
		);
		return $admins ? (int) $admins[0] : 0;
	}
}
