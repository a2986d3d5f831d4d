import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Which titles a plan's answer holds: its itemsPage, or (from a service that does not page) all of them on one page.
 *
 * @param {Object} plan The plan as the service answers it.
 * @return {{page: number, pageSize: number, total: number}} The page.
 */
export const itemsPageOf = ( plan ) =>
	plan.itemsPage ?? { page: 1, pageSize: Math.max( 1, plan.items.length ), total: plan.items.length };

/**
 * "Showing 51–100 of 2,000 titles", or what a page after the last holds.
 *
 * @param {{page: number, pageSize: number, total: number}} page  The page.
 * @param {number}                                          shown How many titles it holds.
 * @return {string} The sentence.
 */
export function pageText( page, shown ) {
	const number = ( value ) => value.toLocaleString( 'en-US' );
	if ( shown === 0 ) {
		return sprintf(
			/* translators: %s: number of titles in the plan. */
			__( 'No titles on this page: the plan has %s.', 'postwright' ),
			number( page.total )
		);
	}
	const from = ( page.page - 1 ) * page.pageSize + 1;
	return sprintf(
		/* translators: 1: first title shown, 2: last title shown, 3: number of titles in the plan. */
		__( 'Showing %1$s–%2$s of %3$s titles', 'postwright' ),
		number( from ),
		number( from + shown - 1 ),
		number( page.total )
	);
}

/** Previous and Next through a long plan's titles, with which are shown (nothing when they fit on one page). */
export default function TitlePages( { plan, onPage } ) {
	const page = itemsPageOf( plan );
	const last = Math.max( 1, Math.ceil( page.total / page.pageSize ) );
	if ( last === 1 && page.page === 1 ) {
		return null;
	}
	return (
		<nav className="postwright-plan__pages" aria-label={ __( 'Pages of titles', 'postwright' ) }>
			<p aria-live="polite">{ pageText( page, plan.items.length ) }</p>
			<Button
				variant="secondary"
				size="small"
				disabled={ page.page <= 1 }
				onClick={ () => onPage( Math.min( page.page - 1, last ) ) }
			>
				{ __( 'Previous', 'postwright' ) }
			</Button>
			<Button variant="secondary" size="small" disabled={ page.page >= last } onClick={ () => onPage( page.page + 1 ) }>
				{ __( 'Next', 'postwright' ) }
			</Button>
		</nav>
	);
}
