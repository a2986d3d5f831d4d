import { Button, DateTimePicker } from '@wordpress/components';
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { zoneOffsetLabel } from '@postwright/core/scheduling/zoned-time';
import { formatZonedTime, zonedPickerValue } from '../admin/schedule-time';

/**
 * The schedule dropdown's content, shared by the review screen and the editor sidebar: the site's zone, the date and
 * time, and the button that schedules (or reschedules) the post at that time, with its refusal below it. Before a
 * time is chosen the picker opens on the site's date and time now (late in the evening the browser may already be on
 * the next day, or still on the day before), not on whatever clock WordPress's picker would read for a missing date.
 *
 * @param {Object}      props
 * @param {string}      props.date        The picker's value (wall-clock time in the site's zone).
 * @param {Function}    props.onChange    Called with the picker's new value.
 * @param {?Date}       props.instant     The instant the value stands for in the site's zone, null when it has none.
 * @param {string}      props.zone        The site's time zone.
 * @param {?Date}       props.scheduledAt When the post is already scheduled, if it is.
 * @param {string|null} props.busy        The action in progress, if any.
 * @param {Function}    props.onSchedule  Schedules at the chosen time.
 * @param {*}           props.error       The schedule's refusal, if any.
 */
export default function SchedulePicker( { date, onChange, instant, zone, scheduledAt, busy, onSchedule, error } ) {
	// The site's wall-clock when the picker opened, shown until a time is chosen (nothing is scheduled before that).
	const siteNow = useMemo( () => zonedPickerValue( new Date(), zone ), [ zone ] );
	return (
		<div className="postwright-schedule__picker">
			<p className="postwright-schedule__zone">
				{ sprintf(
					/* translators: %s: the site's offset from UTC, as "UTC+2". */
					__( 'Times are in the site’s time zone (%s).', 'postwright' ),
					zoneOffsetLabel( instant ?? new Date(), zone )
				) }
			</p>
			<DateTimePicker currentDate={ date ?? siteNow } onChange={ onChange } />
			<Button
				variant="primary"
				onClick={ onSchedule }
				// Focus stays on it while it works, so the picker (which closes when focus leaves) stays open.
				accessibleWhenDisabled
				disabled={ !! busy || ! instant }
				isBusy={ busy === 'schedule' }
			>
				{ instant
					? sprintf(
							/* translators: %s: date and time, in the site's time zone. */
							scheduledAt ? __( 'Reschedule for %s', 'postwright' ) : __( 'Schedule for %s', 'postwright' ),
							formatZonedTime( instant, zone )
					  )
					: __( 'Schedule', 'postwright' ) }
			</Button>
			{ error }
		</div>
	);
}
