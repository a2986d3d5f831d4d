<?php
/**
 * The autopilot's REST routes (namespace postwright/v1, under /plans): the admin page's Autopilot tab reads and
 * changes this site's content plans through them, and they relay to the service's /api/v1/content-plans routes with
 * the site's credential. The service keeps every plan and its logic; a plan made here always publishes to this site.
 *
 * Who may do what: anyone who writes posts (edit_posts) reads plans, builds plans that wait for review, adds and edits
 * titles and asks for ideas; approving a draft, and building or changing a plan that publishes by itself (automatic),
 * need publish_posts, as publishing does everywhere else in the plugin.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

/**
 * Autopilot REST controller.
 */
class Postwright_Autopilot_Controller extends Postwright_Rest_Controller {

	/**
	 * The routes, by path.
	 *
	 * @return array
	 */
	protected function routes() {
		$plan    = '/plans/(?P<id>\d{1,10})';
		$item    = $plan . '/items/(?P<itemId>\d{1,10})';
		$plan_id = array( 'id' => self::positive_integer_arg( true ) );
		$item_id = $plan_id + array( 'itemId' => self::positive_integer_arg( true ) );
		// Which page of a plan's titles the answer holds (the service's bounds; it shows the first 50 otherwise).
		$paging   = array(
			'page'     => self::positive_integer_arg() + array( 'maximum' => 10000 ),
			'pageSize' => self::positive_integer_arg() + array( 'maximum' => 200 ),
		);
		$reader   = array( $this, 'can_read' );
		$changer  = array( $this, 'can_change' );
		$settings = $this->settings_args();
		$title    = $this->title_args();
		$create   = WP_REST_Server::CREATABLE;

		return array(
			'/plans'           => array(
				$this->endpoint( WP_REST_Server::READABLE, 'list_plans', $reader ),
				$this->endpoint(
					$create,
					'create_plan',
					$changer,
					array_merge(
						$settings,
						array(
							'name'    => array_merge(
								$settings['name'],
								array(
									'required'  => true,
									'minLength' => 1,
								)
							),
							'cadence' => array_merge( $settings['cadence'], array( 'required' => true ) ),
						)
					)
				),
			),
			$plan              => array(
				$this->endpoint( WP_REST_Server::READABLE, 'get_plan', $reader, $plan_id + $paging ),
				$this->endpoint(
					'PATCH',
					'update_plan',
					$changer,
					$plan_id + $paging + $settings + array(
						'status' => array(
							'type' => 'string',
							'enum' => array( 'active', 'paused' ),
						),
					)
				),
				$this->endpoint( WP_REST_Server::DELETABLE, 'delete_plan', $changer, $plan_id ),
			),
			$plan . '/items'   => $this->endpoint(
				$create,
				'add_items',
				$changer,
				$plan_id + array(
					'items' => array(
						'type'              => 'array',
						'required'          => true,
						'minItems'          => 1,
						'maxItems'          => 100,
						'items'             => array(
							'type'                 => 'object',
							'properties'           => $title,
							'required'             => array( 'title', 'keywords' ),
							'additionalProperties' => false,
						),
						'sanitize_callback' => array( $this, 'sanitize_items' ),
					),
				)
			),
			$plan . '/import'  => $this->endpoint(
				$create,
				'import_csv',
				$changer,
				$plan_id + array(
					'csv' => array(
						'type'              => 'string',
						'required'          => true,
						'minLength'         => 1,
						'maxLength'         => 1000000,
						'sanitize_callback' => 'sanitize_textarea_field',
					),
				)
			),
			$plan . '/ideas'   => $this->endpoint(
				$create,
				'suggest_ideas',
				$reader,
				$plan_id + array(
					'niche' => self::text_arg( 200, true ),
					'count' => self::positive_integer_arg() + array( 'maximum' => 20 ),
				)
			),
			$item              => array(
				$this->endpoint(
					'PATCH',
					'update_item',
					$changer,
					$item_id + array(
						'title'    => $title['title'] + array( 'sanitize_callback' => array( self::class, 'sanitize_text' ) ),
						'keywords' => $title['keywords'] + array( 'sanitize_callback' => array( self::class, 'sanitize_keywords' ) ),
						'notes'    => $title['notes'] + array( 'sanitize_callback' => array( self::class, 'sanitize_notes' ) ),
					)
				),
				$this->endpoint( WP_REST_Server::DELETABLE, 'remove_item', $changer, $item_id ),
			),
			$item . '/approve' => $this->endpoint( $create, 'approve_item', array( $this, 'can_approve' ), $item_id ),
			$item . '/skip'    => $this->endpoint( $create, 'skip_item', $changer, $item_id ),
			$item . '/move'    => $this->endpoint(
				$create,
				'move_item',
				$changer,
				$item_id + $paging + array(
					'direction' => array(
						'type'     => 'string',
						'enum'     => array( 'earlier', 'later' ),
						'required' => true,
					),
				)
			),
		);
	}

	/**
	 * A plan's settings, as creating and changing it accept them (none required here).
	 *
	 * @return array
	 */
	private function settings_args() {
		return array(
			'name'           => self::text_arg( 100, false ),
			'cadence'        => array(
				'type'                 => 'object',
				'properties'           => array(
					'weekdays' => array(
						'type'        => 'array',
						'minItems'    => 1,
						'maxItems'    => 7,
						'uniqueItems' => true,
						'items'       => self::positive_integer_arg() + array( 'maximum' => 7 ),
					),
					'time'     => array(
						'type'    => 'string',
						'pattern' => '^([01][0-9]|2[0-3]):[0-5][0-9]$',
					),
					'timeZone' => array(
						'type'      => 'string',
						'minLength' => 1,
						'maxLength' => 64,
						// A city's zone ("Europe/Paris"), or a fixed offset ("+05:30") as wp_timezone_string() gives it.
						'pattern'   => '^[A-Za-z0-9_+\-/:]+$',
					),
				),
				'required'             => array( 'weekdays', 'time', 'timeZone' ),
				'additionalProperties' => false,
			),
			'postsAhead' => self::positive_integer_arg() + array( 'maximum' => 14 ),
			'mode'           => array(
				'type' => 'string',
				'enum' => array( 'review', 'auto' ),
			),
			// Whether the plan also proposes refreshes of the site's own posts, each waiting for review.
			'queueRefreshes' => array( 'type' => 'boolean' ),
		);
	}

	/**
	 * A title's fields, as adding titles and editing one accept them (the service's limits).
	 *
	 * @return array
	 */
	private function title_args() {
		return array(
			'title'    => array(
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 200,
			),
			'keywords' => array(
				'type'     => 'array',
				'minItems' => 1,
				'maxItems' => 10,
				'items'    => array(
					'type'      => 'string',
					'minLength' => 1,
					'maxLength' => 100,
				),
			),
			'notes'    => array(
				'type'      => array( 'string', 'null' ),
				'maxLength' => 2000,
			),
		);
	}

	/**
	 * Titles as plain text, with their keywords and notes.
	 *
	 * @param array $items The validated titles.
	 * @return array
	 */
	public function sanitize_items( $items ) {
		return array_map(
			static function ( $item ) {
				$clean = array(
					'title'    => sanitize_text_field( (string) $item['title'] ),
					'keywords' => self::sanitize_keywords( $item['keywords'] ),
				);
				$notes = self::sanitize_notes( $item['notes'] ?? null );
				if ( null !== $notes ) {
					$clean['notes'] = $notes;
				}
				return $clean;
			},
			(array) $items
		);
	}

	/**
	 * Notes for the writer as plain text; blank notes are none (null).
	 *
	 * @param string|null $notes The validated notes.
	 * @return string|null
	 */
	public static function sanitize_notes( $notes ) {
		if ( null === $notes || '' === trim( (string) $notes ) ) {
			return null;
		}
		return sanitize_textarea_field( (string) $notes );
	}

	/**
	 * Reading plans and asking for ideas: anyone who writes posts.
	 *
	 * @return true|WP_Error
	 */
	public function can_read() {
		return self::allowed( 'edit_posts', __( 'You need to be able to write posts on this site to use the autopilot.', 'postwright' ) );
	}

	/**
	 * Changing plans and titles: anyone who writes posts, unless the plan publishes by itself (automatic), which needs
	 * someone who may publish. For a person who may not, the plan is read first to know its mode.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function can_change( WP_REST_Request $request ) {
		$read = $this->can_read();
		if ( true !== $read || current_user_can( 'publish_posts' ) ) {
			return $read;
		}
		$automatic = __( 'Automatic plans publish without review, so only an editor or an administrator of this site can build or change one. Choose "Review each draft" instead.', 'postwright' );
		if ( 'auto' === $request['mode'] ) {
			return self::forbidden( $automatic );
		}
		if ( null === $request['id'] ) {
			return true;
		}
		// Only the plan's mode is needed: one title is enough.
		$plan = $this->client->request( 'GET', $this->plan_path( $request ) . '?pageSize=1' );
		if ( is_wp_error( $plan ) ) {
			return $plan;
		}
		return is_array( $plan ) && 'auto' === ( $plan['mode'] ?? '' ) ? self::forbidden( $automatic ) : true;
	}

	/**
	 * Approving a draft schedules it for publication: publish_posts.
	 *
	 * @return true|WP_Error
	 */
	public function can_approve() {
		return self::allowed( 'publish_posts', __( 'Approving a draft schedules it for publication, so it needs an editor or an administrator of this site.', 'postwright' ) );
	}

	/**
	 * The service path of the plan (and title) in the request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $rest    What follows the plan's path.
	 * @return string
	 */
	private function plan_path( WP_REST_Request $request, $rest = '' ) {
		return '/content-plans/' . (int) $request['id'] . $rest;
	}

	/**
	 * The page of titles the request asks for, as the service's query string ("?page=2&pageSize=50"), or nothing.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return string
	 */
	private function paging( WP_REST_Request $request ) {
		$query = array_map( 'intval', self::present( $request, array( 'page', 'pageSize' ) ) );
		return empty( $query ) ? '' : '?' . http_build_query( $query );
	}

	/**
	 * The service path of the title in the request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $action  The action after the title's path, if any.
	 * @return string
	 */
	private function item_path( WP_REST_Request $request, $action = '' ) {
		return $this->plan_path( $request, '/items/' . (int) $request['itemId'] . $action );
	}

	/**
	 * The plan settings present in a request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param array           $fields  The fields to take.
	 * @return array
	 */
	private function fields( WP_REST_Request $request, array $fields ) {
		$body = self::present( $request, $fields );
		if ( isset( $body['cadence']['weekdays'] ) ) {
			$body['cadence']['weekdays'] = array_map( 'intval', $body['cadence']['weekdays'] );
		}
		return $body;
	}

	/**
	 * Relays a call to the service.
	 *
	 * @param string $method HTTP method.
	 * @param string $path   The service path.
	 * @param array  $body   The body, if any.
	 * @param int    $status HTTP status on success.
	 * @return WP_REST_Response|WP_Error
	 */
	private function send( $method, $path, $body = null, $status = 200 ) {
		return self::relay( $this->client->request( $method, $path, $body ), $status );
	}

	/**
	 * GET /plans: this site's plans.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function list_plans() {
		return $this->send( 'GET', '/content-plans' );
	}

	/**
	 * POST /plans: a new plan publishing to this site.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_plan( WP_REST_Request $request ) {
		return $this->send( 'POST', '/content-plans', $this->fields( $request, array( 'name', 'cadence', 'postsAhead', 'mode', 'queueRefreshes' ) ), 201 );
	}

	/**
	 * GET /plans/:id?page=&pageSize=: a plan with a page of its titles.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_plan( WP_REST_Request $request ) {
		return $this->send( 'GET', $this->plan_path( $request ) . $this->paging( $request ) );
	}

	/**
	 * PATCH /plans/:id: the plan's settings, pause or resume.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_plan( WP_REST_Request $request ) {
		$body = $this->fields( $request, array( 'name', 'cadence', 'postsAhead', 'mode', 'queueRefreshes', 'status' ) );
		if ( empty( $body ) ) {
			return new WP_Error( 'postwright_invalid', __( 'Nothing to change: send the name, the days and time, the posts ahead, the mode, the refreshes or the status.', 'postwright' ), array( 'status' => 400 ) );
		}
		return $this->send( 'PATCH', $this->plan_path( $request ) . $this->paging( $request ), $body );
	}

	/**
	 * DELETE /plans/:id.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_plan( WP_REST_Request $request ) {
		return $this->send( 'DELETE', $this->plan_path( $request ) );
	}

	/**
	 * POST /plans/:id/items: typed titles.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function add_items( WP_REST_Request $request ) {
		return $this->send( 'POST', $this->plan_path( $request, '/items' ), array( 'items' => $request['items'] ) );
	}

	/**
	 * POST /plans/:id/import: titles from a CSV file's text.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function import_csv( WP_REST_Request $request ) {
		return $this->send( 'POST', $this->plan_path( $request, '/import' ), array( 'csv' => $request['csv'] ) );
	}

	/**
	 * POST /plans/:id/ideas: title ideas for the plan.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function suggest_ideas( WP_REST_Request $request ) {
		$body = array( 'niche' => $request['niche'] ) + array_map( 'intval', self::present( $request, array( 'count' ) ) );
		return $this->send( 'POST', $this->plan_path( $request, '/ideas' ), $body );
	}

	/**
	 * PATCH /plans/:id/items/:itemId: a waiting title's title, keywords or notes (null notes clear them).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( WP_REST_Request $request ) {
		$body = $this->fields( $request, array( 'title', 'keywords' ) );
		if ( $request->has_param( 'notes' ) ) {
			$body['notes'] = $request['notes'];
		}
		if ( empty( $body ) ) {
			return new WP_Error( 'postwright_invalid', __( 'Nothing to change: send the title, its keywords or its notes.', 'postwright' ), array( 'status' => 400 ) );
		}
		return $this->send( 'PATCH', $this->item_path( $request ), $body );
	}

	/**
	 * DELETE /plans/:id/items/:itemId.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function remove_item( WP_REST_Request $request ) {
		return $this->send( 'DELETE', $this->item_path( $request ) );
	}

	/**
	 * POST /plans/:id/items/:itemId/approve: the draft is published in its slot.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function approve_item( WP_REST_Request $request ) {
		return $this->send( 'POST', $this->item_path( $request, '/approve' ), array() );
	}

	/**
	 * POST /plans/:id/items/:itemId/skip.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function skip_item( WP_REST_Request $request ) {
		return $this->send( 'POST', $this->item_path( $request, '/skip' ), array() );
	}

	/**
	 * POST /plans/:id/items/:itemId/move: one place earlier or later.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function move_item( WP_REST_Request $request ) {
		return $this->send( 'POST', $this->item_path( $request, '/move' ) . $this->paging( $request ), array( 'direction' => $request['direction'] ) );
	}
}
