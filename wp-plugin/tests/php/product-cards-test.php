<?php
/**
 * The site's WooCommerce products in the plugin: a writer searches them and features them (the generation route relays
 * them to the service), and a product card the service sends becomes blocks: WooCommerce's Single Product block for
 * one of the site's own WooCommerce products where WooCommerce runs (its main class is loaded), core blocks everywhere
 * else.
 *
 * @package Postwright
 */

/**
 * Product card conversion tests.
 */
class Product_Cards_Test extends Postwright_Test_Case {

	const APRON = '<h2>Aprons</h2><div class="postwright-product-card" data-product-id="woocommerce:42">'
		. '<p class="postwright-product-card__image"><img src="https://shop.example/apron.jpg" alt="A canvas apron"></p>'
		. '<p class="postwright-product-card__name"><a href="https://shop.example/product/canvas-apron">Canvas Apron</a></p>'
		. '<p class="postwright-product-card__price">$38.00</p>'
		. '<p class="postwright-product-card__availability">In stock</p>'
		. '<p class="postwright-product-card__link"><a href="https://shop.example/product/canvas-apron">View product</a></p>'
		. '</div><p>Ours lasts.</p>';

	/**
	 * WooCommerce runs on the site from now on: its main class is declared (in this test's own process) and its Store
	 * API answers.
	 */
	private function run_woocommerce() {
		require_once __DIR__ . '/fixtures/class-woocommerce.php';
		$GLOBALS['wp_rest_server'] = null;
		add_action( 'rest_api_init', array( $this, 'offer_store_api' ) );
	}

	/**
	 * Registers WooCommerce's Store API namespace on a fresh REST server, as WooCommerce (or the tests' stand-in) does.
	 */
	public function offer_store_api() {
		register_rest_route(
			'wc/store/v1',
			'/products',
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => static function ( WP_REST_Request $request ) {
					$products = array(
						array(
							'id'     => 42,
							'name'   => 'Canvas Apron &amp; Pocket',
							'prices' => array(
								'price'               => '3800',
								'price_range'         => null,
								'currency_code'       => 'USD',
								'currency_minor_unit' => 2,
							),
						),
						array(
							'id'     => 7,
							'name'   => 'Linen Apron',
							'prices' => array(
								'price'               => '2400',
								'price_range'         => array(
									'min_amount' => '2150',
									'max_amount' => '2600',
								),
								'currency_code'       => 'EUR',
								'currency_minor_unit' => 2,
							),
						),
					);
					$search   = strtolower( (string) $request['search'] );
					return array_values(
						array_filter(
							$products,
							static function ( $product ) use ( $search ) {
								return '' === $search || false !== strpos( strtolower( $product['name'] ), $search );
							}
						)
					);
				},
			)
		);
	}

	protected function tearDown(): void {
		remove_action( 'rest_api_init', array( $this, 'offer_store_api' ) );
		$GLOBALS['wp_rest_server'] = null;
		parent::tearDown();
	}

	public function test_without_woocommerce_a_card_is_core_blocks() {
		$GLOBALS['wp_rest_server'] = null;
		$this->assertFalse( class_exists( 'WooCommerce', false ) );
		$blocks = Postwright_Block_Content::from_html( self::APRON );
		$this->assertStringContainsString( '<!-- wp:group {"className":"postwright-product-card"} -->', $blocks );
		$this->assertStringContainsString( '<p class="postwright-product-card__price">$38.00</p>', $blocks );
		$this->assertStringNotContainsString( 'woocommerce/', $blocks );
	}

	/**
	 * WooCommerce's class stays declared once loaded: in a process of its own.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_where_woocommerce_runs_the_sites_own_product_is_woocommerces_block() {
		$this->run_woocommerce();
		$blocks = Postwright_Block_Content::from_html( self::APRON );
		$this->assertStringContainsString(
			'<!-- wp:woocommerce/single-product {"productId":42,"className":"postwright-product-card"} -->' . "\n"
			. '<div class="wp-block-woocommerce-single-product postwright-product-card">'
			. '<!-- wp:woocommerce/product-image {"showProductLink":false,"showSaleBadge":false,"isDescendentOfSingleProductBlock":true} /-->',
			$blocks
		);
		$this->assertStringContainsString( '<!-- wp:post-title {"level":3,"isLink":true,"__woocommerceNamespace":"woocommerce/product-query/product-title"} /-->', $blocks );
		$this->assertStringContainsString( '<!-- wp:woocommerce/product-price {"isDescendentOfSingleProductBlock":true} /-->', $blocks );
		$this->assertStringNotContainsString( 'wp:group', $blocks );
		$this->assertStringNotContainsString( '$38.00', $blocks, 'WooCommerce shows the price from the product itself.' );
		$this->assertStringContainsString( '<h2 class="wp-block-heading">Aprons</h2>', $blocks );

		// A product of another store stays core blocks.
		$other = Postwright_Block_Content::from_html( str_replace( 'woocommerce:42', 'gid://shopify/Product/7', self::APRON ) );
		$this->assertStringContainsString( '<!-- wp:group {"className":"postwright-product-card"} -->', $other );
		$this->assertStringNotContainsString( 'woocommerce/', $other );
	}

	public function test_a_writer_features_the_sites_products_as_cards_through_the_generation_route() {
		$this->connect_site();
		$this->answers['POST /api/v1/generations'] = array(
			202,
			array(
				'id'    => 'gen_1',
				'stage' => 'queued',
			),
		);
		$response = $this->rest(
			'POST',
			'/generations',
			array(
				'title'            => 'Aprons that last',
				'keywords'         => array( 'canvas apron' ),
				'featured'         => array( 'woocommerce:42', 'woocommerce:7', 'woocommerce:42' ),
				'showProductCards' => true,
			),
			'author'
		);
		$this->assertSame( 202, $response->get_status() );
		$this->assertCount( 1, $this->sent );
		$this->assertSame( array( 'woocommerce:42', 'woocommerce:7' ), $this->sent[0]['body']['featured'] );
		$this->assertTrue( $this->sent[0]['body']['showProductCards'] );
	}

	public function test_more_products_than_a_post_features_or_another_stores_are_refused_before_anything_is_sent() {
		$this->connect_site();
		$cases = array(
			array( 'woocommerce:1', 'woocommerce:2', 'woocommerce:3', 'woocommerce:4', 'woocommerce:5', 'woocommerce:6' ),
			array( 'gid://shopify/Product/7' ),
			array( 'woocommerce:apron' ),
		);
		foreach ( $cases as $featured ) {
			$response = $this->rest(
				'POST',
				'/generations',
				array(
					'title'    => 'Aprons',
					'keywords' => array( 'apron' ),
					'featured' => $featured,
				),
				'author'
			);
			$this->assertSame( 400, $response->get_status(), wp_json_encode( $featured ) );
			$this->assertArrayHasKey( 'featured', $response->get_data()['data']['params'] );
		}
		$this->assertSame( array(), $this->sent );
	}

	/**
	 * WooCommerce's class stays declared once loaded: in a process of its own.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_writer_searches_the_sites_woocommerce_products_to_feature() {
		$this->run_woocommerce();
		$response = $this->rest( 'GET', '/store-products', null, 'author', array(), null, array( 'search' => 'apron' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame(
			array(
				array(
					'id'    => 'woocommerce:42',
					'name'  => 'Canvas Apron & Pocket',
					'price' => '38.00 USD',
				),
				array(
					'id'    => 'woocommerce:7',
					'name'  => 'Linen Apron',
					'price' => '21.50 EUR',
				),
			),
			$response->get_data()['products']
		);
		$linen = $this->rest( 'GET', '/store-products', null, 'author', array(), null, array( 'search' => 'linen' ) );
		$this->assertSame( array( 'woocommerce:7' ), array_column( $linen->get_data()['products'], 'id' ) );
		$this->assertSame( 403, $this->rest( 'GET', '/store-products', null, 'subscriber' )->get_status() );
		$this->assertSame( array(), $this->sent, 'The products are read on the site itself.' );
	}

	public function test_without_woocommerce_the_product_search_says_so() {
		$GLOBALS['wp_rest_server'] = null;
		// A Store API answering without WooCommerce's class (another plugin's routes) does not make it WooCommerce.
		add_action( 'rest_api_init', array( $this, 'offer_store_api' ) );
		$response = $this->rest( 'GET', '/store-products', null, 'author', array(), null, array( 'search' => 'apron' ) );
		$this->assertSame( 404, $response->get_status() );
		$this->assertStringContainsString( 'WooCommerce is not active', $response->get_data()['message'] );
	}
}
