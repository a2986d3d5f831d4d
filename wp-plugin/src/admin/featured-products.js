/**
 * Featured products on the write form: a search over the site's WooCommerce products (up to as many as a post can
 * feature), the ones picked with a way to take each out again, and "Show product cards".
 */
import { Button, ComboboxControl, ToggleControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { MAX_FEATURED_ITEMS } from '@postwright/core/contracts/featured-limit';
import * as api from '../api';

const label = ( product ) =>
	product.price
		? /* translators: 1: product name, 2: its price with the currency, "38.00 USD". */
		  sprintf( __( '%1$s (%2$s)', 'postwright' ), product.name, product.price )
		: product.name;

export default function FeaturedProducts( { value, onChange, showCards, onShowCardsChange, searchDelayMs = 250 } ) {
	const [ search, setSearch ] = useState( '' );
	const [ found, setFound ] = useState( [] );
	const [ loading, setLoading ] = useState( false );
	const [ searched, setSearched ] = useState( false );
	const [ error, setError ] = useState( null );
	const full = value.length >= MAX_FEATURED_ITEMS;

	useEffect( () => {
		if ( full ) {
			return undefined;
		}
		let current = true;
		setLoading( true );
		const timer = setTimeout( () => {
			api.searchStoreProducts( search ).then(
				( answer ) => {
					if ( current ) {
						setFound( answer.products ?? [] );
						setError( null );
						setSearched( true );
						setLoading( false );
					}
				},
				( caught ) => {
					if ( current ) {
						setFound( [] );
						setError( api.errorOf( caught ).message );
						setLoading( false );
					}
				}
			);
		}, searchDelayMs );
		return () => {
			current = false;
			clearTimeout( timer );
		};
	}, [ search, full, searchDelayMs ] );

	const options = found
		.filter( ( product ) => ! value.some( ( picked ) => picked.id === product.id ) )
		.map( ( product ) => ( { value: product.id, label: label( product ) } ) );

	const pick = ( id ) => {
		const product = found.find( ( candidate ) => candidate.id === id );
		if ( product && ! full ) {
			onChange( [ ...value, product ] );
		}
	};

	return (
		<div className="postwright-featured-products">
			{ full ? (
				<p>
					{ sprintf(
						/* translators: %d: how many products a post can feature. */
						__( 'A post features at most %d products. Remove one to feature another.', 'postwright' ),
						MAX_FEATURED_ITEMS
					) }
				</p>
			) : (
				<ComboboxControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Featured products', 'postwright' ) }
					help={ sprintf(
						/* translators: %d: how many products a post can feature. */
						__(
							'Search your WooCommerce products and pick up to %d: the post names them with the store’s prices and stock.',
							'postwright'
						),
						MAX_FEATURED_ITEMS
					) }
					value={ null }
					options={ options }
					onChange={ pick }
					onFilterValueChange={ setSearch }
					isLoading={ loading }
				/>
			) }
			{ ! full && loading && (
				<p role="status" className="postwright-featured-products__status">
					{ __( 'Searching your products…', 'postwright' ) }
				</p>
			) }
			{ ! full && ! loading && error && (
				<p role="alert" className="postwright-featured-products__status">
					{ error }
				</p>
			) }
			{ ! full && ! loading && ! error && searched && options.length === 0 && (
				<p role="status" className="postwright-featured-products__status">
					{ search.trim()
						? sprintf(
								/* translators: %s: the words searched for. */
								__( 'No products match “%s”.', 'postwright' ),
								search.trim()
						  )
						: __( 'No products to feature.', 'postwright' ) }
				</p>
			) }
			{ value.length > 0 && (
				<ul aria-label={ __( 'Products to feature', 'postwright' ) }>
					{ value.map( ( product ) => (
						<li key={ product.id }>
							{ label( product ) }{ ' ' }
							<Button
								variant="link"
								isDestructive
								aria-label={ sprintf(
									/* translators: %s: product name. */
									__( 'Remove %s', 'postwright' ),
									product.name
								) }
								onClick={ () => onChange( value.filter( ( picked ) => picked.id !== product.id ) ) }
							>
								{ __( 'Remove', 'postwright' ) }
							</Button>
						</li>
					) ) }
				</ul>
			) }
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Show product cards', 'postwright' ) }
				help={ __(
					'Each featured product also appears in the post as a card: its image, name, price and a link.',
					'postwright'
				) }
				checked={ showCards }
				onChange={ onShowCardsChange }
				disabled={ value.length === 0 }
			/>
		</div>
	);
}
