/**
 * How a plan's titles are shown, kept in the admin page's address like its tab (&tab=autopilot), so a reload or a
 * shared link shows the same: "&view=calendar&month=2026-03" (the core's readPlanViewQuery and withPlanViewChange).
 */
import { readPlanViewQuery, withPlanViewChange } from '@postwright/core/autopilot/plan-calendar';
import { useState } from '@wordpress/element';

/**
 * The view ('list' or 'calendar') and the calendar's month, read from the address once and written back on each change.
 *
 * @param {string} timeZone The plan's time zone, whose current month is shown when the address names none.
 */
export function usePlanViewQuery( timeZone ) {
	const [ params, setParams ] = useState( () => new URLSearchParams( window.location.search ) );
	const { view, month } = readPlanViewQuery( params, timeZone );
	const change = ( next ) => {
		const changed = withPlanViewChange( params, next );
		setParams( changed );
		// Replaced rather than pushed: another view is not a page of its own for the back button.
		const url = new URL( window.location.href );
		url.search = changed.toString();
		window.history.replaceState( window.history.state, '', url );
	};
	return {
		view,
		month,
		setView: ( next ) => {
			if ( next !== view ) {
				change( { view: next } );
			}
		},
		/** null goes back to the current month. */
		setMonth: ( next ) => change( { month: next } ),
	};
}
