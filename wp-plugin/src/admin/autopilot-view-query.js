/**
 * How a plan's titles are shown, kept in the admin page's address like its tab (&tab=autopilot), so a reload or a
 * shared link shows the same: "&view=calendar&month=2026-03" (the list, and the plan's current month, when absent).
 */
import { currentMonth, monthKey, parseMonth } from '@postwright/core/autopilot/plan-calendar';
import { useState } from '@wordpress/element';

function readAddress() {
	const params = new URLSearchParams( window.location.search );
	return {
		view: params.get( 'view' ) === 'calendar' ? 'calendar' : 'list',
		month: parseMonth( params.get( 'month' ) ),
	};
}

/** Replaced rather than pushed: another view is not a page of its own for the back button. */
function writeAddress( { view, month } ) {
	const url = new URL( window.location.href );
	if ( view === 'calendar' ) {
		url.searchParams.set( 'view', 'calendar' );
	} else {
		url.searchParams.delete( 'view' );
	}
	if ( month ) {
		url.searchParams.set( 'month', monthKey( month ) );
	} else {
		url.searchParams.delete( 'month' );
	}
	window.history.replaceState( window.history.state, '', url );
}

/**
 * The view ('list' or 'calendar') and the calendar's month, read from the address once and written back on each change.
 *
 * @param {string} timeZone The plan's time zone, whose current month is shown when the address names none.
 */
export function usePlanViewQuery( timeZone ) {
	const [ query, setQuery ] = useState( readAddress );
	const update = ( next ) => {
		setQuery( next );
		writeAddress( next );
	};
	return {
		view: query.view,
		month: query.month ?? currentMonth( timeZone ),
		setView: ( view ) => {
			if ( view !== query.view ) {
				update( view === 'calendar' ? { view, month: query.month } : { view: 'list', month: null } );
			}
		},
		/** null goes back to the current month. */
		setMonth: ( month ) => update( { ...query, month } ),
	};
}
