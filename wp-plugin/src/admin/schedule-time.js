/**
 * The schedule picker's times, in the site's time zone (Settings > General) whatever the browser's: WordPress's
 * DateTimePicker gives and takes wall-clock values ("2026-11-27T21:18:00") and labels them with the site's zone, so
 * they are turned into instants, and back, with that zone. The conversion is the core's, shared with the site and the
 * Shopify app; only the words are formatted here.
 */
import {
	instantToZonedTime,
	zonedTimeToInstant,
	zoneOffsetLabel,
} from '@postwright/core/scheduling/zoned-time';

/**
 * The instant a picker value stands for in the site's zone (null when it is not a date and time).
 *
 * @param {string} value Wall-clock value of the picker.
 * @param {string} zone  The site's zone (IANA name or offset, as wp_timezone_string() gives it).
 * @return {Date|null} The instant.
 */
export function siteTimeToInstant( value, zone ) {
	return zonedTimeToInstant( value, zone );
}

/**
 * The picker value of an instant in the site's zone.
 *
 * @param {string|Date} instant The instant.
 * @param {string}      zone    The site's zone.
 * @return {string|null} "YYYY-MM-DDTHH:MM:00".
 */
export function zonedPickerValue( instant, zone ) {
	const wallClock = instantToZonedTime( instant, zone );
	return wallClock ? `${ wallClock }:00` : null;
}

/**
 * An instant as a person reads it in the site's zone, with the zone's offset: "November 27, 2026, 9:18 PM (UTC+0)".
 *
 * @param {string|Date} instant The instant.
 * @param {string}      zone    The site's zone.
 * @return {string} The words.
 */
export function formatZonedTime( instant, zone ) {
	const wallClock = instantToZonedTime( instant, zone );
	if ( ! wallClock ) {
		return '';
	}
	// The wall-clock's fields, formatted as UTC so that nothing of the browser's zone creeps in.
	const [ day, time ] = wallClock.split( 'T' );
	const [ year, month, date ] = day.split( '-' ).map( Number );
	const [ hours, minutes ] = time.split( ':' ).map( Number );
	const words = new Intl.DateTimeFormat( undefined, {
		dateStyle: 'long',
		timeStyle: 'short',
		timeZone: 'UTC',
	} ).format( new Date( Date.UTC( year, month - 1, date, hours, minutes ) ) );
	return `${ words } (${ zoneOffsetLabel( instant, zone ) })`;
}
