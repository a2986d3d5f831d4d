import { Button, TabPanel } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import PlanCalendar from './autopilot-calendar';
import { ITEM_STATUS_LABELS, slotText } from './autopilot-format';
import { itemsPageOf } from './autopilot-plan-pages';
import { usePlanViewQuery } from './autopilot-view-query';

/** What the owner can do with a title now: the service's own rule for its status (item.actions). */
const can = ( action ) => ( item ) => ( item.actions ?? [] ).includes( action );
const canMove = can( 'move' );
const canEdit = can( 'edit' );
const canSkip = can( 'skip' );
const canRemove = can( 'remove' );

/** The plan's titles as a list or on a month calendar; the choice and the month are kept in the page's address. */
export default function PlanTitles( { plan, busy, canPublish, onReview, onEdit, act } ) {
	const { view, setView, month, setMonth } = usePlanViewQuery( plan.cadence.timeZone );
	return (
		<TabPanel
			className="postwright-plan__views"
			initialTabName={ view }
			onSelect={ setView }
			tabs={ [
				{ name: 'list', title: __( 'List', 'postwright' ) },
				{ name: 'calendar', title: __( 'Calendar', 'postwright' ) },
			] }
		>
			{ ( tab ) =>
				tab.name === 'calendar' ? (
					<PlanCalendar plan={ plan } month={ month } onMonthChange={ setMonth } onReview={ onReview } busy={ busy } />
				) : (
					<ItemsTable plan={ plan } busy={ busy } canPublish={ canPublish } onReview={ onReview } onEdit={ onEdit } act={ act } />
				)
			}
		</TabPanel>
	);
}

/**
 * What the owner can do with a title now, each as a button: what it does, what it shows when not that, its variant
 * (tertiary otherwise), whether it is disabled beyond while a change runs, and what a click does.
 *
 * @param {Object}   item              The title.
 * @param {Object}   context           The list around it.
 * @param {boolean}  context.canPublish Whether the person may approve drafts.
 * @param {boolean}  context.isFirst    Whether no waiting title can come before it.
 * @param {boolean}  context.isLast     Whether no waiting title can come after it.
 * @param {Function} context.run        Runs one of the service's actions on the title, with what to say when done.
 * @param {Function} context.onReview   Opens its draft.
 * @param {Function} context.onEdit     Opens its dialog.
 * @return {Object[]} The actions.
 */
function itemActions( item, { canPublish, isFirst, isLast, run, onReview, onEdit } ) {
	const move = ( direction ) => run( ( planId, itemId ) => api.movePlanItem( planId, itemId, direction ) );
	return [
		item.status === 'to_review' &&
			item.post && { label: __( 'Review draft', 'postwright' ), variant: 'secondary', onClick: () => onReview( item ) },
		can( 'approve' )( item ) &&
			canPublish && {
				label: __( 'Approve', 'postwright' ),
				variant: 'primary',
				onClick: run( api.approvePlanItem, __( 'Approved: it will be published in its slot.', 'postwright' ) ),
			},
		canMove( item ) && {
			label: __( 'Move earlier', 'postwright' ),
			text: __( 'Earlier', 'postwright' ),
			disabled: isFirst,
			onClick: move( 'earlier' ),
		},
		canMove( item ) && {
			label: __( 'Move later', 'postwright' ),
			text: __( 'Later', 'postwright' ),
			disabled: isLast,
			onClick: move( 'later' ),
		},
		canEdit( item ) && { label: __( 'Edit', 'postwright' ), variant: 'secondary', onClick: () => onEdit( item ) },
		canSkip( item ) && {
			label: __( 'Skip', 'postwright' ),
			onClick: run( api.skipPlanItem, __( 'Skipped: it will not be published.', 'postwright' ) ),
		},
		canRemove( item ) && {
			label: __( 'Remove', 'postwright' ),
			isDestructive: true,
			onClick: run( api.removePlanItem, __( 'Title removed.', 'postwright' ) ),
		},
	].filter( Boolean );
}

/** The plan's titles: slot, status, SEO score of drafts, the reason for a failure or a skip, and their actions. */
function ItemsTable( { plan, busy, canPublish, onReview, onEdit, act } ) {
	const waiting = plan.items.filter( canMove );
	// Waiting titles on the pages around this one can trade places with its first and last.
	const page = itemsPageOf( plan );
	const before = page.page > 1;
	const after = page.page * page.pageSize < page.total;
	return (
		<table className="widefat striped postwright-plan__items">
			<caption className="screen-reader-text">{ __( 'Titles of the plan', 'postwright' ) }</caption>
			<thead>
				<tr>
					{ [
						__( 'Title', 'postwright' ),
						__( 'Slot', 'postwright' ),
						__( 'Status', 'postwright' ),
						__( 'Actions', 'postwright' ),
					].map( ( column ) => (
						<th scope="col" key={ column }>
							{ column }
						</th>
					) ) }
				</tr>
			</thead>
			<tbody>
				{ plan.items.map( ( item ) => {
					const position = waiting.indexOf( item );
					return (
						<tr key={ item.id }>
							<td>
								<strong>{ item.title }</strong>
								<br />
								<span className="description">{ item.keywords.join( ', ' ) }</span>
							</td>
							<td>{ slotText( item.slotAt, plan.cadence.timeZone ) }</td>
							<td>
								<span className={ `postwright-status is-${ item.status }` }>
									{ ITEM_STATUS_LABELS[ item.status ] ?? item.status }
								</span>
								{ item.post && item.status === 'to_review' && (
									<>
										<br />
										<span>
											{ sprintf(
												/* translators: %d: SEO score out of 100. */
												__( 'SEO score: %d/100', 'postwright' ),
												item.post.seoScore
											) }
										</span>
									</>
								) }
								{ item.lastError && [ 'failed', 'skipped' ].includes( item.status ) && (
									<>
										<br />
										<span className="postwright-plan__reason">{ item.lastError }</span>
									</>
								) }
							</td>
							<td className="postwright-actions">
								{ itemActions( item, {
									canPublish,
									isFirst: position <= 0 && ! before,
									isLast: position === waiting.length - 1 && ! after,
									run: ( call, done ) => () => act( () => call( plan.id, item.id ), done ),
									onReview,
									onEdit,
								} ).map( ( action ) => (
									<Button
										key={ action.label }
										variant={ action.variant ?? 'tertiary' }
										size="small"
										isDestructive={ action.isDestructive }
										disabled={ busy || !! action.disabled }
										// The accessible name also names the title.
										label={ `${ action.label }: ${ item.title }` }
										showTooltip={ false }
										onClick={ action.onClick }
									>
										{ action.text ?? action.label }
									</Button>
								) ) }
							</td>
						</tr>
					);
				} ) }
			</tbody>
		</table>
	);
}
