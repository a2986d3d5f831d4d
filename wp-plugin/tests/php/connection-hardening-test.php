<?php
/**
 * The connection's hardening: only the service's explicit "disconnected" answer forgets the connection, account
 * details are for those who manage the connection, the service address is https outside a local site, and uninstalling
 * removes only the plugin's own data.
 *
 * @package Postwright
 */

/**
 * Connection hardening tests.
 */
class Connection_Hardening_Test extends Postwright_Test_Case {

	public function test_a_401_without_the_disconnected_code_keeps_the_connection() {
		$this->connect_site();
		$this->answers['POST /api/v1/titles/optimize'] = array( 401, array( 'message' => 'Unauthorized' ) );
		$refused = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'contributor' );
		$this->assertSame( 'postwright_refused', $refused->get_data()['code'] );
		$this->assertSame( 'Unauthorized', $refused->get_data()['message'] );
		$this->assertTrue( Postwright_Credentials::is_connected(), 'a contributor cannot disconnect the site with a call the service refuses' );

		$this->answers['POST /api/v1/titles/optimize'] = array( 401, null );
		$empty = $this->rest( 'POST', '/titles', array( 'originalTitle' => 'Tea' ), 'contributor' );
		$this->assertSame( 'postwright_refused', $empty->get_data()['code'] );
		$this->assertTrue( Postwright_Credentials::is_connected() );
	}

	public function test_the_services_disconnected_answer_forgets_the_connection() {
		$this->connect_site();
		$this->answers['GET /api/v1/site'] = array(
			401,
			array(
				'message' => 'This site is no longer connected to Postwright. Connect it again.',
				'code'    => 'site_disconnected',
			),
		);
		$status = $this->rest( 'GET', '/status', null, 'contributor' )->get_data();
		$this->assertFalse( $status['connected'] );
		$this->assertSame( 'postwright_site_disconnected', $status['error']['code'] );
		$this->assertFalse( Postwright_Credentials::is_connected() );
	}

	public function test_only_those_who_manage_the_connection_see_the_accounts_email_and_plan() {
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
		foreach ( array( 'contributor', 'author', 'editor' ) as $role ) {
			$data = $this->rest( 'GET', '/status', null, $role )->get_data();
			$this->assertTrue( $data['connected'], $role );
			$this->assertSame( 17, $data['account']['usage']['postsLeft'], $role );
			$this->assertArrayNotHasKey( 'email', $data['account'], $role );
			$this->assertArrayNotHasKey( 'plan', $data['account'], $role );
			$this->assertNull( $data['upgradeUrl'], $role );
			$this->assertStringNotContainsString( 'owner@example.com', wp_json_encode( $data ), $role );
		}
		$admin = $this->rest( 'GET', '/status', null, 'administrator' )->get_data();
		$this->assertSame( 'owner@example.com', $admin['account']['email'] );
		$this->assertSame( 'Starter', $admin['account']['plan']['name'] );
		$this->assertSame( 'https://service.postwright.test/pricing', $admin['upgradeUrl'] );

		// Without the service's answer the stored email is the only detail, and it stays with administrators too.
		$this->answers['GET /api/v1/site'] = new WP_Error( 'http_request_failed', 'cURL error 7' );
		$offline = $this->rest( 'GET', '/status', null, 'contributor' )->get_data();
		$this->assertStringNotContainsString( 'owner@example.com', wp_json_encode( $offline ) );
	}

	public function test_the_service_address_is_https_except_on_a_local_site() {
		foreach ( array( 'production', 'staging', 'development' ) as $environment ) {
			$refused = Postwright_Credentials::save_service_url( 'http://service.example.com', $environment );
			$this->assertInstanceOf( WP_Error::class, $refused, $environment );
			$this->assertSame( 'postwright_insecure_service_url', $refused->get_error_code() );
			$this->assertSame( 400, $refused->get_error_data()['status'] );
			$this->assertSame( self::SERVICE, Postwright_Credentials::service_url(), 'the address is unchanged' );
			$this->assertTrue( Postwright_Credentials::save_service_url( 'https://service.example.com', $environment ) );
			$this->assertSame( 'https://service.example.com', Postwright_Credentials::service_url() );
			update_option( Postwright_Credentials::SERVICE_URL_OPTION, self::SERVICE );
		}
		$this->assertTrue( Postwright_Credentials::save_service_url( 'http://localhost:3000', 'local' ) );
		$this->assertSame( 'http://localhost:3000', Postwright_Credentials::service_url() );

		// This test site is a local one, so its settings screen accepts an http address too.
		$this->assertSame( 'local', wp_get_environment_type() );
		$saved = $this->rest( 'POST', '/settings', array( 'serviceUrl' => 'http://127.0.0.1:3000' ) );
		$this->assertSame( 200, $saved->get_status() );
		$this->assertSame( 'http://127.0.0.1:3000', Postwright_Credentials::service_url() );
	}

	public function test_a_credential_is_never_sent_to_an_http_address_outside_a_local_site() {
		$this->assertInstanceOf( WP_Error::class, Postwright_Credentials::insecure_service_url( 'http://service.example.com/api/v1/site', 'production' ) );
		$this->assertInstanceOf( WP_Error::class, Postwright_Credentials::insecure_service_url( 'ftp://service.example.com', 'local' ) );
		$this->assertTrue( Postwright_Credentials::insecure_service_url( 'https://service.example.com/api/v1/site', 'production' ) );
		$this->assertTrue( Postwright_Credentials::insecure_service_url( 'http://localhost:3000/api/v1/site', 'local' ) );
	}

	public function test_uninstalling_deletes_only_the_plugins_own_data() {
		$this->connect_site();
		set_transient( 'postwright_notice_1', array( 'message' => 'x' ), 60 );
		set_transient( 'postwright_nonce_abc', 1, 600 );
		set_transient( 'other_plugin_transient', 'kept', 600 );
		update_option( 'other_plugin_option', 'kept' );
		wp_cache_set( 'other-key', 'kept', 'other-group' );
		$post_id = wp_insert_post(
			array(
				'post_title'  => 'Published by Postwright',
				'post_status' => 'draft',
			)
		);
		update_post_meta( $post_id, '_postwright_publication_key', 'post-1' );
		update_post_meta( $post_id, 'other_meta', 'kept' );

		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'postwright/postwright.php' );
		}
		include POSTWRIGHT_DIR . 'uninstall.php';

		$this->assertFalse( get_option( Postwright_Credentials::OPTION ) );
		$this->assertFalse( get_option( Postwright_Credentials::SERVICE_URL_OPTION ) );
		$this->assertFalse( get_transient( 'postwright_notice_1' ) );
		$this->assertFalse( get_transient( 'postwright_nonce_abc' ) );
		$this->assertSame( '', get_post_meta( $post_id, '_postwright_publication_key', true ) );
		$this->assertNotNull( get_post( $post_id ), 'posts belong to the site and stay' );

		$this->assertSame( 'kept', get_transient( 'other_plugin_transient' ) );
		$this->assertSame( 'kept', get_option( 'other_plugin_option' ) );
		$this->assertSame( 'kept', get_post_meta( $post_id, 'other_meta', true ) );
		$this->assertSame( 'kept', wp_cache_get( 'other-key', 'other-group' ), 'the object cache is not flushed' );

		wp_delete_post( $post_id, true );
		delete_transient( 'other_plugin_transient' );
		delete_option( 'other_plugin_option' );
	}
}
