import { Button, TabPanel } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import PlanCalendar from './autopilot-calendar';
import { ITEM_STATUS_LABELS, slotText } from './autopilot-format';
import { itemsPageOf } from './autopilot-plan-pages';
import { usePlanViewQuery } from './autopilot-view-query';

/** What each status lets the owner do with a title. */
const canMove = ( item ) => item.status === 'planned' && ! item.post;
const canEdit = canMove;
const canSkip = ( item ) => [ 'planned', 'to_review', 'approved' ].includes( item.status );
const canRemove = ( item ) =>
	[ 'planned', 'skipped', 'failed' ].includes( item.status ) && ( item.status !== 'planned' || ! item.post );

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
 * One of a title's actions: a small button whose accessible name also names the title.
 *
 * @param {Object}   props               The props.
 * @param {Object}   props.item          The title.
 * @param {string}   props.label         What the button does.
 * @param {string}   [props.text]        What it shows, when not its label.
 * @param {string}   [props.variant]     The button's variant.
 * @param {boolean}  [props.disabled]    Whether it is disabled.
 * @param {boolean}  [props.isDestructive] Whether it removes something.
 * @param {Function} props.onClick       What it does.
 * @return {Element} The button.
 */
function ItemAction( { item, label, text, variant = 'tertiary', disabled, isDestructive, onClick } ) {
	return (
		<Button
			variant={ variant }
			size="small"
			isDestructive={ isDestructive }
			disabled={ disabled }
			label={ `${ label }: ${ item.title }` }
			showTooltip={ false }
			onClick={ onClick }
		>
			{ text ?? label }
		</Button>
	);
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
					<th scope="col">{ __( 'Title', 'postwright' ) }</th>
					<th scope="col">{ __( 'Slot', 'postwright' ) }</th>
					<th scope="col">{ __( 'Status', 'postwright' ) }</th>
					<th scope="col">{ __( 'Actions', 'postwright' ) }</th>
				</tr>
			</thead>
			<tbody>
				{ plan.items.map( ( item ) => {
					const position = waiting.indexOf( item );
					/** Runs one of the service's actions on this title, then says what happened (if anything). */
					const run = ( call, done ) => () => act( () => call( plan.id, item.id ), done );
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
								{ item.status === 'to_review' && item.post && (
									<ItemAction
										item={ item }
										variant="secondary"
										disabled={ busy }
										label={ __( 'Review draft', 'postwright' ) }
										onClick={ () => onReview( item ) }
									/>
								) }
								{ item.status === 'to_review' && canPublish && (
									<ItemAction
										item={ item }
										variant="primary"
										disabled={ busy }
										label={ __( 'Approve', 'postwright' ) }
										onClick={ run( api.approvePlanItem, __( 'Approved: it will be published in its slot.', 'postwright' ) ) }
									/>
								) }
								{ canMove( item ) && (
									<>
										<ItemAction
											item={ item }
											disabled={ busy || ( position <= 0 && ! before ) }
											label={ __( 'Move earlier', 'postwright' ) }
											text={ __( 'Earlier', 'postwright' ) }
											onClick={ run( ( planId, itemId ) => api.movePlanItem( planId, itemId, 'earlier' ) ) }
										/>
										<ItemAction
											item={ item }
											disabled={ busy || ( position === waiting.length - 1 && ! after ) }
											label={ __( 'Move later', 'postwright' ) }
											text={ __( 'Later', 'postwright' ) }
											onClick={ run( ( planId, itemId ) => api.movePlanItem( planId, itemId, 'later' ) ) }
										/>
									</>
								) }
								{ canEdit( item ) && (
									<ItemAction
										item={ item }
										variant="secondary"
										disabled={ busy }
										label={ __( 'Edit', 'postwright' ) }
										onClick={ () => onEdit( item ) }
									/>
								) }
								{ canSkip( item ) && (
									<ItemAction
										item={ item }
										disabled={ busy }
										label={ __( 'Skip', 'postwright' ) }
										onClick={ run( api.skipPlanItem, __( 'Skipped: it will not be published.', 'postwright' ) ) }
									/>
								) }
								{ canRemove( item ) && (
									<ItemAction
										item={ item }
										isDestructive
										disabled={ busy }
										label={ __( 'Remove', 'postwright' ) }
										onClick={ run( api.removePlanItem, __( 'Title removed.', 'postwright' ) ) }
									/>
								) }
							</td>
						</tr>
					);
				} ) }
			</tbody>
		</table>
	);
}
