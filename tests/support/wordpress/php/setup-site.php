<?php
// Harness endpoint, copied into each throwaway test site only: installs the site, or sets up a copy of an installed
// one (the harness installs once into a template database), with its own passwords, users and application passwords.
// POST the settings as JSON with the site's harness token in X-Harness-Token; answers the users as JSON.
$postwright_token = (string) getenv( 'POSTWRIGHT_HARNESS_TOKEN' );
if ( '' === $postwright_token || ! hash_equals( $postwright_token, (string) ( $_SERVER['HTTP_X_HARNESS_TOKEN'] ?? '' ) ) ) {
	http_response_code( 403 );
	exit;
}
$settings = json_decode( (string) file_get_contents( 'php://input' ), true );

define( 'WP_INSTALLING', true );
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

function postwright_fail( $message ) {
	http_response_code( 500 );
	echo $message;
	exit;
}

$admin = $settings['admin'];
if ( ! is_blog_installed() ) {
	$result = wp_install( $settings['title'], $admin['username'], $admin['email'], true, '', wp_slash( $admin['password'] ) );
	if ( is_wp_error( $result ) ) {
		postwright_fail( $result->get_error_message() );
	}
	$admin_id = (int) $result['user_id'];
} else {
	$existing = get_user_by( 'login', $admin['username'] );
	if ( ! $existing ) {
		postwright_fail( 'The template database has no user ' . $admin['username'] );
	}
	$admin_id = (int) $existing->ID;
	wp_set_password( $admin['password'], $admin_id );
	// The template's application password is nobody's: each site gets its own below.
	WP_Application_Passwords::delete_all_application_passwords( $admin_id );
}

update_option( 'permalink_structure', $settings['prettyPermalinks'] ? '/%postname%/' : '' );
delete_option( 'rewrite_rules' );
// Core ignores application passwords until one has been used on the network; set the flag up front.
update_site_option( 'using_application_passwords', 1 );

$users = array(
	array(
		'id'       => $admin_id,
		'username' => $admin['username'],
		'password' => $admin['password'],
		'role'     => 'administrator',
	),
);
foreach ( $settings['users'] as $extra ) {
	$id = wp_insert_user(
		array(
			'user_login' => $extra['username'],
			'user_pass'  => $extra['password'],
			'user_email' => $extra['username'] . '@example.com',
			'role'       => $extra['role'],
		)
	);
	if ( is_wp_error( $id ) ) {
		postwright_fail( $id->get_error_message() );
	}
	$users[] = array(
		'id'       => (int) $id,
		'username' => $extra['username'],
		'password' => $extra['password'],
		'role'     => $extra['role'],
	);
}
foreach ( $users as $i => $user ) {
	$created = WP_Application_Passwords::create_new_application_password( $user['id'], array( 'name' => 'Postwright tests' ) );
	if ( is_wp_error( $created ) ) {
		postwright_fail( $created->get_error_message() );
	}
	// Shown to people in groups of four, the way WordPress displays it; clients must accept the spaces.
	$users[ $i ]['applicationPassword'] = WP_Application_Passwords::chunk_password( $created[0] );
}
header( 'Content-Type: application/json' );
echo wp_json_encode( $users );
