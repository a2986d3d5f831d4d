/**
 * The Autopilot tab, driven as a person would, against a stand-in for the plugin's REST routes (apiFetch).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import AdminApp from './admin-app';
import Autopilot from './autopilot';
import { dayText, dayTitle, monthTitle, slotText } from './autopilot-format';
import { planItemActionsFor } from '@postwright/core/contracts';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const cadence = { weekdays: [ 1, 3, 5 ], time: '09:00', timeZone: 'Europe/Paris' };
const counts = { planned: 0, preparing: 0, to_review: 0, approved: 0, published: 0, skipped: 0, failed: 0 };

const planView = ( overrides = {} ) => ( {
	id: 7,
	name: 'Garden tips',
	platform: 'wordpress',
	connectionId: 3,
	blogId: null,
	cadence,
	postsAhead: 3,
	mode: 'review',
	status: 'active',
	pausedReason: null,
	needsUpgrade: false,
	nextSlotAt: null,
	delayNotice: null,
	counts,
	createdAt: '2026-03-01T08:00:00Z',
	items: [],
	...overrides,
} );

/** A title as the service answers it, with the actions the service's rule allows for its status. */
const item = ( overrides ) => {
	const title = {
		keywords: [ 'roses' ],
		notes: null,
		position: 1,
		preferredDate: null,
		slotAt: null,
		status: 'planned',
		post: null,
		lastError: null,
		...overrides,
	};
	return { ...title, actions: planItemActionsFor( { status: title.status, hasPost: title.post !== null } ) };
};

/** Routes apiFetch calls to handlers by "METHOD path"; records every call. */
function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( { key, data: options.data } );
		const handler = routes[ key ];
		if ( ! handler ) {
			return Promise.reject( { message: `No route ${ key }` } );
		}
		return handler( options.data );
	} );
	return calls;
}

const keysOf = ( calls ) => calls.map( ( call ) => call.key );

/** A notice on the screen (its words are also spoken through the page's live region). */
const notice = ( text ) => screen.findByText( text, { selector: '.components-notice__content' } );

beforeEach( () => {
	apiFetch.mockReset();
	window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright&tab=autopilot' );
} );

it( 'builds a first plan in the site’s time zone, then adds a title that takes a slot', async () => {
	let plan = null;
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: plan ? [ plan ] : [] } ),
		'POST /postwright/v1/plans': async ( data ) => {
			plan = planView( { name: data.name, cadence: data.cadence, postsAhead: data.postsAhead } );
			return plan;
		},
		'GET /postwright/v1/plans/7': async () => plan,
		'POST /postwright/v1/plans/7/items': async ( data ) => {
			plan = {
				...plan,
				items: data.items.map( ( added, index ) =>
					item( { id: 30 + index, ...added, slotAt: '2026-03-02T08:00:00Z' } )
				),
			};
			return { added: data.items.length };
		},
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" upgradeUrl="https://app.postwright.com/pricing" /> );

	expect( await screen.findByText( 'No content plans yet. Create one to publish on a schedule.' ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Create a plan' } ) );
	expect( screen.getByText( 'Time zone: Europe/Paris' ) ).toBeTruthy();

	// Nothing is sent until the form can be accepted.
	await userEvent.click( screen.getByRole( 'button', { name: 'Create plan' } ) );
	expect( await notice( 'Give the plan a name.' ) ).toBeTruthy();
	expect( keysOf( calls ) ).toEqual( [ 'GET /postwright/v1/plans' ] );

	await userEvent.type( screen.getByLabelText( 'Plan name' ), 'Garden tips' );
	await userEvent.click( screen.getByRole( 'checkbox', { name: 'Wednesday' } ) );
	await userEvent.click( screen.getByRole( 'checkbox', { name: 'Tuesday' } ) );
	const time = screen.getByLabelText( 'At' );
	await userEvent.clear( time );
	await userEvent.type( time, '07:30' );
	const ahead = screen.getByLabelText( 'Posts prepared ahead' );
	await userEvent.clear( ahead );
	await userEvent.type( ahead, '2' );
	await userEvent.click( screen.getByRole( 'radio', { name: 'Publish automatically, without review' } ) );
	await userEvent.click( screen.getByRole( 'button', { name: 'Create plan' } ) );

	expect( await screen.findByRole( 'heading', { name: 'Garden tips' } ) ).toBeTruthy();
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans' ).data ).toEqual( {
		name: 'Garden tips',
		cadence: { weekdays: [ 1, 2, 5 ], time: '07:30', timeZone: 'Europe/Paris' },
		postsAhead: 2,
		mode: 'auto',
		queueRefreshes: false,
	} );
	expect( screen.getByText( 'No titles yet. Add titles below, import a CSV file or ask for ideas.' ) ).toBeTruthy();

	await userEvent.type( screen.getByLabelText( 'New title' ), 'Pruning roses' );
	await userEvent.type( screen.getByLabelText( 'Its keywords (separated by commas)' ), 'rose pruning, roses' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Add title' } ) );
	expect( await notice( 'Titles added: 1.' ) ).toBeTruthy();
	const row = screen.getByText( 'Pruning roses' ).closest( 'tr' );
	expect( within( row ).getByText( 'Planned' ) ).toBeTruthy();
	expect( within( row ).getByText( slotText( '2026-03-02T08:00:00Z', 'Europe/Paris' ) ) ).toBeTruthy();
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans/7/items' ).data ).toEqual( {
		items: [ { title: 'Pruning roses', keywords: [ 'rose pruning', 'roses' ] } ],
	} );
	expect( screen.getByLabelText( 'New title' ).value ).toBe( '' );
} );

it( 'builds a plan of a site set to a fixed offset (UTC+5:30) in that offset, not in the browser’s zone', async () => {
	let plan = null;
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: plan ? [ plan ] : [] } ),
		'POST /postwright/v1/plans': async ( data ) => {
			// 09:00 on Monday 2 March 2026 at UTC+5:30 is 03:30 UTC (19:30 on Sunday in Los Angeles, the browser).
			plan = planView( { name: data.name, cadence: data.cadence, nextSlotAt: '2026-03-02T03:30:00Z' } );
			return plan;
		},
		'GET /postwright/v1/plans/7': async () => plan,
	} );
	// WordPress reports a site set to "UTC+5:30" in Settings > General as "+05:30" (wp_timezone_string()).
	const { unmount } = render( <Autopilot canPublish timeZone="+05:30" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Create a plan' } ) );
	expect( screen.getByText( 'Time zone: UTC+5:30' ) ).toBeTruthy();
	await userEvent.type( screen.getByLabelText( 'Plan name' ), 'Garden tips' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Create plan' } ) );
	expect( await screen.findByRole( 'heading', { name: 'Garden tips' } ) ).toBeTruthy();
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans' ).data.cadence ).toEqual( {
		weekdays: [ 1, 3, 5 ],
		time: '09:00',
		timeZone: '+05:30',
	} );
	unmount();

	// The list says the plan's days, time and offset, and its next slot at 09:00 on the site's clock.
	render( <Autopilot canPublish timeZone="+05:30" /> );
	const row = ( await screen.findByRole( 'button', { name: 'Garden tips' } ) ).closest( 'tr' );
	expect( within( row ).getByText( 'Mon, Wed, Fri at 09:00 (UTC+5:30)' ) ).toBeTruthy();
	expect( within( row ).getByText( 'Mon, Mar 2, 09:00' ) ).toBeTruthy();
} );

it( 'reads a slot in the plan’s zone, and in UTC for a zone the browser does not know, never in the browser’s', () => {
	// 03:30 UTC on Monday 2 March 2026: 09:00 at UTC+5:30, 19:30 on Sunday 1 March in Los Angeles (the browser).
	expect( slotText( '2026-03-02T03:30:00Z', '+05:30' ) ).toBe( 'Mon, Mar 2, 09:00' );
	expect( slotText( '2026-03-02T03:30:00Z', 'Nowhere/Atlantis' ) ).toBe( 'Mon, Mar 2, 03:30' );
	expect( dayText( '2026-03-01T18:30:00Z', '+05:30' ) ).toBe( 'Mon, Mar 2' );
} );

it( 'shows each title’s status, score and reason, and approves, moves, skips and removes titles', async () => {
	let plan = planView( {
		nextSlotAt: '2026-03-02T08:00:00Z',
		counts: { ...counts, to_review: 1, planned: 2, failed: 1 },
		items: [
			item( {
				id: 1,
				title: 'Planting bulbs',
				status: 'to_review',
				slotAt: '2026-03-02T08:00:00Z',
				post: { id: 42, title: 'Planting bulbs', seoScore: 84, status: 'draft' },
			} ),
			item( { id: 2, title: 'Winter compost', slotAt: '2026-03-04T08:00:00Z' } ),
			item( { id: 3, title: 'Pruning roses', slotAt: '2026-03-06T08:00:00Z' } ),
			item( { id: 4, title: 'Seed swaps', status: 'failed', lastError: 'The AI provider is not available right now.' } ),
		],
	} );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'POST /postwright/v1/plans/7/items/1/approve': async () => {
			plan = { ...plan, items: plan.items.map( ( one ) => ( one.id === 1 ? item( { ...one, status: 'approved' } ) : one ) ) };
			return plan.items[ 0 ];
		},
		'POST /postwright/v1/plans/7/items/3/move': async () => plan,
		'POST /postwright/v1/plans/7/items/2/skip': async () => ( {} ),
		'DELETE /postwright/v1/plans/7/items/4': async () => null,
		'PATCH /postwright/v1/plans/7': async ( data ) => {
			plan = { ...plan, status: data.status };
			return plan;
		},
		'DELETE /postwright/v1/plans/7': async () => null,
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );

	const listed = ( await screen.findByRole( 'button', { name: 'Garden tips' } ) ).closest( 'tr' );
	expect( within( listed ).getByText( 'Mon, Wed, Fri at 09:00 (Europe/Paris)' ) ).toBeTruthy();
	expect( within( listed ).getByText( 'Active' ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Garden tips' } ) );

	const draft = ( await screen.findByText( 'Planting bulbs' ) ).closest( 'tr' );
	expect( within( draft ).getByText( 'To review' ) ).toBeTruthy();
	expect( within( draft ).getByText( 'SEO score: 84/100' ) ).toBeTruthy();
	const failed = screen.getByText( 'Seed swaps' ).closest( 'tr' );
	expect( within( failed ).getByText( 'Failed' ) ).toBeTruthy();
	expect( within( failed ).getByText( 'The AI provider is not available right now.' ) ).toBeTruthy();
	expect( within( failed ).getByText( 'Waiting for a slot' ) ).toBeTruthy();
	// The first waiting title cannot go earlier, the last cannot go later.
	expect( screen.getByRole( 'button', { name: 'Move earlier: Winter compost' } ).disabled ).toBe( true );
	expect( screen.getByRole( 'button', { name: 'Move later: Pruning roses' } ).disabled ).toBe( true );

	await userEvent.click( screen.getByRole( 'button', { name: 'Approve: Planting bulbs' } ) );
	expect( await notice( 'Approved: it will be published in its slot.' ) ).toBeTruthy();
	expect( within( screen.getByText( 'Planting bulbs' ).closest( 'tr' ) ).getByText( 'Approved' ) ).toBeTruthy();

	await userEvent.click( screen.getByRole( 'button', { name: 'Move earlier: Pruning roses' } ) );
	await userEvent.click( screen.getByRole( 'button', { name: 'Skip: Winter compost' } ) );
	expect( await notice( 'Skipped: it will not be published.' ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Remove: Seed swaps' } ) );
	expect( await notice( 'Title removed.' ) ).toBeTruthy();
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans/7/items/3/move' ).data ).toEqual( {
		direction: 'earlier',
	} );

	await userEvent.click( screen.getByRole( 'button', { name: 'Pause plan' } ) );
	expect( await notice( 'Plan paused.' ) ).toBeTruthy();
	expect( await notice( 'This plan is paused: nothing is written or published until you resume it.' ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Resume plan' } ) );
	expect( await notice( 'Plan resumed.' ) ).toBeTruthy();
	expect( calls.filter( ( call ) => call.key === 'PATCH /postwright/v1/plans/7' ).map( ( call ) => call.data ) ).toEqual( [
		{ status: 'paused' },
		{ status: 'active' },
	] );

	await userEvent.click( screen.getByRole( 'button', { name: 'Delete plan' } ) );
	expect( keysOf( calls ) ).not.toContain( 'DELETE /postwright/v1/plans/7' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Yes, delete the plan' } ) );
	expect( await notice( 'The plan “Garden tips” was deleted.' ) ).toBeTruthy();
	expect( keysOf( calls ) ).toContain( 'DELETE /postwright/v1/plans/7' );
} );

it( 'shows a long plan 50 titles a page and pages through them with Next and Previous', async () => {
	const titles = Array.from( { length: 120 }, ( _, i ) =>
		item( { id: 100 + i, title: `Garden note ${ i + 1 }`, position: i + 1 } )
	);
	const pageOf = ( page ) =>
		planView( {
			counts: { ...counts, planned: 120 },
			items: titles.slice( ( page - 1 ) * 50, page * 50 ),
			itemsPage: { page, pageSize: 50, total: 120 },
		} );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ pageOf( 1 ) ] } ),
		'GET /postwright/v1/plans/7': async () => pageOf( 1 ),
		'GET /postwright/v1/plans/7?page=2': async () => pageOf( 2 ),
		'GET /postwright/v1/plans/7?page=3': async () => pageOf( 3 ),
	} );
	const user = userEvent.setup();
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await user.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );

	const pages = await screen.findByRole( 'navigation', { name: 'Pages of titles' } );
	expect( pages.textContent ).toContain( 'Showing 1–50 of 120 titles' );
	const rows = () => screen.getByRole( 'table' ).querySelectorAll( 'tbody tr' );
	expect( rows() ).toHaveLength( 50 );
	expect( within( pages ).getByRole( 'button', { name: 'Previous' } ).disabled ).toBe( true );
	// The last waiting title of the page can move later, onto the next page; the plan's first cannot move earlier.
	expect( screen.getByRole( 'button', { name: 'Move later: Garden note 50' } ).disabled ).toBe( false );
	expect( screen.getByRole( 'button', { name: 'Move earlier: Garden note 1' } ).disabled ).toBe( true );

	// From the keyboard: Enter on Next.
	within( pages ).getByRole( 'button', { name: 'Next' } ).focus();
	await user.keyboard( '{Enter}' );
	expect( await within( pages ).findByText( 'Showing 51–100 of 120 titles' ) ).toBeTruthy();
	expect( rows()[ 0 ].textContent ).toContain( 'Garden note 51' );
	await user.click( within( pages ).getByRole( 'button', { name: 'Next' } ) );
	expect( await within( pages ).findByText( 'Showing 101–120 of 120 titles' ) ).toBeTruthy();
	expect( rows() ).toHaveLength( 20 );
	expect( within( pages ).getByRole( 'button', { name: 'Next' } ).disabled ).toBe( true );
	expect( screen.getByRole( 'button', { name: 'Move later: Garden note 120' } ).disabled ).toBe( true );
	await user.click( within( pages ).getByRole( 'button', { name: 'Previous' } ) );
	expect( await within( pages ).findByText( 'Showing 51–100 of 120 titles' ) ).toBeTruthy();
	expect( keysOf( calls ).filter( ( key ) => key.startsWith( 'GET /postwright/v1/plans/7' ) ) ).toEqual( [
		'GET /postwright/v1/plans/7',
		'GET /postwright/v1/plans/7?page=2',
		'GET /postwright/v1/plans/7?page=3',
		'GET /postwright/v1/plans/7?page=2',
	] );
}, 30000 );

it( 'edits a waiting title in a dialog and lists the title the service saved', async () => {
	let plan = planView( {
		items: [
			item( {
				id: 1,
				title: 'Planting bulbs',
				status: 'to_review',
				slotAt: '2026-03-02T08:00:00Z',
				post: { id: 42, title: 'Planting bulbs', seoScore: 84, status: 'draft' },
			} ),
			item( { id: 2, title: 'Winter compost', keywords: [ 'compost', 'winter' ], notes: 'Keep it short', slotAt: '2026-03-04T08:00:00Z' } ),
		],
	} );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'PATCH /postwright/v1/plans/7/items/2': async ( data ) => {
			plan = { ...plan, items: plan.items.map( ( one ) => ( one.id === 2 ? item( { ...one, ...data } ) : one ) ) };
			return plan.items[ 1 ];
		},
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	await screen.findByText( 'Winter compost' );
	// A draft already prepared is reviewed, not edited.
	expect( screen.queryByRole( 'button', { name: 'Edit: Planting bulbs' } ) ).toBeNull();

	// Cancel sends nothing.
	await userEvent.click( screen.getByRole( 'button', { name: 'Edit: Winter compost' } ) );
	await userEvent.click( within( screen.getByRole( 'dialog', { name: 'Edit title' } ) ).getByRole( 'button', { name: 'Cancel' } ) );
	expect( screen.queryByRole( 'dialog' ) ).toBeNull();

	await userEvent.click( screen.getByRole( 'button', { name: 'Edit: Winter compost' } ) );
	const dialog = screen.getByRole( 'dialog', { name: 'Edit title' } );
	const title = within( dialog ).getByLabelText( 'Title' );
	const keywords = within( dialog ).getByLabelText( 'Its keywords (separated by commas)' );
	expect( title.value ).toBe( 'Winter compost' );
	expect( keywords.value ).toBe( 'compost, winter' );
	expect( within( dialog ).getByLabelText( 'Notes for the writer (optional)' ).value ).toBe( 'Keep it short' );

	// Nothing is sent without a keyword.
	await userEvent.clear( keywords );
	await userEvent.click( within( dialog ).getByRole( 'button', { name: 'Save' } ) );
	expect( within( dialog ).getByText( 'Give the title and at least one keyword.' ) ).toBeTruthy();
	expect( keysOf( calls ) ).not.toContain( 'PATCH /postwright/v1/plans/7/items/2' );

	await userEvent.clear( title );
	await userEvent.type( title, 'Composting through the winter' );
	await userEvent.type( keywords, 'winter compost, compost bins' );
	await userEvent.clear( within( dialog ).getByLabelText( 'Notes for the writer (optional)' ) );
	await userEvent.click( within( dialog ).getByRole( 'button', { name: 'Save' } ) );

	expect( await notice( 'Title saved.' ) ).toBeTruthy();
	expect( screen.queryByRole( 'dialog' ) ).toBeNull();
	expect( calls.find( ( call ) => call.key === 'PATCH /postwright/v1/plans/7/items/2' ).data ).toEqual( {
		title: 'Composting through the winter',
		keywords: [ 'winter compost', 'compost bins' ],
		notes: null,
	} );
	const row = screen.getByText( 'Composting through the winter' ).closest( 'tr' );
	expect( within( row ).getByText( 'winter compost, compost bins' ) ).toBeTruthy();
	expect( within( row ).getByText( 'Planned' ) ).toBeTruthy();
	expect( screen.queryByText( 'Winter compost' ) ).toBeNull();
} );

it( 'keeps the edit open with the service’s message when it refuses the change', async () => {
	const plan = planView( { items: [ item( { id: 2, title: 'Winter compost', slotAt: '2026-03-04T08:00:00Z' } ) ] } );
	serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'PATCH /postwright/v1/plans/7/items/2': async () => {
			throw {
				code: 'postwright_conflict',
				message: 'Only a title that is not prepared yet can be changed or removed.',
				data: { status: 409 },
			};
		},
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Edit: Winter compost' } ) );
	const dialog = screen.getByRole( 'dialog', { name: 'Edit title' } );
	await userEvent.type( within( dialog ).getByLabelText( 'Title' ), ' in pots' );
	await userEvent.click( within( dialog ).getByRole( 'button', { name: 'Save' } ) );

	expect( await within( dialog ).findByText( 'Only a title that is not prepared yet can be changed or removed.' ) ).toBeTruthy();
	expect( within( dialog ).getByLabelText( 'Title' ).value ).toBe( 'Winter compost in pots' );
	await userEvent.click( within( dialog ).getByRole( 'button', { name: 'Cancel' } ) );
	expect( screen.getByText( 'Winter compost' ).closest( 'tr' ) ).toBeTruthy();
	expect( screen.queryByText( 'Winter compost in pots' ) ).toBeNull();
} );

it( 'says once for the plan that titles wait for the writer, and why', async () => {
	const delayNotice =
		'2 titles could not be prepared yet: The AI provider is not answering. The next try is on Mon 2 Mar 2026, 09:42 (Europe/Paris); a title is marked failed after 5 tries. Nothing is counted until a post is written.';
	const plan = planView( {
		delayNotice,
		items: [
			item( { id: 2, title: 'Winter compost', slotAt: '2026-03-04T08:00:00Z', lastError: 'The AI provider is not answering.' } ),
			item( { id: 3, title: 'Pruning roses', slotAt: '2026-03-06T08:00:00Z', lastError: 'The AI provider is not answering.' } ),
		],
	} );
	serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	expect( ( await screen.findByText( 'Preparation is delayed.' ) ).closest( '.components-notice' ).textContent ).toContain(
		delayNotice
	);
	expect( screen.getAllByText( 'Preparation is delayed.' ) ).toHaveLength( 1 );
} );

it( 'turns on refreshes of the site’s posts in the plan’s settings, says so, and links each proposed refresh to its review', async () => {
	let plan = planView( { queueRefreshes: false, refreshes: [] } );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'PATCH /postwright/v1/plans/7': async ( data ) => {
			plan = { ...plan, ...data };
			return plan;
		},
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" upgradeUrl="https://app.postwright.com/pricing" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	expect( ( await screen.findByText( 'Refreshes', { selector: 'dt' } ) ).nextSibling.textContent ).toBe( 'Not proposed' );
	expect( screen.queryByRole( 'heading', { name: 'Refreshes' } ) ).toBeNull();

	await userEvent.click( screen.getByRole( 'button', { name: 'Change settings' } ) );
	const option = screen.getByRole( 'checkbox', { name: 'Also propose refreshes of my existing posts' } );
	expect( option.checked ).toBe( false );
	expect( screen.getByText( /Nothing changes on your site until you open a refresh and publish it/ ) ).toBeTruthy();
	await userEvent.click( option );
	await userEvent.click( screen.getByRole( 'button', { name: 'Save settings' } ) );
	expect( await notice( 'Settings saved.' ) ).toBeTruthy();
	expect( calls.find( ( call ) => call.key === 'PATCH /postwright/v1/plans/7' ).data ).toEqual( {
		name: 'Garden tips',
		cadence,
		postsAhead: 3,
		mode: 'review',
		queueRefreshes: true,
	} );
	expect( screen.getByText( 'Refreshes', { selector: 'dt' } ).nextSibling.textContent ).toBe(
		'Proposed for your review, at most one a week'
	);
	expect( await screen.findByRole( 'heading', { name: 'Refreshes' } ) ).toBeTruthy();
	expect( screen.getByText( 'No refresh proposed yet. The next one takes a free slot of the plan.' ) ).toBeTruthy();

	// Once the plan proposed refreshes: each opens on Your posts by its id.
	plan = {
		...plan,
		refreshes: [
			{
				id: 12,
				title: 'Pruning roses',
				url: 'https://garden.example/pruning-roses/',
				state: 'proposed',
				slotAt: '2026-03-04T08:00:00Z',
				createdAt: '2026-03-01T08:00:00Z',
			},
			{
				id: 5,
				title: 'Watering in summer',
				url: 'https://garden.example/watering/',
				state: 'published',
				slotAt: null,
				createdAt: '2026-02-20T08:00:00Z',
			},
		],
	};
	await userEvent.click( screen.getByRole( 'button', { name: 'Pause plan' } ) );
	const review = await screen.findByRole( 'link', { name: 'Review the refresh of “Pruning roses”' } );
	expect( review.getAttribute( 'href' ) ).toBe( 'admin.php?page=postwright-your-posts&refresh=12' );
	expect( within( review.closest( 'li' ) ).getByText( 'To review' ) ).toBeTruthy();
	expect(
		within( review.closest( 'li' ) ).getByText( /In the slot of/ ).textContent
	).toContain( slotText( '2026-03-04T08:00:00Z', 'Europe/Paris' ) );
	const done = screen.getByRole( 'link', { name: 'Watering in summer' } );
	expect( done.getAttribute( 'href' ) ).toBe( 'admin.php?page=postwright-your-posts&refresh=5' );
	expect( within( done.closest( 'li' ) ).getByText( 'Published' ) ).toBeTruthy();
} );

it( 'offers the upgrade instead of Resume while the account’s plan cannot run the plan', async () => {
	const reason = 'Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.';
	const plan = planView( { status: 'paused', pausedReason: reason, needsUpgrade: true, canResume: false } );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" upgradeUrl="https://app.postwright.com/pricing" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	expect( await notice( reason ) ).toBeTruthy();
	const upgrade = screen.getAllByRole( 'link', { name: /Upgrade your plan/ } );
	expect( upgrade.map( ( link ) => link.getAttribute( 'href' ) ) ).toContain( 'https://app.postwright.com/pricing' );
	expect( screen.queryByRole( 'button', { name: 'Resume plan' } ) ).toBeNull();
	expect( keysOf( calls ).filter( ( key ) => key.startsWith( 'PATCH' ) ) ).toEqual( [] );
} );

it( 'opens a prepared draft for review without publishing it, then approves it for its slot', async () => {
	const plan = planView( {
		items: [
			item( {
				id: 1,
				title: 'Planting bulbs',
				status: 'to_review',
				slotAt: '2026-03-02T08:00:00Z',
				post: { id: 42, title: 'Planting bulbs', seoScore: 84, status: 'draft' },
			} ),
		],
	} );
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'GET /postwright/v1/posts/42': async () => ( {
			id: 42,
			title: 'Planting bulbs in autumn',
			htmlContent: '<h2>When</h2><p>Before the frost.</p>',
			metaDescription: 'When to plant bulbs.',
			seoScore: 84,
			seoChecks: [ { id: 'title-length', label: 'Title length', status: 'pass', message: 'Good length' } ],
			updatedAt: '2026-03-01T10:00:00Z',
		} ),
		'POST /postwright/v1/plans/7/items/1/approve': async () => ( {} ),
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Review draft: Planting bulbs' } ) );

	const review = await screen.findByRole( 'region', { name: 'Draft to review' } );
	expect( await within( review ).findByRole( 'button', { name: 'Good results (1)' } ) ).toBeTruthy();
	expect( within( review ).getByLabelText( 'Title' ).value ).toBe( 'Planting bulbs in autumn' );
	expect( within( review ).queryByRole( 'button', { name: 'Publish' } ) ).toBeNull();
	expect( keysOf( calls ) ).not.toContain( 'GET /postwright/v1/site-options' );

	await userEvent.click( within( review ).getByRole( 'button', { name: 'Approve this draft' } ) );
	expect( await notice( 'Approved: it will be published in its slot.' ) ).toBeTruthy();
	expect( screen.queryByRole( 'region', { name: 'Draft to review' } ) ).toBeNull();
	expect( keysOf( calls ) ).toContain( 'POST /postwright/v1/plans/7/items/1/approve' );
} );

it( 'lists every line of a refused CSV file, and adds ideas one by one', async () => {
	let plan = planView();
	const calls = serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
		'POST /postwright/v1/plans/7/import': async ( data ) => {
			if ( data.csv.includes( 'Roses,\n' ) ) {
				throw {
					code: 'postwright_rejected',
					message: 'Nothing was imported: 2 rows need fixing (first, line 2: Give at least one keyword.)',
					data: {
						status: 422,
						problems: [
							{ line: 2, reason: 'Give at least one keyword.' },
							{ line: 3, reason: 'Give the title.' },
						],
					},
				};
			}
			plan = { ...plan, items: [ item( { id: 9, title: 'Roses' } ) ] };
			return { added: 1 };
		},
		'POST /postwright/v1/plans/7/ideas': async () => ( {
			ideas: [
				{ title: 'Composting for beginners', keywords: [ 'compost' ], overlap: null },
				{ title: 'Roses in pots', keywords: [ 'roses' ], overlap: { title: 'Roses', percent: 40 } },
			],
			excluded: 2,
		} ),
		'POST /postwright/v1/plans/7/items': async ( data ) => {
			plan = { ...plan, items: [ ...plan.items, item( { id: 10, ...data.items[ 0 ] } ) ] };
			return { added: 1 };
		},
	} );
	const { container } = render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
	await screen.findByRole( 'heading', { name: 'Garden tips' } );

	const input = container.querySelector( 'input[type="file"]' );
	await userEvent.upload( input, new File( [ 'title,keywords\nRoses,\n,tea\n' ], 'plan.csv', { type: 'text/csv' } ) );
	expect( await notice( /Nothing was imported: 2 rows need fixing/ ) ).toBeTruthy();
	const lines = screen.getByRole( 'list', { name: 'Lines to fix' } );
	expect( within( lines ).getAllByRole( 'listitem' ).map( ( li ) => li.textContent ) ).toEqual( [
		'Line 2: Give at least one keyword.',
		'Line 3: Give the title.',
	] );

	await userEvent.upload( input, new File( [ 'title,keywords\nRoses,roses\n' ], 'plan.csv', { type: 'text/csv' } ) );
	expect( await notice( 'Titles added: 1.' ) ).toBeTruthy();
	expect( screen.queryByRole( 'list', { name: 'Lines to fix' } ) ).toBeNull();

	await userEvent.type( screen.getByLabelText( 'Your niche' ), 'organic gardening' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Suggest ideas' } ) );
	expect( await screen.findByText( 'Close to “Roses” (40% shared).' ) ).toBeTruthy();
	expect( screen.getByText( '2 ideas were left out because you already cover their topic.' ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Add to the plan: Composting for beginners' } ) );
	await waitFor( () => expect( screen.getAllByText( 'Composting for beginners' ).length ).toBe( 2 ) );
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans/7/ideas' ).data ).toEqual( {
		niche: 'organic gardening',
	} );
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/plans/7/items' ).data ).toEqual( {
		items: [ { title: 'Composting for beginners', keywords: [ 'compost' ] } ],
	} );
} );

it( 'offers a contributor review plans only, without approving', async () => {
	const plan = planView( {
		items: [
			item( {
				id: 1,
				title: 'Planting bulbs',
				status: 'to_review',
				slotAt: '2026-03-02T08:00:00Z',
				post: { id: 42, title: 'Planting bulbs', seoScore: 84, status: 'draft' },
			} ),
		],
	} );
	serve( {
		'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
		'GET /postwright/v1/plans/7': async () => plan,
	} );
	render( <Autopilot canPublish={ false } timeZone="+02:00" /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Create a plan' } ) );
	expect( screen.queryByRole( 'radio', { name: 'Publish automatically, without review' } ) ).toBeNull();
	expect( screen.getByText( 'Automatic plans need an editor or an administrator of this site.' ) ).toBeTruthy();
	// A site set to a bare UTC offset: plans take that offset, named as the plugin's other times name it.
	expect( screen.getByText( 'Time zone: UTC+2' ) ).toBeTruthy();

	await userEvent.click( screen.getByRole( 'button', { name: 'Garden tips' } ) );
	await screen.findByText( 'Planting bulbs' );
	expect( screen.queryByRole( 'button', { name: 'Approve: Planting bulbs' } ) ).toBeNull();
	expect( screen.getByRole( 'button', { name: 'Review draft: Planting bulbs' } ) ).toBeTruthy();
} );

it( 'says what went wrong when the plans cannot be loaded, and tries again', async () => {
	let fail = true;
	serve( {
		'GET /postwright/v1/plans': async () => {
			if ( fail ) {
				fail = false;
				throw {
					code: 'postwright_service_unreachable',
					message: 'Postwright could not be reached at app.postwright.com. Check that this site can make outgoing requests, then try again in a few minutes.',
				};
			}
			return { plans: [] };
		},
	} );
	render( <Autopilot canPublish timeZone="Europe/Paris" /> );
	expect( await notice( /Postwright could not be reached at app\.postwright\.com/ ) ).toBeTruthy();
	await userEvent.click( screen.getByRole( 'button', { name: 'Try again' } ) );
	expect( await screen.findByText( 'No content plans yet. Create one to publish on a schedule.' ) ).toBeTruthy();
} );

it( 'is a tab of the admin page once the site is connected', async () => {
	serve( {
		'GET /postwright/v1/status': async () => ( {
			connected: true,
			serviceUrl: 'https://app.postwright.com',
			canManage: true,
			canPublish: true,
			account: { email: 'owner@example.com' },
			upgradeUrl: 'https://app.postwright.com/pricing',
			error: null,
		} ),
		'GET /postwright/v1/plans': async () => ( { plans: [] } ),
	} );
	render( <AdminApp initial={ { timeZone: 'Europe/Paris' } } /> );
	await userEvent.click( await screen.findByRole( 'tab', { name: 'Autopilot' } ) );
	expect( await screen.findByText( 'No content plans yet. Create one to publish on a schedule.' ) ).toBeTruthy();
	expect( screen.queryByRole( 'button', { name: 'Generate post' } ) ).toBeNull();
} );

describe( 'the calendar', () => {
	const draft = item( {
		id: 1,
		title: 'Planting bulbs',
		status: 'to_review',
		slotAt: '2026-03-02T08:00:00Z',
		post: { id: 42, title: 'Planting bulbs', seoScore: 84, status: 'draft' },
	} );
	const marchItems = [
		draft,
		item( { id: 2, title: 'Winter compost', slotAt: '2026-03-04T08:00:00Z' } ),
		item( { id: 3, title: 'Seed swaps', status: 'failed', slotAt: '2026-03-06T08:00:00Z', lastError: 'The AI provider is not available right now.' } ),
	];

	/** Opens the plan "Garden tips" from the Autopilot tab, with the page's address as given. */
	async function openPlan( items, address = '' ) {
		window.history.replaceState( null, '', `/wp-admin/admin.php?page=postwright&tab=autopilot${ address }` );
		const plan = planView( { items } );
		serve( {
			'GET /postwright/v1/plans': async () => ( { plans: [ plan ] } ),
			'GET /postwright/v1/plans/7': async () => plan,
			'GET /postwright/v1/posts/42': async () => ( {
				id: 42,
				title: 'Planting bulbs in autumn',
				htmlContent: '<p>Before the frost.</p>',
				metaDescription: 'When to plant bulbs.',
				seoScore: 84,
				seoChecks: [],
				updatedAt: '2026-03-01T10:00:00Z',
			} ),
		} );
		const view = render( <Autopilot canPublish timeZone="Europe/Paris" /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Garden tips' } ) );
		await screen.findByRole( 'heading', { name: 'Garden tips' } );
		return view;
	}

	const dayCell = ( key ) => screen.getByText( dayTitle( key ) ).closest( 'td' );
	const monthHeading = () => screen.getByRole( 'heading', { level: 4, name: /\d{4}/ } );
	const address = () => new URLSearchParams( window.location.search );
	// What the plan's time zone (Europe/Paris) calls now, worked out apart from the calendar's own code.
	const parisNow = ( options ) => new Intl.DateTimeFormat( undefined, { timeZone: 'Europe/Paris', ...options } ).format( new Date() );

	it( 'switches between the list and the calendar, from the keyboard too, and keeps the choice in the address', async () => {
		const { unmount } = await openPlan( marchItems );
		expect( screen.getByRole( 'tab', { name: 'List' } ).getAttribute( 'aria-selected' ) ).toBe( 'true' );
		expect( screen.getByRole( 'table', { name: 'Titles of the plan' } ) ).toBeTruthy();

		await userEvent.click( screen.getByRole( 'tab', { name: 'Calendar' } ) );
		expect( monthHeading().textContent ).toBe( parisNow( { month: 'long', year: 'numeric' } ) );
		expect( screen.queryByRole( 'table', { name: 'Titles of the plan' } ) ).toBeNull();
		expect( address().get( 'view' ) ).toBe( 'calendar' );
		expect( address().get( 'tab' ) ).toBe( 'autopilot' );

		await userEvent.keyboard( '{ArrowLeft}' );
		expect( screen.getByRole( 'tab', { name: 'List' } ).getAttribute( 'aria-selected' ) ).toBe( 'true' );
		expect( screen.getByRole( 'table', { name: 'Titles of the plan' } ) ).toBeTruthy();
		expect( address().get( 'view' ) ).toBeNull();
		await userEvent.keyboard( '{ArrowRight}' );
		expect( address().get( 'view' ) ).toBe( 'calendar' );

		// A reload shows the plan on the calendar again.
		unmount();
		await userEvent.click( await within( render( <Autopilot canPublish timeZone="Europe/Paris" /> ).container ).findByRole( 'button', { name: 'Garden tips' } ) );
		expect( ( await screen.findByRole( 'tab', { name: 'Calendar' } ) ).getAttribute( 'aria-selected' ) ).toBe( 'true' );
	} );

	it( 'puts each title on its slot’s day in the plan’s time zone, with its time and status, and lists the waiting ones', async () => {
		await openPlan(
			[
				...marchItems,
				// 00:30 on 1 April in Paris.
				item( { id: 4, title: 'Pruning roses', status: 'approved', slotAt: '2026-03-31T22:30:00Z' } ),
				item( { id: 5, title: 'Pollinator hedges', preferredDate: '2026-04-19T22:00:00Z' } ),
				item( { id: 6, title: 'Tomato blight', status: 'failed', lastError: 'The AI provider is not answering.' } ),
			],
			'&view=calendar&month=2026-03'
		);
		expect( monthHeading().textContent ).toBe( monthTitle( { year: 2026, month: 3 } ) );
		expect( screen.getByText( 'Times are in Europe/Paris, the plan’s time zone.' ) ).toBeTruthy();
		// Weeks start on Monday: the grid opens on 23 February, before Sunday 1 March.
		const headers = screen.getAllByRole( 'columnheader' ).map( ( header ) => header.textContent );
		expect( headers[ 0 ] ).toContain( 'Mon' );
		expect( headers[ 6 ] ).toContain( 'Sun' );
		expect( screen.getAllByRole( 'row' )[ 1 ].querySelector( 'td' ).textContent ).toContain( dayTitle( '2026-02-23' ) );

		const second = dayCell( '2026-03-02' );
		expect( within( second ).getByText( '09:00' ) ).toBeTruthy();
		expect( within( second ).getByText( 'To review' ) ).toBeTruthy();
		const fourth = dayCell( '2026-03-04' );
		expect( within( fourth ).getByText( 'Winter compost' ) ).toBeTruthy();
		expect( within( fourth ).getByText( 'Planned' ) ).toBeTruthy();
		const sixth = dayCell( '2026-03-06' );
		expect( within( sixth ).getByText( 'Failed' ) ).toBeTruthy();
		expect( within( sixth ).getByText( 'The AI provider is not available right now.' ) ).toBeTruthy();
		expect( within( dayCell( '2026-03-31' ) ).queryByText( 'Pruning roses' ) ).toBeNull();
		const april = dayCell( '2026-04-01' );
		expect( within( april ).getByText( 'Pruning roses' ) ).toBeTruthy();
		expect( within( april ).getByText( '00:30' ) ).toBeTruthy();
		expect( within( april ).getByText( 'Approved' ) ).toBeTruthy();

		const waiting = screen.getByRole( 'region', { name: 'Waiting for a slot' } );
		const entries = within( waiting ).getAllByRole( 'listitem' );
		expect( entries.map( ( entry ) => entry.textContent ) ).toEqual( [
			expect.stringContaining( 'Pollinator hedges' ),
			expect.stringContaining( 'Tomato blight' ),
		] );
		expect( entries[ 0 ].textContent ).toContain( `Wanted on ${ dayText( '2026-04-19T22:00:00Z', 'Europe/Paris' ) }` );
		expect( within( entries[ 1 ] ).getByText( 'Failed' ) ).toBeTruthy();
		expect( within( entries[ 1 ] ).getByText( 'The AI provider is not answering.' ) ).toBeTruthy();

		// A draft opens for review, as "Review draft" does in the list; other titles are not buttons.
		expect( within( fourth ).queryByRole( 'button' ) ).toBeNull();
		await userEvent.click( within( second ).getByRole( 'button', { name: 'Review draft: Planting bulbs' } ) );
		const review = await screen.findByRole( 'region', { name: 'Draft to review' } );
		expect( await within( review ).findByDisplayValue( 'Planting bulbs in autumn' ) ).toBeTruthy();
	} );

	it( 'moves between months, says when one is empty, and comes back to today', async () => {
		await openPlan( marchItems, '&view=calendar&month=2026-03' );
		expect( monthHeading().textContent ).toBe( monthTitle( { year: 2026, month: 3 } ) );
		expect( screen.queryByText( /^Nothing planned, published or failed/ ) ).toBeNull();

		await userEvent.click( screen.getByRole( 'button', { name: 'Next month' } ) );
		const april = monthTitle( { year: 2026, month: 4 } );
		expect( monthHeading().textContent ).toBe( april );
		expect( screen.getByText( `Nothing planned, published or failed in ${ april }.` ) ).toBeTruthy();
		expect( screen.queryByText( 'Winter compost' ) ).toBeNull();
		expect( address().get( 'month' ) ).toBe( '2026-04' );

		await userEvent.click( screen.getByRole( 'button', { name: 'Previous month' } ) );
		await userEvent.click( screen.getByRole( 'button', { name: 'Previous month' } ) );
		await userEvent.click( screen.getByRole( 'button', { name: 'Previous month' } ) );
		expect( monthHeading().textContent ).toBe( monthTitle( { year: 2026, month: 1 } ) );
		expect( address().get( 'month' ) ).toBe( '2026-01' );
		await userEvent.click( screen.getByRole( 'button', { name: 'Previous month' } ) );
		expect( monthHeading().textContent ).toBe( monthTitle( { year: 2025, month: 12 } ) );

		await userEvent.click( screen.getByRole( 'button', { name: 'Today' } ) );
		expect( monthHeading().textContent ).toBe( parisNow( { month: 'long', year: 'numeric' } ) );
		expect( address().get( 'month' ) ).toBeNull();
		expect( address().get( 'view' ) ).toBe( 'calendar' );
		const today = new Intl.DateTimeFormat( 'en-CA', { timeZone: 'Europe/Paris' } ).format( new Date() );
		expect( document.querySelector( 'td[aria-current="date"]' ).textContent ).toContain( `${ dayTitle( today ) } (today)` );
	} );
} );
