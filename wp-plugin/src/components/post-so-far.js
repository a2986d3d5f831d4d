import { RawHTML, useMemo } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { sanitizePreviewHtml } from './content-preview';
import './post-so-far.scss';

/**
 * What a part still being written is called.
 *
 * @param {number}      index Its place in the post.
 * @param {number|null} total How many parts the post has, once known.
 * @return {string} Its name.
 */
function partName( index, total ) {
	if ( index === 0 ) {
		return __( 'Introduction', 'postwright' );
	}
	if ( total !== null && index === total - 1 ) {
		return __( 'Conclusion', 'postwright' );
	}
	/* translators: %d: the place of a section in the post, from 1. */
	return sprintf( __( 'Section %d', 'postwright' ), index );
}

/**
 * The post as it is written: the parts the service has so far (in reading order), with a placeholder for each part
 * still being written once the number of parts is known. Screen readers are told politely how many parts are written,
 * never the text itself; nothing takes the focus, and the box scrolls with the keyboard.
 *
 * @param {Object}   props
 * @param {Object[]} props.parts The parts so far ({ index, total, kind, heading, html }).
 */
export default function PostSoFar( { parts } ) {
	const written = useMemo(
		() =>
			[ ...( parts ?? [] ) ]
				.sort( ( a, b ) => a.index - b.index )
				.map( ( part ) => ( { ...part, safe: sanitizePreviewHtml( part.html ) } ) ),
		[ parts ]
	);
	if ( written.length === 0 ) {
		return null;
	}
	const known = written.map( ( part ) => part.total ).filter( ( total ) => typeof total === 'number' );
	const total = known.length
		? Math.max( ...known, ...written.map( ( part ) => part.index + 1 ) )
		: null;
	const byIndex = new Map( written.map( ( part ) => [ part.index, part ] ) );
	const slots = total === null ? written.map( ( part ) => part.index ) : [ ...Array( total ).keys() ];
	const count =
		total === null
			? sprintf(
					/* translators: %d: how many parts of the post are written. */
					_n( '%d part written', '%d parts written', written.length, 'postwright' ),
					written.length
			  )
			: sprintf(
					/* translators: 1: how many parts of the post are written, 2: how many it has. */
					_n( '%1$d of %2$d part written', '%1$d of %2$d parts written', total, 'postwright' ),
					written.length,
					total
			  );
	return (
		<div className="postwright-post-so-far">
			<h3 id="postwright-post-so-far-title">{ __( 'Your post so far', 'postwright' ) }</h3>
			<p className="postwright-post-so-far__count" aria-live="polite">
				{ count }
			</p>
			<section
				className="postwright-post-so-far__parts"
				aria-labelledby="postwright-post-so-far-title"
				// Scrolls within its own height: reachable with the keyboard.
				tabIndex={ 0 }
			>
				<ol aria-busy={ total === null || written.length < total }>
					{ slots.map( ( index ) => {
						const part = byIndex.get( index );
						return part ? (
							<li key={ index } className="postwright-post-so-far__part">
								<RawHTML className="postwright-preview__body">{ part.safe }</RawHTML>
							</li>
						) : (
							<li key={ index } className="postwright-post-so-far__placeholder">
								{ sprintf(
									/* translators: %s: the name of a part of the post, such as "Introduction". */
									__( '%s: being written…', 'postwright' ),
									partName( index, total )
								) }
							</li>
						);
					} ) }
				</ol>
			</section>
		</div>
	);
}
