/**
 * The connection panel's line about the pages new posts link to, against a stand-in for the plugin's REST routes.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import SiteIndexStatus from './site-index-status';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const words = ( fields ) => ( {
	headline: '2,310 pages indexed 5 minutes ago',
	detail: null,
	action: 'Read pages again',
	tone: 'ready',
	...fields,
} );

function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( key );
		const handler = routes[ key ];
		return handler
			? Promise.resolve( handler() )
			: Promise.reject( { message: `No route ${ key }` } );
	} );
	return calls;
}

beforeEach( () => apiFetch.mockReset() );

describe( 'SiteIndexStatus', () => {
	it( 'shows a failure with its reason, and Retry asks for a new read', async () => {
		const reason =
			"Your WordPress site's pages could not be read. The site answered 401. The links already known are kept.";
		const calls = serve( {
			'GET /postwright/v1/site-index': () => ( {
				words: words( {
					headline: "Your site's pages could not be read",
					detail: reason,
					action: 'Retry',
					tone: 'failed',
				} ),
			} ),
			'POST /postwright/v1/site-index/refresh': () => ( {
				words: words( {
					headline: "Reading your site's pages shortly",
					action: null,
					tone: 'busy',
				} ),
			} ),
		} );
		render( <SiteIndexStatus canRefresh /> );
		expect(
			await screen.findByText( "Your site's pages could not be read" )
		).toBeTruthy();
		expect( screen.getByText( reason ) ).toBeTruthy();
		await userEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		expect(
			await screen.findByText( "Reading your site's pages shortly" )
		).toBeTruthy();
		expect( calls ).toContain( 'POST /postwright/v1/site-index/refresh' );
		expect( screen.queryByRole( 'button' ) ).toBeNull();
	} );

	it( 'shows the pages indexed without a button to those who cannot manage the connection', async () => {
		serve( {
			'GET /postwright/v1/site-index': () => ( { words: words() } ),
		} );
		render( <SiteIndexStatus canRefresh={ false } /> );
		expect(
			await screen.findByText( '2,310 pages indexed 5 minutes ago' )
		).toBeTruthy();
		expect( screen.queryByRole( 'button' ) ).toBeNull();
	} );

	it( 'asks again while the site is being read, until it is indexed', async () => {
		let reads = 0;
		serve( {
			'GET /postwright/v1/site-index': () => {
				reads += 1;
				return reads === 1
					? {
							words: words( {
								headline: 'Reading your site: 1,240 pages so far',
								action: null,
								tone: 'busy',
							} ),
					  }
					: { words: words() };
			},
		} );
		render( <SiteIndexStatus canRefresh /> );
		expect(
			await screen.findByText( 'Reading your site: 1,240 pages so far' )
		).toBeTruthy();
		await waitFor(
			() =>
				expect(
					screen.getByText( '2,310 pages indexed 5 minutes ago' )
				).toBeTruthy(),
			{ timeout: 5000 }
		);
	} );
} );
