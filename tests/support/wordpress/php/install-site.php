<?php
// Installs a fresh site: php install-site.php <site dir> <settings JSON>. Prints the created users (with their
// application passwords) as JSON on the last line.
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$site     = $argv[1];
$settings = json_decode( $argv[2], true );
$home     = parse_url( $settings['url'] );

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = $home['host'] . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = $home['host'];

require $site . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$admin  = $settings['admin'];
$result = wp_install( $settings['title'], $admin['username'], $admin['email'], true, '', wp_slash( $admin['password'] ) );
if ( is_wp_error( $result ) ) {
	fwrite( STDERR, $result->get_error_message() . "\n" );
	exit( 1 );
}

if ( $settings['prettyPermalinks'] ) {
	update_option( 'permalink_structure', '/%postname%/' );
}
// Core ignores application passwords until one has been used on the network; set the flag up front.
update_site_option( 'using_application_passwords', 1 );

$users = array(
	array(
		'id'       => (int) $result['user_id'],
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
		fwrite( STDERR, $id->get_error_message() . "\n" );
		exit( 1 );
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
		fwrite( STDERR, $created->get_error_message() . "\n" );
		exit( 1 );
	}
	// Shown to people in groups of four, the way WordPress displays it; clients must accept the spaces.
	$users[ $i ]['applicationPassword'] = WP_Application_Passwords::chunk_password( $created[0] );
}
echo "\n" . wp_json_encode( $users ) . "\n";
