/**
 * The Search Console card of "Your posts" and the figures in the table, against a stand-in for the plugin's REST
 * routes: connecting sends the whole page to Google's consent screen; Google's answer, back on this page, is said in
 * a notice; the property is chosen; ideas are added to a content plan; each post shows its clicks, impressions and
 * position against the 28 days before, and the posts losing visitors say so.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import AdminApp from './admin-app';
import SearchConsoleCard, { connectOutcome } from './search-console-card';
import YourPosts, { figureText } from './your-posts';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path.replace( '/postwright/v1', '' ) }`;
		calls.push( { key, data: options.data } );
		const answer = routes[ key ];
		return answer
			? answer( options.data )
			: Promise.reject( { code: 'rest_no_route', message: `No route ${ key }` } );
	} );
	return calls;
}

const connected = ( property ) => ( {
	configured: true,
	connection: {
		state: 'connected',
		platform: 'wordpress',
		connectionId: 3,
		property,
		properties: [
			{ siteUrl: 'https://roastery.example/', permissionLevel: 'siteOwner' },
			{ siteUrl: 'sc-domain:roastery.example', permissionLevel: 'siteOwner' },
		],
		reading: 'ready',
		readAt: '2026-11-28T04:00:00.000Z',
		error: null,
	},
} );

beforeEach( () => apiFetch.mockReset() );

describe( 'SearchConsoleCard', () => {
	it( 'says when the figures were read in the site’s time zone, with its offset, not the browser’s', async () => {
		// The site is set to "UTC+5:30" in Settings > General; the browser is in Los Angeles (jest.config.cjs).
		serve( {
			'GET /status': () =>
				Promise.resolve( { connected: true, canManage: true, canPublish: true, account: { email: 'owner@example.com' } } ),
			'GET /site-posts?page=1': () =>
				Promise.resolve( {
					site: { platform: 'wordpress', connectionId: 3, state: 'ready', postsRead: 0, error: null },
					posts: [],
					page: 1,
					pageSize: 25,
					total: 0,
				} ),
			'GET /search-console': () => Promise.resolve( connected( 'sc-domain:roastery.example' ) ),
			'GET /search-console/ideas': () => Promise.resolve( { ideas: [] } ),
			'GET /plans': () => Promise.resolve( { plans: [] } ),
		} );
		render( <AdminApp initial={ { timeZone: '+05:30', tab: 'your-posts' } } /> );
		// Read at 04:00 UTC on 28 November: 09:30 that day on the site's clock, 20:00 on the 27th on the browser's.
		const status = await screen.findByText( /^Figures read / );
		expect( status.textContent ).toMatch( /^Figures read November 28, 2026.* 9:30\sAM \(UTC\+5:30\)\.$/ );
	} );

	it( "connects by sending the page to Google's consent screen", async () => {
		const calls = serve( {
			'GET /search-console': () => Promise.resolve( { configured: true, connection: null } ),
			'POST /search-console/connect': () =>
				Promise.resolve( { authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=abc' } ),
		} );
		const navigate = jest.fn();
		render( <SearchConsoleCard navigate={ navigate } /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Connect Search Console' } ) );
		expect( navigate ).toHaveBeenCalledWith( 'https://accounts.google.com/o/oauth2/v2/auth?state=abc' );
		expect( calls.map( ( call ) => call.key ) ).toEqual( [ 'GET /search-console', 'POST /search-console/connect' ] );
	} );

	it( 'says the site is turned off, so Search Console is not read, with nothing to reconnect', async () => {
		serve( {
			'GET /search-console': () =>
				Promise.resolve( { ...connected( 'https://roastery.example/' ), connection: {
					...connected( 'https://roastery.example/' ).connection,
					state: 'off',
				} } ),
		} );
		render( <SearchConsoleCard navigate={ jest.fn() } /> );
		expect(
			await screen.findByText(
				'This site is turned off in your Postwright account, so Search Console is not read. Turn it on to read it again.'
			)
		).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: 'Reconnect Search Console' } ) ).toBeNull();
	} );

	it( "says Google's answer when the browser comes back, and why a connect was refused", async () => {
		expect( connectOutcome( '?page=postwright-your-posts&search_console=connected' ) ).toMatchObject( {
			status: 'success',
		} );
		expect( connectOutcome( '?search_console_error=Log+in+to+Postwright%2C+then+try+again.' ) ).toEqual( {
			status: 'error',
			message: 'Log in to Postwright, then try again.',
		} );
		expect( connectOutcome( '?page=postwright' ) ).toBeNull();

		serve( {
			'GET /search-console': () => Promise.resolve( { configured: true, connection: null } ),
			'POST /search-console/connect': () =>
				Promise.reject( {
					code: 'rest_forbidden',
					message: 'Only an administrator of this site can change its Postwright connection.',
				} ),
		} );
		render( <SearchConsoleCard navigate={ jest.fn() } /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Connect Search Console' } ) );
		expect(
			await screen.findByText( /Only an administrator/, { selector: '.components-notice__content' } )
		).toBeTruthy();
	} );

	it( 'lets the owner choose the property, add ideas to a plan and disconnect', async () => {
		const calls = serve( {
			'GET /search-console': () => Promise.resolve( connected( null ) ),
			'PUT /search-console/property': ( data ) => Promise.resolve( connected( data.siteUrl ) ),
			'GET /search-console/ideas': () =>
				Promise.resolve( {
					ideas: [
						{
							query: 'cold brew ratio',
							title: 'Cold brew ratio',
							keywords: [ 'cold brew ratio' ],
							clicks: 3,
							impressions: 1250,
							position: 14.2,
							previousImpressions: 900,
							notes: '1,250 impressions in 28 days',
						},
					],
				} ),
			'GET /plans': () => Promise.resolve( { plans: [ { id: 5, name: 'Weekly guides' } ] } ),
			'POST /plans/5/items': () => Promise.resolve( { added: 1 } ),
			'DELETE /search-console': () => Promise.resolve( { configured: true, connection: null } ),
		} );
		render( <SearchConsoleCard navigate={ jest.fn() } /> );
		const select = await screen.findByRole( 'combobox', { name: 'Search Console property read for this site' } );
		await userEvent.selectOptions( select, 'sc-domain:roastery.example' );

		await userEvent.click( await screen.findByRole( 'button', { name: 'Add “Cold brew ratio” to the plan' } ) );
		expect( await screen.findByText( 'Added to the plan' ) ).toBeTruthy();
		expect( screen.getByText( /1,250 impressions, 3 clicks in 28 days/ ) ).toBeTruthy();

		await userEvent.click( screen.getByRole( 'button', { name: 'Disconnect Search Console' } ) );
		expect( await screen.findByRole( 'button', { name: 'Connect Search Console' } ) ).toBeTruthy();

		expect( calls.filter( ( call ) => call.key !== 'GET /search-console' ) ).toEqual( [
			{ key: 'PUT /search-console/property', data: { siteUrl: 'sc-domain:roastery.example' } },
			{ key: 'GET /search-console/ideas', data: undefined },
			{ key: 'GET /plans', data: undefined },
			{
				key: 'POST /plans/5/items',
				data: {
					items: [
						{ title: 'Cold brew ratio', keywords: [ 'cold brew ratio' ], notes: '1,250 impressions in 28 days' },
					],
				},
			},
			{ key: 'DELETE /search-console', data: undefined },
		] );
	} );
} );

describe( "Search Console's figures on Your posts", () => {
	it( 'shows each post’s figures against the 28 days before, and the posts losing visitors', async () => {
		const site = { platform: 'wordpress', connectionId: 3, state: 'ready', postsRead: 1, error: null };
		serve( {
			'GET /search-console': () => Promise.resolve( connected( 'https://roastery.example/' ) ),
			'GET /search-console/ideas': () => Promise.resolve( { ideas: [] } ),
			'GET /plans': () => Promise.resolve( { plans: [] } ),
			'GET /site-posts?page=1': () =>
				Promise.resolve( {
					site,
					posts: [
						{
							id: 1,
							url: 'https://roastery.example/grinders/',
							title: 'Grinders',
							ageDays: 900,
							words: 800,
							score: 70,
							failingChecks: [],
							linksIn: 1,
							linksOut: 2,
							search: {
								clicks: 70,
								impressions: 2000,
								position: 8.4,
								previousClicks: 120,
								previousImpressions: 2100,
								previousPosition: 6.1,
							},
							refreshCandidate: true,
							refreshReason: 'Clicks down 42% (120 → 70) over 28 days',
							opportunity: 80,
						},
					],
					page: 1,
					pageSize: 25,
					total: 1,
				} ),
		} );
		render( <YourPosts /> );
		const table = await screen.findByRole( 'table', { name: 'Posts of this site, most worth improving first' } );
		const headers = within( table ).getAllByRole( 'columnheader' ).map( ( cell ) => cell.textContent );
		expect( headers ).toEqual(
			expect.arrayContaining( [ 'Clicks (28 days)', 'Impressions (28 days)', 'Position' ] )
		);
		const row = within( table ).getAllByRole( 'row' )[ 1 ];
		expect( within( row ).getByRole( 'rowheader' ).textContent ).toBe(
			'GrindersLosing visitors: Clicks down 42% (120 → 70) over 28 days'
		);
		expect( row.textContent ).toContain( '70 (▼ 50 fewer)' );
		expect( row.textContent ).toContain( '8.4 (▼ 2.3 lower)' );
	} );

	it( 'words a figure and its change', () => {
		expect( figureText( null, 3 ) ).toBe( '—' );
		expect( figureText( 12, null ) ).toBe( '12' );
		expect( figureText( 1200, 1000 ) ).toBe( '1,200 (▲ 200 more)' );
		expect( figureText( 3.5, 5, true ) ).toBe( '3.5 (▲ 1.5 higher)' );
		expect( figureText( 4, 4 ) ).toBe( '4' );
	} );
} );
