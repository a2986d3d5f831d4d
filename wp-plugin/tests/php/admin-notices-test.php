<?php
/**
 * The plugin outside its own page: a "Settings" link on the Plugins screen, and after activation a notice pointing
 * administrators to "Connect to Postwright" until the site is connected or they dismiss it (remembered per user).
 *
 * @package Postwright
 */

/**
 * Plugins-screen link and activation notice tests.
 */
class Admin_Notices_Test extends Postwright_Test_Case {

	protected function setUp(): void {
		parent::setUp();
		delete_option( Postwright_Admin_Notices::ACTIVATED_OPTION );
		foreach ( self::$users as $user_id ) {
			delete_user_meta( $user_id, Postwright_Admin_Notices::DISMISSED_META );
		}
		unset( $_GET['page'], $_POST['_ajax_nonce'], $_REQUEST['_ajax_nonce'] );
	}

	protected function tearDown(): void {
		delete_option( Postwright_Admin_Notices::ACTIVATED_OPTION );
		remove_all_filters( 'wp_doing_ajax' );
		remove_all_filters( 'wp_die_ajax_handler' );
		unset( $_GET['page'], $_POST['_ajax_nonce'], $_REQUEST['_ajax_nonce'] );
		parent::tearDown();
	}

	/**
	 * The notices printed on an admin screen, as the given role.
	 *
	 * @param string $role Who looks.
	 * @return string
	 */
	private function notices_as( $role ) {
		wp_set_current_user( self::$users[ $role ] );
		ob_start();
		do_action( 'admin_notices' );
		return (string) ob_get_clean();
	}

	/**
	 * Clicks the notice's dismiss button: the AJAX request its script sends.
	 *
	 * @param string $nonce The nonce the notice carries.
	 * @return array The JSON answer.
	 */
	private function dismiss( $nonce ) {
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter(
			'wp_die_ajax_handler',
			static function () {
				return static function () {
					throw new RuntimeException( 'ajax done' );
				};
			}
		);
		$_POST['_ajax_nonce']    = $nonce;
		$_REQUEST['_ajax_nonce'] = $nonce;
		ob_start();
		try {
			do_action( 'wp_ajax_' . Postwright_Admin_Notices::DISMISS_ACTION );
		} catch ( RuntimeException $done ) {
			unset( $done );
		}
		return json_decode( (string) ob_get_clean(), true );
	}

	public function test_the_plugins_screen_links_to_the_plugins_page_as_settings() {
		wp_set_current_user( self::$users['administrator'] );
		$links = apply_filters( 'plugin_action_links_' . plugin_basename( POSTWRIGHT_FILE ), array( 'deactivate' => '<a href="#">Deactivate</a>' ) );
		$this->assertSame( array( 'settings', 'deactivate' ), array_keys( $links ) );
		$this->assertStringContainsString( 'href="' . esc_url( admin_url( 'admin.php?page=postwright' ) ) . '"', $links['settings'] );
		$this->assertStringContainsString( '>Settings</a>', $links['settings'] );
	}

	public function test_after_activation_administrators_are_pointed_to_connect() {
		$this->assertStringNotContainsString( 'Connect to Postwright', $this->notices_as( 'administrator' ), 'nothing before activation' );

		Postwright_Admin_Notices::activate();
		$notice = $this->notices_as( 'administrator' );
		$this->assertStringContainsString( 'Connect to Postwright', $notice );
		$this->assertStringContainsString( esc_url( admin_url( 'admin.php?page=postwright' ) ), $notice );
		$this->assertStringContainsString( 'is-dismissible', $notice );

		$this->assertStringNotContainsString( 'Connect to Postwright', $this->notices_as( 'editor' ), 'only those who can connect the site' );

		$_GET['page'] = 'postwright';
		$this->assertStringNotContainsString( 'Connect to Postwright', $this->notices_as( 'administrator' ), 'the plugin page has its own button' );
		unset( $_GET['page'] );

		$this->connect_site();
		$this->assertStringNotContainsString( 'Connect to Postwright', $this->notices_as( 'administrator' ), 'a connected site needs no reminder' );
	}

	public function test_dismissing_the_notice_is_remembered_for_that_administrator_only() {
		Postwright_Admin_Notices::activate();
		$other = wp_insert_user(
			array(
				'user_login' => 'pw_second_admin',
				'user_pass'  => wp_generate_password(),
				'user_email' => 'second-admin@example.com',
				'role'       => 'administrator',
			)
		);
		$notice = $this->notices_as( 'administrator' );
		$this->assertSame( 1, preg_match( '/data-nonce="([^"]+)"/', $notice, $match ) );

		$answer = $this->dismiss( $match[1] );
		$this->assertTrue( $answer['success'] );
		$this->assertStringNotContainsString( 'Connect to Postwright', $this->notices_as( 'administrator' ) );

		wp_set_current_user( $other );
		ob_start();
		do_action( 'admin_notices' );
		$this->assertStringContainsString( 'Connect to Postwright', (string) ob_get_clean(), 'another administrator still sees it' );
		wp_delete_user( $other );
	}

	public function test_a_dismissal_without_the_notices_nonce_is_refused() {
		Postwright_Admin_Notices::activate();
		wp_set_current_user( self::$users['administrator'] );
		$answer = $this->dismiss( 'not-a-nonce' );
		$this->assertFalse( is_array( $answer ) && ! empty( $answer['success'] ) );
		$this->assertStringContainsString( 'Connect to Postwright', $this->notices_as( 'administrator' ) );
	}
}
