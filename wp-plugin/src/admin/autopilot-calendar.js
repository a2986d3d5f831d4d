/**
 * A plan's titles on a month calendar (weeks from Monday), each on its slot's day in the plan's time zone with its time
 * and the status the list shows (failed and skipped ones say why); the titles without a slot yet are listed under it.
 * A draft to review opens as "Review draft" opens it in the list. Which day, which weeks and which month come from the
 * core's calendar module, shared with the site and the Shopify app; only the words are formatted here.
 */
import {
	countInMonth,
	dayKey,
	groupBySlotDay,
	monthWeeks,
	shiftMonth,
} from '@postwright/core/autopilot/plan-calendar';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { dayText, dayTitle, ITEM_STATUS_LABELS, monthTitle, slotTime, WEEKDAYS, zoneText } from './autopilot-format';

export default function PlanCalendar( { plan, month, onMonthChange, onReview, busy } ) {
	const zone = plan.cadence.timeZone;
	const { days, unscheduled } = groupBySlotDay( plan.items, zone );
	const today = dayKey( new Date(), zone );
	const title = monthTitle( month );
	const headingId = `postwright-calendar-month-${ plan.id }`;

	return (
		<div className="postwright-calendar">
			<div className="postwright-calendar__bar">
				<h4 id={ headingId } aria-live="polite">
					{ title }
				</h4>
				<div className="postwright-actions">
					<Button variant="secondary" size="compact" onClick={ () => onMonthChange( shiftMonth( month, -1 ) ) }>
						{ __( 'Previous month', 'postwright' ) }
					</Button>
					<Button variant="secondary" size="compact" onClick={ () => onMonthChange( null ) }>
						{ __( 'Today', 'postwright' ) }
					</Button>
					<Button variant="secondary" size="compact" onClick={ () => onMonthChange( shiftMonth( month, 1 ) ) }>
						{ __( 'Next month', 'postwright' ) }
					</Button>
				</div>
			</div>
			<p className="description">
				{ sprintf(
					/* translators: %s: time zone, e.g. Europe/Paris. */
					__( 'Times are in %s, the plan’s time zone.', 'postwright' ),
					zoneText( zone )
				) }
			</p>
			{ countInMonth( days, month ) === 0 && (
				<p className="postwright-calendar__empty">
					{ sprintf(
						/* translators: %s: month and year, e.g. March 2026. */
						__( 'Nothing planned, published or failed in %s.', 'postwright' ),
						title
					) }
				</p>
			) }
			<table className="postwright-calendar__grid" aria-labelledby={ headingId }>
				<thead>
					<tr>
						{ WEEKDAYS.map( ( weekday ) => (
							<th key={ weekday.value } scope="col">
								<span aria-hidden="true">{ weekday.short }</span>
								<span className="screen-reader-text">{ weekday.long }</span>
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ monthWeeks( month ).map( ( week ) => (
						<tr key={ week[ 0 ].key }>
							{ week.map( ( day ) => {
								const items = days.get( day.key ) ?? [];
								const isToday = day.key === today;
								const classes = [
									'postwright-calendar__day',
									! day.inMonth && 'is-outside',
									isToday && 'is-today',
								].filter( Boolean );
								const spoken = isToday
									? /* translators: %s: a day, e.g. Monday, March 2. */
									  sprintf( __( '%s (today)', 'postwright' ), dayTitle( day.key ) )
									: dayTitle( day.key );
								return (
									<td key={ day.key } className={ classes.join( ' ' ) } aria-current={ isToday ? 'date' : undefined }>
										<span className="postwright-calendar__date">
											<span aria-hidden="true">{ day.day }</span>
											<span className="screen-reader-text">{ spoken }</span>
										</span>
										{ items.length > 0 && (
											<ul>
												{ items.map( ( item ) => (
													<li key={ item.id }>
														<Entry
															item={ item }
															when={ slotTime( item.slotAt, zone ) }
															onReview={ onReview }
															busy={ busy }
														/>
													</li>
												) ) }
											</ul>
										) }
									</td>
								);
							} ) }
						</tr>
					) ) }
				</tbody>
			</table>

			{ unscheduled.length > 0 && (
				<section className="postwright-calendar__waiting" aria-labelledby={ `${ headingId }-waiting` }>
					<h4 id={ `${ headingId }-waiting` }>{ __( 'Waiting for a slot', 'postwright' ) }</h4>
					<p className="description">
						{ __( 'These titles take the plan’s next free slots, in this order.', 'postwright' ) }
					</p>
					<ul>
						{ unscheduled.map( ( item ) => (
							<li key={ item.id }>
								<Entry item={ item } when={ wantedOn( item, zone ) } onReview={ onReview } busy={ busy } />
							</li>
						) ) }
					</ul>
				</section>
			) }
		</div>
	);
}

/** The day a waiting title asked for, if any. */
function wantedOn( item, zone ) {
	if ( ! item.preferredDate ) {
		return '';
	}
	/* translators: %s: a day, e.g. Mon, Mar 30. */
	return sprintf( __( 'Wanted on %s', 'postwright' ), dayText( item.preferredDate, zone ) );
}

/** One title: its time, its status, the title (a button when the list's "Review draft" applies), and why it failed. */
function Entry( { item, when, onReview, busy } ) {
	const reviewable = item.status === 'to_review' && item.post;
	return (
		<div className={ `postwright-calendar__entry is-${ item.status }` }>
			<span className="postwright-calendar__meta">
				{ when && <span className="postwright-calendar__time">{ when }</span> }{ ' ' }
				<span className={ `postwright-status is-${ item.status }` }>
					{ ITEM_STATUS_LABELS[ item.status ] ?? item.status }
				</span>
			</span>
			{ reviewable ? (
				<Button
					variant="link"
					disabled={ busy }
					label={ `${ __( 'Review draft', 'postwright' ) }: ${ item.title }` }
					showTooltip={ false }
					onClick={ () => onReview( item ) }
				>
					{ item.title }
				</Button>
			) : (
				<span className="postwright-calendar__title">{ item.title }</span>
			) }
			{ item.lastError && [ 'failed', 'skipped' ].includes( item.status ) && (
				<span className="postwright-plan__reason">{ item.lastError }</span>
			) }
		</div>
	);
}
