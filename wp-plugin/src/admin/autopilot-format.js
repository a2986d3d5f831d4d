/**
 * The autopilot's words, the same as on the service's other screens: a title's status, a cadence, a slot's time in
 * the plan's time zone.
 */
import { __, sprintf } from '@wordpress/i18n';

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
		cadence.timeZone
	);
}

/** A slot's date and time in the plan's time zone, e.g. "Mon, Mar 2, 09:00". */
export function slotText( iso, timeZone ) {
	if ( ! iso ) {
		return __( 'Waiting for a slot', 'postwright' );
	}
	try {
		return new Intl.DateTimeFormat( undefined, {
			timeZone,
			weekday: 'short',
			month: 'short',
			day: 'numeric',
			hour: '2-digit',
			minute: '2-digit',
			hourCycle: 'h23',
		} ).format( new Date( iso ) );
	} catch {
		return new Date( iso ).toLocaleString();
	}
}

/**
 * Formats in a time zone, or in UTC when the browser does not know the zone (where the calendar then puts the day too).
 *
 * @param {Date}   date     The instant.
 * @param {string} timeZone An IANA time zone.
 * @param {Object} options  Intl.DateTimeFormat's options.
 * @return {string} The text in the browser's language.
 */
function formatIn( date, timeZone, options ) {
	try {
		return new Intl.DateTimeFormat( undefined, { ...options, timeZone } ).format( date );
	} catch {
		return new Intl.DateTimeFormat( undefined, { ...options, timeZone: 'UTC' } ).format( date );
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
 * The time zone new plans start with: the site's own (Settings > General) when it is a named zone, else the browser's.
 *
 * @param {string|undefined} siteTimeZone What WordPress reports (a name, or an offset such as "+02:00").
 * @return {string} An IANA time zone.
 */
export function defaultTimeZone( siteTimeZone ) {
	if ( siteTimeZone && ( siteTimeZone.includes( '/' ) || siteTimeZone === 'UTC' ) ) {
		return siteTimeZone;
	}
	// WordPress's default setting, "UTC+0", is reported as an offset.
	if ( siteTimeZone === '+00:00' || siteTimeZone === '-00:00' ) {
		return 'UTC';
	}
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
