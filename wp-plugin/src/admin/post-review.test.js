/**
 * Scheduling from the review: the picker's time is the site's (WordPress's Settings > General), not the browser's,
 * and the post is scheduled through the service. The browser here is in Los Angeles (jest.config.cjs).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import PostReview from './post-review';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

it( 'runs in a browser zone that is not the sites', () => {
	// jest.config.cjs puts the browser in Los Angeles; the sites below are in Berlin and on UTC.
	expect( Intl.DateTimeFormat().resolvedOptions().timeZone ).toBe( 'America/Los_Angeles' );
} );

const post = {
	id: 42,
	title: 'Green tea for beginners',
	htmlContent: '<h2>Why</h2><p>Because.</p>',
	metaDescription: 'All about green tea.',
	images: [],
	seoScore: 86,
	seoChecks: [],
	isScheduled: false,
	scheduledPublishDate: null,
};

/** Routes apiFetch calls to handlers by "METHOD path"; records every call. */
function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( { key, data: options.data } );
		const handler = routes[ key ];
		return handler ? handler( options.data ) : Promise.reject( { message: `No route ${ key }` } );
	} );
	return calls;
}

const siteOptions = ( timeZone ) => async () => ( {
	categories: [],
	authors: [],
	currentUserId: 1,
	timeZone,
} );

/** Sets WordPress's date picker (24-hour, as the site's settings here give it) field by field as a person would. */
async function pick( picker, { year, month, day, hours, minutes } ) {
	const user = userEvent.setup();
	const set = async ( label, value ) => {
		const field = within( picker ).getByLabelText( label );
		await user.clear( field );
		await user.type( field, value );
		await user.tab();
	};
	await user.selectOptions( within( picker ).getByLabelText( 'Month' ), month );
	await set( 'Day', day );
	await set( 'Year', year );
	await set( 'Hours', hours );
	await set( 'Minutes', minutes );
}

/** Opens the schedule dropdown as a person would and gives its picker. */
async function openPicker() {
	await userEvent.click( await screen.findByRole( 'button', { name: /^(Schedule|Change schedule)…$/ } ) );
	return screen.findByText( /^Times are in the site’s time zone/ ).then( ( zone ) =>
		zone.closest( '.postwright-schedule__picker' )
	);
}

// What the screen shows (WordPress's spoken announcements repeat it off screen).
const notice = { selector: '.components-notice__content' };

beforeEach( () => apiFetch.mockReset() );

it( 'schedules the wall-clock time chosen in the site zone, after the change to summer time', async () => {
	const calls = serve( {
		'GET /postwright/v1/site-options': siteOptions( 'Europe/Berlin' ),
		'POST /postwright/v1/schedule': async ( data ) => ( {
			...post,
			status: 'scheduled',
			isScheduled: true,
			scheduledPublishDate: data.date,
		} ),
	} );
	render( <PostReview post={ post } keywords={ [ 'green tea' ] } canPublish onChange={ () => {} } /> );
	await waitFor( () => expect( calls.map( ( call ) => call.key ) ).toContain( 'GET /postwright/v1/site-options' ) );
	const picker = await openPicker();
	// 31 March 2030 is the last Sunday of March: Berlin is on summer time (UTC+2) from 02:00 that day.
	await pick( picker, { year: '2030', month: '03', day: '31', hours: '21', minutes: '18' } );

	const button = await screen.findByRole( 'button', { name: /^Schedule for / } );
	expect( button.textContent ).toMatch( /March 31, 2030.* 9:18\sPM \(UTC\+2\)$/ );
	await userEvent.click( button );

	await screen.findByText( /^Scheduled for March 31, 2030.* 9:18\sPM \(UTC\+2\)\./, notice );
	// The picker says whose clock it is, in the site's zone on the chosen day.
	expect( within( picker ).getByText( 'Times are in the site’s time zone (UTC+2).' ) ).toBeTruthy();
	const sent = calls.find( ( call ) => call.key === 'POST /postwright/v1/schedule' );
	// 21:18 in Berlin, not in Los Angeles (which would be 04:18 the next day, UTC).
	expect( sent.data ).toMatchObject( { postId: 42, date: '2030-03-31T19:18:00.000Z' } );
	expect( sent.data.status ).toBeUndefined();
	expect( calls.map( ( call ) => call.key ) ).not.toContain( 'POST /postwright/v1/publish' );
	// Scheduled, the dropdown closes; opened again, it offers to reschedule.
	await waitFor( () => expect( screen.queryByText( /^Times are in the site’s time zone/ ) ).toBeNull() );
	await openPicker();
	expect( screen.getByRole( 'button', { name: /^Reschedule for / } ) ).toBeTruthy();
} );

it( 'reads a site on a fixed offset, and shows a scheduled post in its zone, and cancels it', async () => {
	const calls = serve( {
		'GET /postwright/v1/site-options': siteOptions( '+00:00' ),
		'DELETE /postwright/v1/schedule/42': async () => ( { ...post, status: 'draft' } ),
	} );
	render(
		<PostReview
			post={ { ...post, status: 'scheduled', isScheduled: true, scheduledPublishDate: '2026-11-27T21:18:00.000Z' } }
			keywords={ [ 'green tea' ] }
			canPublish
			onChange={ () => {} }
		/>
	);
	// 21:18 UTC, as the picker labelled "UTC+0" shows it, not 13:18 as the browser's clock reads it.
	await screen.findByText( /^Scheduled for November 27, 2026.* 9:18\sPM \(UTC\+0\)\./, notice );
	await openPicker();
	expect( ( await screen.findByRole( 'button', { name: /^Reschedule for / } ) ).textContent ).toMatch(
		/9:18\sPM \(UTC\+0\)$/
	);
	await userEvent.click( screen.getByRole( 'button', { name: 'Cancel schedule' } ) );
	await waitFor( () => expect( screen.queryByText( /^Scheduled for /, notice ) ).toBeNull() );
	expect( calls.map( ( call ) => call.key ) ).toContain( 'DELETE /postwright/v1/schedule/42' );
} );

describe( 'near midnight', () => {
	// 09:30 UTC on Sunday 15 March 2026: 23:30 on Saturday the 14th in Honolulu (the site), already 02:30 on the 15th
	// in Los Angeles (the browser) and 09:30 on the 15th in UTC.
	// Only the clock is faked: the picker's popover and WordPress's spoken notices keep their real timers.
	beforeEach( () =>
		jest.useFakeTimers( {
			now: new Date( '2026-03-15T09:30:00.000Z' ),
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'requestAnimationFrame',
				'cancelAnimationFrame',
				'requestIdleCallback',
				'cancelIdleCallback',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
		} )
	);
	afterEach( () => jest.useRealTimers() );

	it( 'opens the picker on the site’s day and time, and schedules and shows the time chosen on the site’s day', async () => {
		const user = userEvent.setup();
		const calls = serve( {
			'GET /postwright/v1/site-options': siteOptions( 'Pacific/Honolulu' ),
			'POST /postwright/v1/schedule': async ( data ) => ( {
				...post,
				status: 'scheduled',
				isScheduled: true,
				scheduledPublishDate: data.date,
			} ),
		} );
		render( <PostReview post={ post } keywords={ [ 'green tea' ] } canPublish onChange={ () => {} } /> );
		await waitFor( () => expect( calls.map( ( call ) => call.key ) ).toContain( 'GET /postwright/v1/site-options' ) );
		await user.click( await screen.findByRole( 'button', { name: 'Schedule…' } ) );
		const picker = ( await screen.findByText( /^Times are in the site’s time zone/ ) ).closest(
			'.postwright-schedule__picker'
		);
		expect( within( picker ).getByText( 'Times are in the site’s time zone (UTC-10).' ) ).toBeTruthy();
		// The picker opens on the site's Saturday the 14th at 23:30, not on the browser's (or UTC's) Sunday.
		const field = ( label ) => within( picker ).getByLabelText( label ).value;
		expect( [ field( 'Year' ), field( 'Month' ), field( 'Day' ), field( 'Hours' ), field( 'Minutes' ) ] ).toEqual( [
			'2026',
			'03',
			'14',
			'23',
			'30',
		] );

		// A quarter of an hour later that evening: only the minutes change, the day stays the site's.
		const minutes = within( picker ).getByLabelText( 'Minutes' );
		await user.clear( minutes );
		await user.type( minutes, '45' );
		await user.tab();
		const button = await screen.findByRole( 'button', { name: /^Schedule for / } );
		expect( button.textContent ).toMatch( /^Schedule for March 14, 2026.* 11:45\sPM \(UTC-10\)$/ );
		await user.click( button );

		await screen.findByText( /^Scheduled for March 14, 2026.* 11:45\sPM \(UTC-10\)\./, notice );
		const sent = calls.find( ( call ) => call.key === 'POST /postwright/v1/schedule' );
		expect( sent.data ).toMatchObject( { postId: 42, date: '2026-03-15T09:45:00.000Z' } );
	} );
} );

it( 'shows the service refusing a plan without scheduling', async () => {
	serve( {
		'GET /postwright/v1/site-options': siteOptions( 'UTC' ),
		'POST /postwright/v1/schedule': async () =>
			Promise.reject( {
				code: 'postwright_forbidden',
				message: 'Scheduling is available on the Starter plan and above. Upgrade to schedule posts.',
			} ),
	} );
	render( <PostReview post={ post } keywords={ [ 'green tea' ] } canPublish onChange={ () => {} } /> );
	const picker = await openPicker();
	await pick( picker, {
		year: '2030',
		month: '01',
		day: '15',
		hours: '08',
		minutes: '05',
	} );
	await userEvent.click( await screen.findByRole( 'button', { name: /^Schedule for / } ) );
	const refusal = await screen.findByText(
		'Scheduling is available on the Starter plan and above. Upgrade to schedule posts.',
		notice
	);
	// Beside the button that asked, in the open picker.
	expect( picker.contains( refusal ) ).toBe( true );
	expect( screen.queryByText( /^Scheduled for /, notice ) ).toBeNull();
} );

it( 'says when the post was written without an AI model, and only then', async () => {
	serve( { 'GET /postwright/v1/site-options': siteOptions( 'UTC' ) } );
	const { rerender } = render(
		<PostReview post={ { ...post, generator: 'offline' } } keywords={ [ 'green tea' ] } canPublish onChange={ () => {} } />
	);
	expect( await screen.findByText( 'Written without an AI model', { selector: 'strong' } ) ).toBeTruthy();
	rerender(
		<PostReview post={ { ...post, generator: 'ai:gpt-4o-mini' } } keywords={ [ 'green tea' ] } canPublish onChange={ () => {} } />
	);
	expect( screen.queryByText( 'Written without an AI model', { selector: 'strong' } ) ).toBeNull();
} );

const checks = [
	{ id: 'keyphrase-title', label: 'Keyphrase in title', status: 'pass', message: 'The title has the keyphrase.' },
	{ id: 'length', label: 'Content length', status: 'fail', message: 'Write at least 300 words.' },
	{ id: 'links', label: 'Internal links', status: 'warn', message: 'Link to one of your posts.' },
	{ id: 'meta', label: 'Meta description', status: 'pass', message: 'Well done.' },
];

it( 'groups the checks: problems first and open, good results collapsed, under a score badge', async () => {
	serve( { 'GET /postwright/v1/site-options': siteOptions( 'UTC' ) } );
	const { container } = render(
		<PostReview post={ { ...post, seoScore: 64, seoChecks: checks } } keywords={ [] } canPublish onChange={ () => {} } />
	);
	expect( screen.getByText( 'SEO score: 64/100' ) ).toBeTruthy();
	expect( container.querySelector( '.postwright-seo__score' ).className ).toContain( 'is-red' );
	const groups = screen.getAllByRole( 'button', { name: /\(\d+\)$/ } );
	expect( groups.map( ( group ) => group.textContent ) ).toEqual( [
		'Problems (1)',
		'Improvements (1)',
		'Good results (2)',
	] );
	expect( groups.map( ( group ) => group.getAttribute( 'aria-expanded' ) ) ).toEqual( [ 'true', 'true', 'false' ] );
	expect( screen.getByText( 'Write at least 300 words.' ) ).toBeTruthy();
	expect( screen.queryByText( 'The title has the keyphrase.' ) ).toBeNull();
	await userEvent.click( groups[ 2 ] );
	expect( screen.getByText( 'The title has the keyphrase.' ) ).toBeTruthy();
} );

it( "shows how close the post reads to the site's voice beside the score, and nothing without a voice", async () => {
	serve( { 'GET /postwright/v1/site-options': siteOptions( 'UTC' ) } );
	const voiceMatch = { distance: 0.21, match: 79, parts: { functionWords: 0.3, sentenceLengths: 0.1, person: 0.2, spelling: null } };
	const { unmount } = render(
		<PostReview post={ { ...post, voiceMatch } } keywords={ [] } canPublish onChange={ () => {} } />
	);
	// The site's options arrive.
	await act( () => Promise.resolve() );
	expect( screen.getByText( 'Brand voice match: 79/100' ) ).toBeTruthy();
	expect( screen.getByText( /common words, sentence length, person and spelling/ ) ).toBeTruthy();
	unmount();

	render( <PostReview post={ { ...post, voiceMatch: null } } keywords={ [] } canPublish onChange={ () => {} } /> );
	await act( () => Promise.resolve() );
	expect( screen.queryByText( /Brand voice match/ ) ).toBeNull();
} );

it( 'shows the post typeset in place, without a frame and without its scripts', async () => {
	serve( { 'GET /postwright/v1/site-options': siteOptions( 'UTC' ) } );
	const { container } = render(
		<PostReview
			post={ {
				...post,
				htmlContent: '<h2>Why</h2><p onclick="alert(1)">Because.</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
			} }
			keywords={ [] }
			canPublish
			onChange={ () => {} }
		/>
	);
	// The site's options arrive.
	await act( () => Promise.resolve() );
	const preview = screen.getByRole( 'article', { name: 'Preview' } );
	expect( within( preview ).getByRole( 'heading', { level: 1 } ).textContent ).toBe( 'Green tea for beginners' );
	expect( within( preview ).getByRole( 'heading', { level: 2 } ).textContent ).toBe( 'Why' );
	expect( container.querySelector( 'iframe' ) ).toBeNull();
	expect( preview.innerHTML ).not.toMatch( /script|onclick|javascript:/ );
} );

it( 'opens a new draft in the block editor with the Postwright sidebar', async () => {
	serve( {
		'GET /postwright/v1/site-options': siteOptions( 'UTC' ),
		'POST /postwright/v1/publish': async () => ( {
			postId: 7,
			status: 'draft',
			link: 'http://example.test/?p=7',
			editLink: 'http://example.test/wp-admin/post.php?post=7&action=edit',
		} ),
	} );
	const openEditor = jest.fn();
	render( <PostReview post={ post } keywords={ [] } canPublish onChange={ () => {} } openEditor={ openEditor } /> );
	await userEvent.click( screen.getByRole( 'button', { name: 'Create draft' } ) );
	await waitFor( () =>
		expect( openEditor ).toHaveBeenCalledWith(
			'http://example.test/wp-admin/post.php?post=7&action=edit&postwright=review'
		)
	);
	expect( screen.getByText( /^Draft created\. Opening it in the editor/, notice ) ).toBeTruthy();
} );

it( 'shows a publishing error beside the publishing buttons, not at the top of the review', async () => {
	serve( {
		'GET /postwright/v1/site-options': siteOptions( 'UTC' ),
		'POST /postwright/v1/publish': async () => Promise.reject( { message: 'Sorry, you are not allowed to do that.' } ),
	} );
	const openEditor = jest.fn();
	render( <PostReview post={ post } keywords={ [] } canPublish onChange={ () => {} } openEditor={ openEditor } /> );
	const button = screen.getByRole( 'button', { name: 'Publish' } );
	await userEvent.click( button );
	const error = await screen.findByText( 'Sorry, you are not allowed to do that.', notice );
	// The notice follows the row of buttons directly.
	expect( button.closest( '.postwright-actions' ).nextElementSibling.contains( error ) ).toBe( true );
	expect( openEditor ).not.toHaveBeenCalled();
} );
