import { Button, CheckboxControl, Notice, Spinner } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as review from '@postwright/core/contracts/refresh-review';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';

/**
 * One side of a change as readable text (the core's review: body parts without their tags, an image it cannot show
 * as a picture as its alt text, a link with its address), the words removed struck through on the before side and
 * those added underlined on the after side, each announced to screen readers.
 */
function ChangeSide( { segments, side } ) {
	return segments.map( ( segment, i ) => {
		if ( segment.kind === 'same' ) {
			return <span key={ i }>{ segment.text }</span>;
		}
		if ( side === 'before' && segment.kind === 'removed' ) {
			return (
				<del key={ i }>
					<span className="screen-reader-text">{ __( 'removed:', 'postwright' ) } </span>
					{ segment.text }
				</del>
			);
		}
		if ( side === 'after' && segment.kind === 'added' ) {
			return (
				<ins key={ i }>
					<span className="screen-reader-text">{ __( 'added:', 'postwright' ) } </span>
					{ segment.text }
				</ins>
			);
		}
		return null;
	} );
}

/**
 * A picture of an image change as a thumbnail (http and https addresses only, the core decides), its alt text beneath
 * as search engines read it, with the words removed or added marked.
 */
function ChangePicture( { image, segments, side } ) {
	return (
		<figure className="postwright-refresh-picture">
			<img src={ image.src } alt={ image.alt } loading="lazy" />
			<figcaption>
				<span className="postwright-refresh-picture__label">
					{ __( 'Alt text, read by search engines:', 'postwright' ) }
				</span>{ ' ' }
				{ image.alt ? (
					<ChangeSide segments={ segments } side={ side } />
				) : (
					<em>{ __( 'No alt text', 'postwright' ) }</em>
				) }
			</figcaption>
		</figure>
	);
}

/** A change's row: its checkbox, its two sides with what changed (an image as the picture itself), and why. */
function ChangeRow( { item, checked, disabled, onChange } ) {
	const { before, segments } = review.changeSides( item );
	const image = review.imageSides( item );
	const nothing = <em>{ __( '(new)', 'postwright' ) }</em>;
	let beforeSide = before ? <ChangeSide segments={ segments } side="before" /> : nothing;
	let afterSide = <ChangeSide segments={ segments } side="after" />;
	if ( image ) {
		beforeSide = image.before ? (
			<ChangePicture image={ image.before } segments={ image.segments } side="before" />
		) : (
			nothing
		);
		afterSide = <ChangePicture image={ image.after } segments={ image.segments } side="after" />;
	}
	return (
		<tr>
			<td>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ item.label }
					checked={ checked }
					disabled={ disabled }
					onChange={ onChange }
				/>
			</td>
			<td className="postwright-refresh-before">{ beforeSide }</td>
			<td className="postwright-refresh-after">{ afterSide }</td>
			<td>
				<ul>
					{ item.why.map( ( reason ) => (
						<li key={ reason }>{ reason }</li>
					) ) }
				</ul>
			</td>
		</tr>
	);
}

/** The SEO score before and after, each of 100, and the checks passed: as proposed, or once published. */
function ScoreChange( { before, after, published } ) {
	return (
		<dl className="postwright-refresh-scores">
			<div>
				<dt>
					{ published
						? __( 'SEO score before the update', 'postwright' )
						: __( 'SEO score now', 'postwright' ) }
				</dt>
				<dd>{ before.score }</dd>
			</div>
			<div>
				<dt>
					{ published
						? __( 'SEO score with the update', 'postwright' )
						: __( 'SEO score with the chosen changes', 'postwright' ) }
				</dt>
				<dd>{ after.score }</dd>
			</div>
			<div>
				<dt>{ __( 'Checks passed', 'postwright' ) }</dt>
				<dd>
					{ sprintf(
						/* translators: 1: checks passed now, 2: checks passed with the chosen changes, 3: all checks. */
						__( '%1$d → %2$d of %3$d', 'postwright' ),
						before.checks.filter( ( check ) => check.status === 'pass' ).length,
						after.checks.filter( ( check ) => check.status === 'pass' ).length,
						after.checks.length
					) }
				</dd>
			</div>
		</dl>
	);
}

/**
 * The refresh of one of this site's posts: Postwright reads the post and proposes an update section by section
 * (before, after and why side by side); the owner ticks the changes to take and sees the score they give (computed
 * by the service), publishes them in place (the same post and address, the previous version kept as a WordPress
 * revision), and can restore the previous version in one click. Nothing changes on the site before "Publish update".
 * Given a refresh's id instead of a post (one a content plan proposed, or one left earlier), it opens that refresh as
 * it stands: the changes still to choose, or those published.
 */
export default function RefreshPost( { post, refreshId, onDone } ) {
	const [ refresh, setRefresh ] = useState( null );
	const [ chosen, setChosen ] = useState( [] );
	const [ scores, setScores ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ busy, setBusy ] = useState( 'proposing' );
	const [ attempt, setAttempt ] = useState( 0 );
	const heading = useRef();
	// Only the answer to the latest choice is shown, whatever order the previews come back in.
	const latest = useRef( '' );

	useEffect( () => {
		let stopped = false;
		const opening = ! post && refreshId;
		setBusy( opening ? 'opening' : 'proposing' );
		setError( null );
		setRefresh( null );
		( opening ? api.getRefresh( refreshId ) : api.proposeRefresh( post.id ) )
			.then( ( answer ) => {
				if ( stopped ) {
					return;
				}
				setRefresh( answer );
				// Every change until the owner chooses; once published, those published.
				const initial = answer.scores?.chosenItemIds ?? review.everyChange( answer.items );
				latest.current = review.choiceKey( initial );
				setChosen( initial );
				setScores( answer.scores );
				setBusy( null );
			} )
			.catch( ( caught ) => {
				if ( ! stopped ) {
					setError( api.errorOf( caught ) );
					setBusy( null );
				}
			} );
		return () => {
			stopped = true;
		};
	}, [ post, refreshId, attempt ] );

	useEffect( () => {
		heading.current?.focus();
	}, [] );

	// The review's rules, as on the site and in the Shopify app: the choice in the proposal's order, scored by the
	// service unless the scores shown are already this choice's.
	const choose = async ( itemId, taken ) => {
		const next = review.toggleChoice( refresh.items, chosen, itemId, taken );
		setChosen( next );
		latest.current = review.choiceKey( next );
		const toScore = review.choiceToScore( { state: refresh.state, chosen: next, scores } );
		if ( ! toScore ) {
			return;
		}
		try {
			const answer = await api.previewRefresh( refresh.id, toScore );
			if ( review.answersLatestChoice( answer, latest.current ) ) {
				setScores( answer );
			}
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		}
	};

	const act = async ( what, run ) => {
		setBusy( what );
		setError( null );
		try {
			const answer = await run();
			setRefresh( answer );
			setScores( answer.scores );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( null );
		}
	};

	const conflict = error?.status === 409;
	const state = refresh?.state;
	return (
		<section className="postwright-refresh" aria-labelledby="postwright-refresh-title">
			<p>
				<Button variant="link" onClick={ onDone }>
					{ __( '← Back to Your posts', 'postwright' ) }
				</Button>
			</p>
			<h2 id="postwright-refresh-title" tabIndex={ -1 } ref={ heading }>
				{ post || refresh
					? sprintf(
							/* translators: %s: the post's title. */
							__( 'Refresh “%s”', 'postwright' ),
							post ? post.title || post.url : refresh.title || refresh.url
					  )
					: __( 'Refresh', 'postwright' ) }
			</h2>
			{ busy === 'opening' && (
				<p role="status" className="postwright-refresh-progress">
					<Spinner />
					{ __( 'Opening the refresh…', 'postwright' ) }
				</p>
			) }
			{ busy === 'proposing' && (
				<p role="status" className="postwright-refresh-progress">
					<Spinner />
					{ __(
						'Postwright is reading the post on your site and writing an update. Nothing is changed on your site until you publish it…',
						'postwright'
					) }
				</p>
			) }
			{ conflict ? (
				<Notice status="error" isDismissible={ false }>
					{ error.message }{ ' ' }
					{ post ? (
						<Button variant="secondary" onClick={ () => setAttempt( attempt + 1 ) }>
							{ __( 'Propose a new update', 'postwright' ) }
						</Button>
					) : (
						<Button variant="secondary" onClick={ onDone }>
							{ __( 'Choose the post again in Your posts', 'postwright' ) }
						</Button>
					) }
				</Notice>
			) : (
				<ErrorNotice error={ error } onRemove={ refresh ? () => setError( null ) : undefined } />
			) }
			{ refresh && state === 'published' && (
				<Notice status="success" isDismissible={ false }>
					{ __(
						'The post was updated in place: same address, and the previous version is kept as a WordPress revision.',
						'postwright'
					) }
				</Notice>
			) }
			{ refresh && state === 'restored' && (
				<Notice status="success" isDismissible={ false }>
					{ __( 'The previous version of the post is back on your site.', 'postwright' ) }
				</Notice>
			) }
			{ refresh && scores && (
				<ScoreChange
					before={ scores.before }
					after={ review.shownScore( scores, chosen ) }
					published={ state !== 'proposed' }
				/>
			) }
			{ refresh && refresh.items.length === 0 && (
				<p>{ __( 'This post needs no change: every check Postwright could fix already passes.', 'postwright' ) }</p>
			) }
			{ refresh && refresh.items.length > 0 && (
				<table className="widefat postwright-refresh-items">
					<caption className="screen-reader-text">
						{ __( 'Proposed changes, section by section', 'postwright' ) }
					</caption>
					<thead>
						<tr>
							<th scope="col">{ __( 'Take', 'postwright' ) }</th>
							<th scope="col">{ __( 'Before', 'postwright' ) }</th>
							<th scope="col">{ __( 'After', 'postwright' ) }</th>
							<th scope="col">{ __( 'Why', 'postwright' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ refresh.items.map( ( item ) => (
							<ChangeRow
								key={ item.id }
								item={ item }
								checked={ chosen.includes( item.id ) }
								disabled={ state !== 'proposed' || !! busy }
								onChange={ ( taken ) => choose( item.id, taken ) }
							/>
						) ) }
					</tbody>
				</table>
			) }
			{ refresh && (
				<p className="postwright-refresh-actions">
					{ state === 'proposed' && refresh.items.length > 0 && (
						<Button
							variant="primary"
							isBusy={ busy === 'publishing' }
							disabled={ chosen.length === 0 || !! busy }
							onClick={ () => act( 'publishing', () => api.publishRefresh( refresh.id, chosen ) ) }
						>
							{ busy === 'publishing' ? __( 'Publishing…', 'postwright' ) : __( 'Publish update', 'postwright' ) }
						</Button>
					) }
					{ state === 'proposed' && chosen.length === 0 && refresh.items.length > 0 && (
						<span role="status">{ __( 'Choose at least one change to publish.', 'postwright' ) }</span>
					) }
					{ refresh.canRestore && (
						<Button
							variant="secondary"
							isBusy={ busy === 'restoring' }
							disabled={ !! busy }
							onClick={ () => act( 'restoring', () => api.restoreRefresh( refresh.id ) ) }
						>
							{ busy === 'restoring'
								? __( 'Restoring…', 'postwright' )
								: __( 'Restore previous version', 'postwright' ) }
						</Button>
					) }{ ' ' }
					{ refresh.url && (
						<a href={ refresh.url } target="_blank" rel="noreferrer">
							{ __( 'View the post', 'postwright' ) }
						</a>
					) }
				</p>
			) }
		</section>
	);
}
