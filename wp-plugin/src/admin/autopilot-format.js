/**
 * The autopilot's words, the same as on the service's other screens: a title's status, a cadence, a slot's time in
 * the plan's time zone. Times are formatted with the core's zoned time, which also reads the fixed offset of a site set
 * to "UTC+5:30" in Settings > General ("+05:30"), never in the browser's zone.
 */
import { __, sprintf } from '@wordpress/i18n';
import { formatInZone, isKnownTimeZone, zoneOffsetLabel } from '@postwright/core/scheduling/zoned-time';

/** ISO weekdays, 1 Monday … 7 Sunday, as the cadence numbers them. */
export const WEEKDAYS = [
	{ value: 1, short: __( 'Mon', 'postwright' ), long: __( 'Monday', 'postwright' ) },
	{ value: 2, short: __( 'Tue', 'postwright' ), long: __( 'Tuesday', 'postwright' ) },
	{ value: 3, short: __( 'Wed', 'postwright' ), long: __( 'Wednesday', 'postwright' ) },
	{ value: 4, short: __( 'Thu', 'postwright' ), long: __( 'Thursday', 'postwright' ) },
	{ value: 5, short: __( 'Fri', 'postwright' ), long: __( 'Friday', 'postwright' ) },
	{ value: 6, short: __( 'Sat', 'postwright' ), long: __( 'Saturday', 'postwright' ) },
	{ value: 7, short: __( 'Sun', 'postwright' ), long: __( 'Sunday', 'postwright' ) },
];

/** A title's status as the owner reads it. */
export const ITEM_STATUS_LABELS = {
	planned: __( 'Planned', 'postwright' ),
	preparing: __( 'Being written', 'postwright' ),
	to_review: __( 'To review', 'postwright' ),
	approved: __( 'Approved', 'postwright' ),
	published: __( 'Published', 'postwright' ),
	skipped: __( 'Skipped', 'postwright' ),
	failed: __( 'Failed', 'postwright' ),
};

/**
 * A plan's time zone as a person reads it: its name ("Europe/Paris"), or for a fixed offset its offset ("UTC+5:30").
 *
 * @param {string} timeZone The plan's time zone.
 * @return {string} The words.
 */
export function zoneText( timeZone ) {
	return /^[+-]\d/.test( timeZone ?? '' ) && isKnownTimeZone( timeZone )
		? zoneOffsetLabel( new Date(), timeZone )
		: timeZone;
}

/** "Mon, Wed, Fri at 09:00 (Europe/Paris)", or "Every day at …". */
export function cadenceText( cadence ) {
	const days = [ ...new Set( cadence.weekdays ) ].sort( ( a, b ) => a - b );
	const names =
		days.length === 7
			? __( 'Every day', 'postwright' )
			: days
					.map( ( day ) => WEEKDAYS.find( ( w ) => w.value === day )?.short )
					.filter( Boolean )
					.join( ', ' );
	return sprintf(
		/* translators: 1: days, 2: time (HH:MM), 3: time zone. */
		__( '%1$s at %2$s (%3$s)', 'postwright' ),
		names,
		cadence.time,
		zoneText( cadence.timeZone )
	);
}

/** A slot's date and time in the plan's time zone, e.g. "Mon, Mar 2, 09:00". */
export function slotText( iso, timeZone ) {
	if ( ! iso ) {
		return __( 'Waiting for a slot', 'postwright' );
	}
	return formatIn( new Date( iso ), timeZone, {
		weekday: 'short',
		month: 'short',
		day: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	} );
}

/**
 * Formats in a time zone (a name or a fixed offset), or in UTC when the zone is not one (where the calendar then puts
 * the day too).
 *
 * @param {Date}   date     The instant.
 * @param {string} timeZone The plan's time zone.
 * @param {Object} options  Intl.DateTimeFormat's options.
 * @return {string} The text in the browser's language.
 */
function formatIn( date, timeZone, options ) {
	try {
		return formatInZone( date, timeZone, options );
	} catch {
		return formatInZone( date, 'UTC', options );
	}
}

/** A slot's time of day in the plan's time zone, "09:00", shown on its day of the calendar. */
export function slotTime( iso, timeZone ) {
	return formatIn( new Date( iso ), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } );
}

/** A preferred day (midnight in the plan's time zone), e.g. "Mon, Mar 30". */
export function dayText( iso, timeZone ) {
	return formatIn( new Date( iso ), timeZone, { weekday: 'short', month: 'short', day: 'numeric' } );
}

/** A calendar month ({ year, month }), e.g. "March 2026", in the browser's language like the slots. */
export function monthTitle( { year, month } ) {
	return formatIn( new Date( Date.UTC( year, month - 1, 1 ) ), 'UTC', { month: 'long', year: 'numeric' } );
}

/** A calendar day ("2026-03-30"), e.g. "Monday, March 30", for screen readers. */
export function dayTitle( key ) {
	return formatIn( new Date( `${ key }T00:00:00.000Z` ), 'UTC', { weekday: 'long', month: 'long', day: 'numeric' } );
}

/**
 * The time zone new plans start with: the site's own (Settings > General), a city's zone or, for a site set to a
 * fixed offset such as "UTC+5:30", that offset as WordPress reports it ("+05:30"); the browser's only when the site
 * names none.
 *
 * @param {string|undefined} siteTimeZone What WordPress reports (a name, or an offset such as "+02:00").
 * @return {string} The plan's time zone.
 */
export function defaultTimeZone( siteTimeZone ) {
	// WordPress's default setting, "UTC+0", is reported as an offset.
	if ( siteTimeZone === '+00:00' || siteTimeZone === '-00:00' ) {
		return 'UTC';
	}
	if ( siteTimeZone && isKnownTimeZone( siteTimeZone ) ) {
		return siteTimeZone;
	}
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
