/**
 * "Your posts" in wp-admin, against a stand-in for the plugin's REST routes: the site's posts in the service's order
 * with what failed in words, page by page, and the states while the posts are read or when the analysis failed.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import YourPosts, { ageText } from './your-posts';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const site = {
	platform: 'wordpress',
	connectionId: 3,
	siteName: 'Roastery',
	siteUrl: 'https://roastery.example',
	state: 'ready',
	postsRead: 27,
	postsAnalysed: 27,
	analysedAt: '2026-11-27T10:00:00.000Z',
	error: null,
};

const post = ( i, fields = {} ) => ( {
	id: i,
	url: `https://roastery.example/post-${ i }/`,
	title: `Post ${ i }`,
	publishedAt: '2025-01-01T00:00:00.000Z',
	modifiedAt: null,
	ageDays: 400,
	words: 120,
	score: 35,
	failingChecks: [
		{ id: 'text-length', label: 'Text length', message: 'The text has 120 words. Write at least 300.' },
	],
	keyphrase: `post ${ i }`,
	keyphraseSource: 'title',
	linksOut: 0,
	linksIn: 2,
	search: null,
	opportunity: 100 - i,
	...fields,
} );

function serve( answer ) {
	const paths = [];
	apiFetch.mockImplementation( ( options ) => {
		paths.push( options.path );
		return answer( options.path );
	} );
	return paths;
}

beforeEach( () => apiFetch.mockReset() );

describe( 'YourPosts', () => {
	it( "lists the site's posts in the service's order with what failed in words, page by page", async () => {
		const paths = serve( ( path ) =>
			Promise.resolve(
				path.endsWith( 'page=2' )
					? { site, posts: [ post( 26 ), post( 27, { failingChecks: [] } ) ], page: 2, pageSize: 25, total: 27 }
					: { site, posts: [ post( 1 ), post( 2 ) ], page: 1, pageSize: 25, total: 27 }
			)
		);
		render( <YourPosts /> );
		const table = await screen.findByRole( 'table', { name: 'Posts of this site, most worth improving first' } );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect( rows.map( ( row ) => within( row ).getByRole( 'rowheader' ).textContent ) ).toEqual( [
			'Post 1',
			'Post 2',
		] );
		expect( rows[ 0 ].textContent ).toContain( 'Text length: The text has 120 words. Write at least 300.' );
		expect( rows[ 0 ].textContent ).toContain( '13 months' );
		expect( within( rows[ 0 ] ).getByRole( 'link', { name: 'Post 1' } ).getAttribute( 'href' ) ).toBe(
			'https://roastery.example/post-1/'
		);
		expect( screen.getByText( /Page 1 of 2 \(27 posts\)/ ) ).toBeTruthy();
		await userEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect( await screen.findByRole( 'link', { name: 'Post 26' } ) ).toBeTruthy();
		expect( screen.getByText( 'Nothing failed' ) ).toBeTruthy();
		expect( paths.filter( ( path ) => path.includes( 'site-posts' ) ) ).toEqual( [
			'/postwright/v1/site-posts?page=1',
			'/postwright/v1/site-posts?page=2',
		] );
	} );

	it( 'says the posts are being read, and why the analysis failed', async () => {
		serve( () =>
			Promise.resolve( {
				site: { ...site, state: 'analysing', postsRead: 100 },
				posts: [],
				page: 1,
				pageSize: 25,
				total: 0,
			} )
		);
		const { unmount } = render( <YourPosts /> );
		expect( await screen.findByText( 'Reading your posts: 100 so far…' ) ).toBeTruthy();
		unmount();

		serve( () =>
			Promise.resolve( {
				site: { ...site, state: 'failed', error: 'The site answered 401.' },
				posts: [],
				page: 1,
				pageSize: 25,
				total: 0,
			} )
		);
		render( <YourPosts /> );
		// The notice shows it (WordPress also speaks it through its own live region).
		const notice = await screen.findByText( /Your posts could not be analysed\./, {
			selector: '.components-notice__content',
		} );
		expect( notice.textContent ).toContain( 'The site answered 401.' );
	} );

	it( "shows the service's message when the posts cannot be loaded", async () => {
		serve( () => Promise.reject( { code: 'postwright_service', message: 'Postwright could not be reached.' } ) );
		render( <YourPosts /> );
		// The notice shows it (WordPress also speaks it through its own live region).
		expect(
			await screen.findByText( /Postwright could not be reached\./, { selector: '.components-notice__content' } )
		).toBeTruthy();
	} );

	it( 'words the age of a post', () => {
		expect( ageText( null ) ).toBe( 'Unknown' );
		expect( ageText( 0 ) ).toBe( 'Today' );
		expect( ageText( 1 ) ).toBe( '1 day' );
		expect( ageText( 45 ) ).toBe( '45 days' );
		expect( ageText( 800 ) ).toBe( '2 years' );
	} );
} );
