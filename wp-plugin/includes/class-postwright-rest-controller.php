<?php
/**
 * What every controller of the plugin's REST routes (namespace postwright/v1) shares: the namespace, registering its
 * routes with every argument validated against its schema, the argument schemas several routes take, the refusals,
 * and the answer of a call relayed to the Postwright service with the site's credential.
 *
 * The routes themselves are in one controller per resource: the connection and its settings
 * (class-postwright-connection-controller.php), writing posts on the service
 * (class-postwright-generations-controller.php), publishing and scheduling on this site
 * (class-postwright-publishing-controller.php), the autopilot's plans and the site index.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Base of the REST controllers.
 */
abstract class Postwright_Rest_Controller {

	const NAMESPACE_V1 = 'postwright/v1';

	/**
	 * Service client.
	 *
	 * @var Postwright_Service_Client
	 */
	protected $client;

	/**
	 * Constructor.
	 *
	 * @param Postwright_Service_Client $client Service client.
	 */
	public function __construct( $client ) {
		$this->client = $client;
	}

	/**
	 * The controller's routes, by path.
	 *
	 * @return array
	 */
	abstract protected function routes();

	/**
	 * Registers the routes (on rest_api_init).
	 */
	public function register_routes() {
		foreach ( $this->routes() as $route => $definition ) {
			register_rest_route( self::NAMESPACE_V1, $route, self::with_validation( $definition ) );
		}
	}

	/**
	 * Validates every argument against its schema even when it has its own sanitize_callback (WordPress validates
	 * only through the default sanitizer otherwise).
	 *
	 * @param array $definition A route's endpoints.
	 * @return array
	 */
	public static function with_validation( array $definition ) {
		$endpoints = isset( $definition['methods'] ) ? array( $definition ) : $definition;
		foreach ( $endpoints as $i => $endpoint ) {
			foreach ( $endpoint['args'] ?? array() as $name => $arg ) {
				if ( ! isset( $arg['validate_callback'] ) ) {
					$endpoints[ $i ]['args'][ $name ]['validate_callback'] = 'rest_validate_request_arg';
				}
			}
		}
		return isset( $definition['methods'] ) ? $endpoints[0] : $endpoints;
	}

	/**
	 * One endpoint of a route, answered by a method of this controller.
	 *
	 * @param string         $methods    The HTTP methods.
	 * @param string         $callback   The method that answers.
	 * @param callable|array $permission The permission callback.
	 * @param array          $args       The arguments, if any.
	 * @return array
	 */
	protected function endpoint( $methods, $callback, $permission, array $args = array() ) {
		$endpoint = array(
			'methods'             => $methods,
			'callback'            => array( $this, $callback ),
			'permission_callback' => $permission,
		);
		if ( ! empty( $args ) ) {
			$endpoint['args'] = $args;
		}
		return $endpoint;
	}

	/**
	 * A permission callback requiring a capability (and a signed-in person).
	 *
	 * @param string $capability The capability.
	 * @return callable
	 */
	protected static function capability( $capability ) {
		return static function () use ( $capability ) {
			return self::allowed(
				$capability,
				'manage_options' === $capability
					? __( 'Only an administrator of this site can change its Postwright connection.', 'postwright' )
					: __( 'You need to be able to write posts on this site to use Postwright.', 'postwright' )
			);
		};
	}

	/**
	 * Whether the person has a capability, or a refusal saying why they need it.
	 *
	 * @param string $capability The capability.
	 * @param string $message    What the person reads when they lack it.
	 * @return true|WP_Error
	 */
	protected static function allowed( $capability, $message ) {
		return current_user_can( $capability ) ? true : self::forbidden( $message );
	}

	/**
	 * A refusal.
	 *
	 * @param string $message What the person reads.
	 * @return WP_Error
	 */
	protected static function forbidden( $message ) {
		return new WP_Error( 'rest_forbidden', $message, array( 'status' => rest_authorization_required_code() ) );
	}

	/**
	 * A plain text argument.
	 *
	 * @param int  $max      Maximum length.
	 * @param bool $required Required.
	 * @return array
	 */
	public static function text_arg( $max, $required ) {
		return array(
			'type'              => 'string',
			'required'          => $required,
			'minLength'         => $required ? 1 : 0,
			'maxLength'         => $max,
			'sanitize_callback' => array( self::class, 'sanitize_text' ),
		);
	}

	/**
	 * A text argument as plain text.
	 *
	 * @param mixed $value The validated value.
	 * @return string
	 */
	public static function sanitize_text( $value ) {
		return sanitize_text_field( (string) $value );
	}

	/**
	 * A string of at most some characters.
	 *
	 * @param int $max Maximum length.
	 * @param int $min Minimum length, if any.
	 * @return array
	 */
	protected static function string_arg( $max, $min = 0 ) {
		$arg = array( 'type' => 'string' );
		if ( $min ) {
			$arg['minLength'] = $min;
		}
		$arg['maxLength'] = $max;
		return $arg;
	}

	/**
	 * An address (URI), of at most some characters if given.
	 *
	 * @param int $max Maximum length, if any.
	 * @return array
	 */
	protected static function uri_arg( $max = 0 ) {
		$arg = array(
			'type'   => 'string',
			'format' => 'uri',
		);
		if ( $max ) {
			$arg['maxLength'] = $max;
		}
		return $arg;
	}

	/**
	 * A list of objects.
	 *
	 * @param int   $max        Maximum number of objects.
	 * @param array $properties Their fields.
	 * @param array $required   The fields each must have.
	 * @param bool  $closed     Whether other fields are refused.
	 * @return array
	 */
	protected static function objects_arg( $max, array $properties, array $required, $closed = true ) {
		$items = array(
			'type'       => 'object',
			'properties' => $properties,
			'required'   => $required,
		);
		if ( $closed ) {
			$items['additionalProperties'] = false;
		}
		return array(
			'type'     => 'array',
			'maxItems' => $max,
			'items'    => $items,
		);
	}

	/**
	 * A whole number from 1.
	 *
	 * @param bool $required Required.
	 * @return array
	 */
	protected static function positive_integer_arg( $required = false ) {
		$arg = array(
			'type'    => 'integer',
			'minimum' => 1,
		);
		if ( $required ) {
			$arg['required'] = true;
		}
		return $arg;
	}

	/**
	 * Keywords as a list of short strings.
	 *
	 * @param bool $required Required (at least one).
	 * @return array
	 */
	protected static function keywords_arg( $required ) {
		return array(
			'type'              => 'array',
			'required'          => $required,
			'minItems'          => $required ? 1 : 0,
			'maxItems'          => 20,
			'items'             => array(
				'type'      => 'string',
				'maxLength' => 100,
			),
			'sanitize_callback' => array( self::class, 'sanitize_keywords' ),
		);
	}

	/**
	 * Keywords as plain text, the empty ones left out.
	 *
	 * @param array $keywords The validated keywords.
	 * @return array
	 */
	public static function sanitize_keywords( $keywords ) {
		return array_values( array_filter( array_map( 'sanitize_text_field', (array) $keywords ), 'strlen' ) );
	}

	/**
	 * The fields a request holds, among some.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param array           $fields  The fields to take.
	 * @return array
	 */
	protected static function present( WP_REST_Request $request, array $fields ) {
		$body = array();
		foreach ( $fields as $field ) {
			if ( null !== $request[ $field ] ) {
				$body[ $field ] = $request[ $field ];
			}
		}
		return $body;
	}

	/**
	 * The answer of a relayed service call.
	 *
	 * @param array|null|WP_Error $answer What the service client returned.
	 * @param int                 $status HTTP status on success.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function relay( $answer, $status = 200 ) {
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return new WP_REST_Response( $answer, null === $answer ? 204 : $status );
	}
}
