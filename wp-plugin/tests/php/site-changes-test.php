<?php
/**
 * Change notices: editing posts, pages and categories sends the service one call per request, with the site's
 * credential, naming each changed item once with its address, title and state.
 *
 * @package Postwright
 */

/**
 * Site change notice tests.
 */
class Site_Changes_Test extends Postwright_Test_Case {

	/**
	 * Sends the request's changes as WordPress does when the request ends (shutdown).
	 *
	 * @param Postwright_Site_Changes $notices The change notices.
	 */
	private function shutdown( $notices ) {
		$this->on_hook( 'shutdown', array( $notices, 'send' ) );
	}

	/**
	 * The plugin's change notices.
	 *
	 * @return Postwright_Site_Changes
	 */
	private function notices() {
		$notices = Postwright_Plugin::instance()->site_changes;
		$notices->send(); // Forgets what earlier tests changed (nothing is sent while the site is not connected).
		return $notices;
	}

	public function test_editing_a_post_sends_one_call_with_its_latest_state() {
		$notices = $this->notices();
		$this->connect_site();
		$id = wp_insert_post(
			array(
				'post_title'   => 'Brewing guide',
				'post_content' => 'How to brew.',
				'post_status'  => 'publish',
			)
		);
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Pour-over guide',
			)
		);
		$this->assertSame( array(), $this->sent, 'nothing is sent while the request runs' );

		$this->shutdown( $notices );
		$this->assertSame( array( 'POST /api/v1/site-index/changes' ), wp_list_pluck( $this->sent, 'key' ) );
		$this->assertSame( 'Bearer pwsite_secretcredential', $this->sent[0]['headers']['Authorization'] );
		$changes = $this->sent[0]['body']['changes'];
		$this->assertCount( 1, $changes );
		$this->assertSame( 'post', $changes[0]['kind'] );
		$this->assertSame( $id, $changes[0]['id'] );
		$this->assertSame( 'linkable', $changes[0]['status'] );
		$this->assertSame( get_permalink( $id ), $changes[0]['url'] );
		$this->assertSame( 'Pour-over guide', $changes[0]['title'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/', $changes[0]['changedAt'] );

		$this->shutdown( $notices );
		$this->assertCount( 1, $this->sent, 'a request without changes sends nothing' );
	}

	public function test_a_trashed_page_a_draft_and_a_category_are_named_with_their_state() {
		$notices = $this->notices();
		$this->connect_site();
		$page     = wp_insert_post(
			array(
				'post_title'  => 'About us',
				'post_type'   => 'page',
				'post_status' => 'publish',
			)
		);
		$address  = get_permalink( $page );
		$draft    = wp_insert_post(
			array(
				'post_title'  => 'Not yet',
				'post_status' => 'draft',
			)
		);
		$category = wp_insert_term( 'Loose Leaf Tea', 'category' );
		wp_trash_post( $page );
		$this->shutdown( $notices );

		$this->assertCount( 1, $this->sent );
		$by_key = array();
		foreach ( $this->sent[0]['body']['changes'] as $change ) {
			$by_key[ $change['kind'] . ':' . $change['id'] ] = $change;
		}
		$this->assertSame( 'hidden', $by_key[ 'page:' . $page ]['status'] );
		$this->assertSame( $address, $by_key[ 'page:' . $page ]['url'], 'the address it had, to be removed' );
		$this->assertSame( 'hidden', $by_key[ 'post:' . $draft ]['status'] );
		$this->assertSame( 'hidden', $by_key[ 'category:' . $category['term_id'] ]['status'], 'a category without posts is not linked' );
	}

	public function test_nothing_is_sent_for_a_site_not_connected() {
		$notices = $this->notices();
		wp_insert_post(
			array(
				'post_title'  => 'Offline',
				'post_status' => 'publish',
			)
		);
		$this->shutdown( $notices );
		$this->assertSame( array(), $this->sent );
	}
}
