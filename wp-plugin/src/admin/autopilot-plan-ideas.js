import { Button, Spinner, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';

/** Title ideas from the owner's niche, each added with one click; ideas too close to an existing topic are left out. */
export default function Ideas( { planId, busy, onAdd } ) {
	const [ niche, setNiche ] = useState( '' );
	const [ answer, setAnswer ] = useState( null );
	const [ asking, setAsking ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ addedTitles, setAddedTitles ] = useState( [] );

	const ask = async ( event ) => {
		event.preventDefault();
		setAsking( true );
		setError( null );
		try {
			setAnswer( await api.suggestPlanIdeas( planId, { niche } ) );
			setAddedTitles( [] );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setAsking( false );
		}
	};

	return (
		<form className="postwright-ideas" onSubmit={ ask } noValidate>
			<h3>{ __( 'Ideas', 'postwright' ) }</h3>
			<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Your niche', 'postwright' ) }
				help={ __( 'For example: organic gardening supplies. Each request counts as a title suggestion.', 'postwright' ) }
				value={ niche }
				onChange={ setNiche }
			/>
			<Button variant="secondary" type="submit" disabled={ asking || busy } isBusy={ asking }>
				{ __( 'Suggest ideas', 'postwright' ) }
			</Button>
			{ asking && <Spinner /> }
			{ answer && (
				<>
					{ answer.ideas.length === 0 && <p>{ __( 'No new ideas this time. Try describing your niche differently.', 'postwright' ) }</p> }
					<ul className="postwright-ideas__list">
						{ answer.ideas.map( ( idea ) => (
							<li key={ idea.title }>
								<strong>{ idea.title }</strong> <span className="description">({ idea.keywords.join( ', ' ) })</span>
								{ idea.overlap && (
									<>
										{ ' ' }
										{ sprintf(
											/* translators: 1: an existing title, 2: percent of shared words. */
											__( 'Close to “%1$s” (%2$d%% shared).', 'postwright' ),
											idea.overlap.title,
											idea.overlap.percent
										) }
									</>
								) }{ ' ' }
								{ addedTitles.includes( idea.title ) ? (
									<span>{ __( 'Added', 'postwright' ) }</span>
								) : (
									<Button
										variant="link"
										disabled={ busy }
										label={ `${ __( 'Add to the plan', 'postwright' ) }: ${ idea.title }` }
										showTooltip={ false }
										onClick={ async () => {
											if ( await onAdd( idea ) ) {
												setAddedTitles( [ ...addedTitles, idea.title ] );
											}
										} }
									>
										{ __( 'Add to the plan', 'postwright' ) }
									</Button>
								) }
							</li>
						) ) }
					</ul>
					{ answer.excluded > 0 && (
						<p className="description">
							{ sprintf(
								/* translators: %d: number of ideas left out. */
								__( '%d ideas were left out because you already cover their topic.', 'postwright' ),
								answer.excluded
							) }
						</p>
					) }
				</>
			) }
		</form>
	);
}
