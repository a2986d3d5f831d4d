<?php
/**
 * Tells Postwright when this site's posts, pages or categories change, so the pages its posts link to stay current
 * within moments instead of waiting for the service's daily re-read. Changes are collected during the request and sent
 * once, at shutdown, in one call authenticated by the site's credential (POST /api/v1/site-index/changes); the editor
 * is never kept waiting for an answer (the call does not block), and a failed call is left to the daily re-read.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Change notices to the service.
 */
class Postwright_Site_Changes {

	/**
	 * Service client.
	 *
	 * @var Postwright_Service_Client
	 */
	private $client;

	/**
	 * The changes seen in this request, by kind and id (the last one of an item wins).
	 *
	 * @var array
	 */
	private $changes = array();

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client $client Service client.
	 */
	public function __construct( $client ) {
		$this->client = $client;
	}

	/**
	 * Registers the hooks.
	 */
	public function register_hooks() {
		add_action( 'save_post', array( $this, 'post_saved' ), 10, 2 );
		add_action( 'wp_trash_post', array( $this, 'post_hidden' ) );
		add_action( 'before_delete_post', array( $this, 'post_deleted' ) );
		add_action( 'created_category', array( $this, 'category_saved' ) );
		add_action( 'edited_category', array( $this, 'category_saved' ) );
		add_action( 'pre_delete_term', array( $this, 'term_deleted' ), 10, 2 );
		add_action( 'shutdown', array( $this, 'send' ) );
	}

	/**
	 * A post or page was saved: linkable when published, hidden otherwise (at the address it has when published). One
	 * moved to the trash was named by post_hidden, before WordPress renamed it.
	 *
	 * @param int     $post_id Post ID.
	 * @param WP_Post $post    The post.
	 */
	public function post_saved( $post_id, $post ) {
		if ( ! $this->tracked( $post ) || wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) || in_array( $post->post_status, array( 'auto-draft', 'trash' ), true ) ) {
			return;
		}
		$public = 'publish' === $post->post_status && '' === $post->post_password;
		$this->add( $post->post_type, $post_id, $public ? 'linkable' : 'hidden', $this->published_link( $post ), get_the_title( $post ) );
	}

	/**
	 * A post or page goes to the trash: no longer linkable (its address read before WordPress renames it).
	 *
	 * @param int $post_id Post ID.
	 */
	public function post_hidden( $post_id ) {
		$post = get_post( $post_id );
		if ( $this->tracked( $post ) ) {
			$this->add( $post->post_type, $post_id, 'hidden', $this->published_link( $post ), null );
		}
	}

	/**
	 * A post or page is deleted for good.
	 *
	 * @param int $post_id Post ID.
	 */
	public function post_deleted( $post_id ) {
		$post = get_post( $post_id );
		if ( $this->tracked( $post ) ) {
			$this->add( $post->post_type, $post_id, 'deleted', null, null );
		}
	}

	/**
	 * A category was created or edited: linkable while it has posts (as the service reads categories).
	 *
	 * @param int $term_id Term ID.
	 */
	public function category_saved( $term_id ) {
		$term = get_term( $term_id, 'category' );
		if ( ! $term instanceof WP_Term ) {
			return;
		}
		$link = get_category_link( $term );
		$this->add( 'category', $term_id, $term->count > 0 ? 'linkable' : 'hidden', $link ? $link : null, $term->name );
	}

	/**
	 * A category is about to be deleted.
	 *
	 * @param int    $term_id  Term ID.
	 * @param string $taxonomy Taxonomy.
	 */
	public function term_deleted( $term_id, $taxonomy ) {
		if ( 'category' === $taxonomy ) {
			$this->add( 'category', $term_id, 'deleted', null, null );
		}
	}

	/**
	 * The changes waiting to be sent (for the tests).
	 *
	 * @return array
	 */
	public function pending() {
		return array_values( $this->changes );
	}

	/**
	 * Sends the changes of this request in one call, without waiting for the answer (on shutdown).
	 */
	public function send() {
		if ( empty( $this->changes ) || ! Postwright_Credentials::is_connected() ) {
			$this->changes = array();
			return;
		}
		$changes       = array_slice( array_values( $this->changes ), 0, 200 );
		$this->changes = array();
		$this->client->request( 'POST', '/site-index/changes', array( 'changes' => $changes ), array( 'blocking' => false ) );
	}

	/**
	 * Whether a post is one the service indexes (a post or a page).
	 *
	 * @param WP_Post|null $post The post.
	 * @return bool
	 */
	private function tracked( $post ) {
		return $post instanceof WP_Post && in_array( $post->post_type, array( 'post', 'page' ), true );
	}

	/**
	 * The address a post has when it is published (the one the service indexed), whatever its status now.
	 *
	 * @param WP_Post $post The post.
	 * @return string|null
	 */
	private function published_link( $post ) {
		$published              = clone $post;
		$published->post_status = 'publish';
		if ( '' === $published->post_name ) {
			$published->post_name = sanitize_title( $post->post_title, (string) $post->ID );
		}
		$link = get_permalink( $published );
		return $link ? $link : null;
	}

	/**
	 * Records one change, stamped with the time it was seen (milliseconds, UTC).
	 *
	 * @param string      $kind   post, page or category.
	 * @param int         $id     Its id.
	 * @param string      $status linkable, hidden or deleted.
	 * @param string|null $url    Its address.
	 * @param string|null $title  Its title.
	 */
	private function add( $kind, $id, $status, $url, $title ) {
		$now = microtime( true );
		$this->changes[ $kind . ':' . $id ] = array(
			'kind'      => $kind,
			'id'        => (int) $id,
			'changedAt' => gmdate( 'Y-m-d\TH:i:s', (int) $now ) . sprintf( '.%03dZ', (int) ( ( $now - floor( $now ) ) * 1000 ) ),
			'status'    => $status,
			'url'       => $url,
			'title'     => null === $title ? null : wp_strip_all_tags( html_entity_decode( $title, ENT_QUOTES, 'UTF-8' ) ),
		);
	}
}
