import {
	Button,
	Card,
	CardBody,
	CardHeader,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import PostSoFar from '../components/post-so-far';
import FeaturedProducts from './featured-products';

const STAGE_LABELS = {
	queued: __( 'Waiting to start…', 'postwright' ),
	planning: __( 'Planning the post…', 'postwright' ),
	writing: __( 'Writing…', 'postwright' ),
	reviewing: __( 'Checking SEO…', 'postwright' ),
	done: __( 'Done', 'postwright' ),
};

export const splitKeywords = ( text ) =>
	text
		.split( ',' )
		.map( ( keyword ) => keyword.trim() )
		.filter( Boolean );

/** The generator: title with suggestions, keywords, context, then progress until the post is written. */
export default function Generator( { onGenerated, pollOptions, woocommerce = false, searchDelayMs } ) {
	const [ title, setTitle ] = useState( '' );
	const [ keywords, setKeywords ] = useState( '' );
	const [ focusKeyphrase, setFocusKeyphrase ] = useState( '' );
	const [ companyName, setCompanyName ] = useState( '' );
	const [ seoInstructions, setSeoInstructions ] = useState( '' );
	const [ suggestions, setSuggestions ] = useState( [] );
	const [ featured, setFeatured ] = useState( [] );
	const [ showProductCards, setShowProductCards ] = useState( false );
	const [ stage, setStage ] = useState( null );
	const [ parts, setParts ] = useState( [] );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );

	const suggest = async () => {
		setBusy( true );
		setError( null );
		try {
			const answer = await api.suggestTitles( {
				originalTitle: title,
				keywords: splitKeywords( keywords ),
			} );
			setSuggestions(
				[ answer.optimizedTitle, ...( answer.titleVariations ?? [] ) ].filter(
					( value, index, all ) => value && all.indexOf( value ) === index
				)
			);
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	const generate = async ( event ) => {
		event.preventDefault();
		setBusy( true );
		setError( null );
		try {
			const started = await api.startGeneration( {
				title,
				keywords: splitKeywords( keywords ),
				// Empty: the service aims the post at the first keyword.
				...( focusKeyphrase.trim() ? { focusKeyphrase: focusKeyphrase.trim() } : {} ),
				companyName,
				seoInstructions,
				...( featured.length
					? {
							featured: featured.map( ( product ) => product.id ),
							showProductCards,
					  }
					: {} ),
			} );
			setStage( started.stage );
			const finished = await api.waitForGeneration(
				started.id,
				( generation ) => {
					setStage( generation.stage );
					setParts( generation.parts ?? [] );
				},
				pollOptions
			);
			onGenerated( finished.post, splitKeywords( keywords ) );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
			setStage( null );
			setParts( [] );
		}
	};

	return (
		<Card className="postwright-generator">
			<CardHeader>
				<h2>{ __( 'Write a post', 'postwright' ) }</h2>
			</CardHeader>
			<CardBody>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				<form onSubmit={ generate }>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Title', 'postwright' ) }
						value={ title }
						onChange={ setTitle }
						required
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Keywords (separated by commas)', 'postwright' ) }
						value={ keywords }
						onChange={ setKeywords }
						required
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Focus keyphrase (optional)', 'postwright' ) }
						help={ __(
							'The phrase the post, its SEO title and its address aim at. Leave empty to use the first keyword.',
							'postwright'
						) }
						value={ focusKeyphrase }
						onChange={ setFocusKeyphrase }
					/>
					<Button
						variant="secondary"
						onClick={ suggest }
						disabled={ busy || ! title.trim() }
					>
						{ __( 'Suggest titles', 'postwright' ) }
					</Button>
					{ suggestions.length > 0 && (
						<ul className="postwright-suggestions" aria-label={ __( 'Title suggestions', 'postwright' ) }>
							{ suggestions.map( ( suggestion ) => (
								<li key={ suggestion }>
									<Button variant="link" onClick={ () => setTitle( suggestion ) }>
										{ suggestion }
									</Button>
								</li>
							) ) }
						</ul>
					) }
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Company name (optional)', 'postwright' ) }
						value={ companyName }
						onChange={ setCompanyName }
					/>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __( 'SEO instructions (optional)', 'postwright' ) }
						value={ seoInstructions }
						onChange={ setSeoInstructions }
					/>
					{ woocommerce && (
						<FeaturedProducts
							value={ featured }
							onChange={ setFeatured }
							showCards={ showProductCards && featured.length > 0 }
							onShowCardsChange={ setShowProductCards }
							searchDelayMs={ searchDelayMs }
						/>
					) }
					<Button
						variant="primary"
						type="submit"
						isBusy={ busy && stage !== null }
						disabled={ busy || ! title.trim() || splitKeywords( keywords ).length === 0 }
					>
						{ __( 'Generate post', 'postwright' ) }
					</Button>
					{ stage && (
						<p className="postwright-progress" role="status">
							{ STAGE_LABELS[ stage ] ?? stage }
						</p>
					) }
					{ stage && <PostSoFar parts={ parts } /> }
				</form>
			</CardBody>
		</Card>
	);
}
