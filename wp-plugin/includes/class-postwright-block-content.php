<?php
/**
 * Turns the HTML Postwright writes into block markup the block editor opens as real blocks: paragraphs, headings,
 * lists, images, quotes and product cards; anything else becomes a Custom HTML block rather than invalid markup. A card
 * of one of the site's own WooCommerce products becomes WooCommerce's Single Product block where WooCommerce runs.
 *
 * @package Postwright
 */

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHP's DOM classes name their properties in camelCase (childNodes, nodeType ...).

/**
 * HTML to blocks.
 */
class Postwright_Block_Content {

	/**
	 * Converts HTML to serialized blocks.
	 *
	 * @param string $html   Post HTML (already sanitised).
	 * @param array  $images Source URL => array( id, url, alt ) of images sideloaded into the media library.
	 * @return string
	 */
	public static function from_html( $html, array $images = array() ) {
		if ( has_blocks( $html ) ) {
			return $html;
		}
		$document = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$document->loadHTML( '<?xml encoding="utf-8"?><div id="postwright-root">' . $html . '</div>', LIBXML_HTML_NOIMPLIED | LIBXML_HTML_NODEFDTD );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		$root = $document->getElementById( 'postwright-root' );
		if ( ! $root ) {
			return self::block( 'html', array(), $html );
		}
		$blocks = array();
		foreach ( iterator_to_array( $root->childNodes ) as $node ) {
			$block = self::node_block( $document, $node, $images );
			if ( '' !== $block ) {
				$blocks[] = $block;
			}
		}
		return implode( "\n\n", $blocks );
	}

	/**
	 * One top-level node as a block ('' for whitespace).
	 *
	 * @param DOMDocument $document The document.
	 * @param DOMNode     $node     The node.
	 * @param array       $images   Sideloaded images.
	 * @return string
	 */
	private static function node_block( DOMDocument $document, DOMNode $node, array $images ) {
		if ( XML_TEXT_NODE === $node->nodeType ) {
			$text = trim( $node->textContent );
			return '' === $text ? '' : self::block( 'paragraph', array(), '<p>' . esc_html( $text ) . '</p>' );
		}
		if ( XML_ELEMENT_NODE !== $node->nodeType ) {
			return '';
		}
		$tag   = strtolower( $node->nodeName );
		$inner = self::inner_html( $document, $node );
		if ( 'div' === $tag && in_array( 'postwright-product-card', preg_split( '/\s+/', (string) $node->getAttribute( 'class' ) ), true ) ) {
			$card = self::product_card_blocks( $node );
			if ( '' !== $card ) {
				return $card;
			}
		}
		switch ( $tag ) {
			case 'p':
				if ( 1 === $node->childNodes->length && 'img' === strtolower( $node->firstChild->nodeName ) ) {
					return self::image_block( $node->firstChild, $images );
				}
				return self::block( 'paragraph', array(), '<p>' . $inner . '</p>' );
			case 'h1':
			case 'h2':
			case 'h3':
			case 'h4':
			case 'h5':
			case 'h6':
				$level = (int) substr( $tag, 1 );
				return self::block( 'heading', 2 === $level ? array() : array( 'level' => $level ), '<' . $tag . ' class="wp-block-heading">' . $inner . '</' . $tag . '>' );
			case 'ul':
			case 'ol':
				$items = array();
				foreach ( $node->childNodes as $child ) {
					if ( XML_ELEMENT_NODE === $child->nodeType && 'li' === strtolower( $child->nodeName ) ) {
						$items[] = self::block( 'list-item', array(), '<li>' . self::inner_html( $document, $child ) . '</li>' );
					}
				}
				return self::block( 'list', 'ol' === $tag ? array( 'ordered' => true ) : array(), '<' . $tag . ' class="wp-block-list">' . implode( '', $items ) . '</' . $tag . '>' );
			case 'img':
				return self::image_block( $node, $images );
			case 'figure':
				$img = $node->getElementsByTagName( 'img' )->item( 0 );
				return $img ? self::image_block( $img, $images ) : self::block( 'html', array(), $document->saveHTML( $node ) );
			case 'blockquote':
				$paragraphs = array();
				foreach ( $node->childNodes as $child ) {
					$text = XML_ELEMENT_NODE === $child->nodeType && 'p' === strtolower( $child->nodeName ) ? self::inner_html( $document, $child ) : trim( (string) $document->saveHTML( $child ) );
					if ( '' !== trim( wp_strip_all_tags( $text ) ) ) {
						$paragraphs[] = self::block( 'paragraph', array(), '<p>' . $text . '</p>' );
					}
				}
				return self::block( 'quote', array(), '<blockquote class="wp-block-quote">' . implode( '', $paragraphs ) . '</blockquote>' );
			default:
				return self::block( 'html', array(), (string) $document->saveHTML( $node ) );
		}
	}

	/**
	 * A product card (a featured product's image, name, price, stock and link) as core blocks, in the markup the service
	 * publishes over REST: a group holding an image, paragraphs and a "View product" button.
	 *
	 * @param DOMElement $card The card's div.
	 * @return string '' when the card has no name or link (it is then kept as Custom HTML).
	 */
	private static function product_card_blocks( $card ) {
		if ( preg_match( '/^woocommerce:(\d+)$/', (string) $card->getAttribute( 'data-product-id' ), $match ) && self::woocommerce_active() ) {
			return self::woocommerce_product_block( (int) $match[1] );
		}
		$parts = array();
		$href  = '';
		foreach ( $card->getElementsByTagName( 'p' ) as $paragraph ) {
			foreach ( preg_split( '/\s+/', (string) $paragraph->getAttribute( 'class' ) ) as $class ) {
				if ( 0 === strpos( $class, 'postwright-product-card__' ) ) {
					$parts[ substr( $class, strlen( 'postwright-product-card__' ) ) ] = trim( preg_replace( '/\s+/', ' ', $paragraph->textContent ) );
					$link = $paragraph->getElementsByTagName( 'a' )->item( 0 );
					if ( $link && '' === $href ) {
						$href = (string) $link->getAttribute( 'href' );
					}
				}
			}
		}
		if ( empty( $parts['name'] ) || '' === $href ) {
			return '';
		}
		// Ampersands written as the service writes them (&amp;, where esc_url gives &#038;), so both publications agree.
		$url    = static function ( $address ) {
			return str_replace( '&#038;', '&amp;', esc_url( $address ) );
		};
		$blocks = array();
		$img    = $card->getElementsByTagName( 'img' )->item( 0 );
		if ( $img && '' !== $img->getAttribute( 'src' ) ) {
			$blocks[] = self::block(
				'image',
				array( 'className' => 'postwright-product-card__image' ),
				// phpcs:ignore PluginCheck.CodeAnalysis.ImageFunctions.NonEnqueuedImage -- saved core/image block markup for the store's product image (not in the media library), as the block's save() serializes it.
				'<figure class="wp-block-image postwright-product-card__image"><img src="' . $url( $img->getAttribute( 'src' ) ) . '" alt="' . esc_attr( $img->getAttribute( 'alt' ) ) . '"/></figure>'
			);
		}
		foreach ( array( 'name', 'price', 'availability' ) as $part ) {
			if ( empty( $parts[ $part ] ) ) {
				continue;
			}
			$text     = esc_html( $parts[ $part ] );
			$blocks[] = self::block(
				'paragraph',
				array( 'className' => 'postwright-product-card__' . $part ),
				'<p class="postwright-product-card__' . $part . '">' . ( 'name' === $part ? '<a href="' . $url( $href ) . '">' . $text . '</a>' : $text ) . '</p>'
			);
		}
		$label    = empty( $parts['link'] ) ? __( 'View product', 'postwright' ) : $parts['link'];
		$button   = self::block( 'button', array(), '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="' . $url( $href ) . '">' . esc_html( $label ) . '</a></div>' );
		$blocks[] = self::block( 'buttons', array(), '<div class="wp-block-buttons">' . $button . '</div>' );
		return self::block( 'group', array( 'className' => 'postwright-product-card' ), '<div class="wp-block-group postwright-product-card">' . implode( "\n\n", $blocks ) . '</div>' );
	}

	/**
	 * Whether the site runs WooCommerce: its main class is loaded (WooCommerce declares it as it loads, before any admin
	 * page or REST request).
	 *
	 * @return bool
	 */
	public static function woocommerce_active() {
		return class_exists( 'WooCommerce' );
	}

	/**
	 * WooCommerce's Single Product block for one of the site's products, with the inner blocks of WooCommerce's own
	 * product listing pattern (image, linked name, price, add-to-cart button), as the service publishes it over REST:
	 * WooCommerce fills each from the product when the post is shown, so the price shown is always the store's.
	 *
	 * @param int $product_id The product's id in the site's WooCommerce store.
	 * @return string
	 */
	private static function woocommerce_product_block( $product_id ) {
		$inner = array(
			self::empty_block(
				'woocommerce/product-image',
				array(
					'showProductLink'                  => false,
					'showSaleBadge'                    => false,
					'isDescendentOfSingleProductBlock' => true,
				)
			),
			self::empty_block(
				'post-title',
				array(
					'level'                  => 3,
					'isLink'                 => true,
					'__woocommerceNamespace' => 'woocommerce/product-query/product-title',
				)
			),
			self::empty_block( 'woocommerce/product-price', array( 'isDescendentOfSingleProductBlock' => true ) ),
			self::empty_block( 'woocommerce/product-button', array( 'isDescendentOfSingleProductBlock' => true ) ),
		);
		return self::block(
			'woocommerce/single-product',
			array(
				'productId' => $product_id,
				'className' => 'postwright-product-card',
			),
			'<div class="wp-block-woocommerce-single-product postwright-product-card">' . implode( "\n\n", $inner ) . '</div>'
		);
	}

	/**
	 * A block without content (a self-closing comment), its attributes serialized as the block editor does.
	 *
	 * @param string $name  Block name without the core/ prefix.
	 * @param array  $attrs Attributes.
	 * @return string
	 */
	private static function empty_block( $name, array $attrs ) {
		return '<!-- wp:' . $name . ' ' . wp_json_encode( $attrs, JSON_UNESCAPED_SLASHES ) . ' /-->';
	}

	/**
	 * An image block, pointing at the media library copy when the image was sideloaded.
	 *
	 * @param DOMElement $img    The img element.
	 * @param array      $images Sideloaded images.
	 * @return string
	 */
	private static function image_block( $img, array $images ) {
		$src   = (string) $img->getAttribute( 'src' );
		$alt   = (string) $img->getAttribute( 'alt' );
		$local = $images[ $src ] ?? null;
		if ( $local ) {
			$alt = '' !== $alt ? $alt : $local['alt'];
			return self::block(
				'image',
				array(
					'id'              => (int) $local['id'],
					'sizeSlug'        => 'full',
					'linkDestination' => 'none',
				),
				// phpcs:ignore PluginCheck.CodeAnalysis.ImageFunctions.NonEnqueuedImage -- saved core/image block markup, exactly as the block's save() serializes it (wp_get_attachment_image() adds srcset and sizes, which the editor would flag as invalid block content); WordPress adds srcset when it renders the post.
				'<figure class="wp-block-image size-full"><img src="' . esc_url( $local['url'] ) . '" alt="' . esc_attr( $alt ) . '" class="wp-image-' . (int) $local['id'] . '"/></figure>'
			);
		}
		// phpcs:ignore PluginCheck.CodeAnalysis.ImageFunctions.NonEnqueuedImage -- saved core/image block markup for an image that is not in the media library (no attachment to pass to wp_get_attachment_image()), as the block's save() serializes it.
		return self::block( 'image', array(), '<figure class="wp-block-image"><img src="' . esc_url( $src ) . '" alt="' . esc_attr( $alt ) . '"/></figure>' );
	}

	/**
	 * The HTML inside a node.
	 *
	 * @param DOMDocument $document The document.
	 * @param DOMNode     $node     The node.
	 * @return string
	 */
	private static function inner_html( DOMDocument $document, DOMNode $node ) {
		$html = '';
		foreach ( $node->childNodes as $child ) {
			$html .= $document->saveHTML( $child );
		}
		return trim( $html );
	}

	/**
	 * Serialized block markup.
	 *
	 * @param string $name  Block name without the core/ prefix.
	 * @param array  $attrs Attributes.
	 * @param string $html  Inner HTML.
	 * @return string
	 */
	private static function block( $name, array $attrs, $html ) {
		$json = empty( $attrs ) ? '' : ' ' . wp_json_encode( $attrs );
		return '<!-- wp:' . $name . $json . " -->\n" . $html . "\n<!-- /wp:" . $name . ' -->';
	}
}
