/**
 * Refreshing one of "Your posts" in wp-admin, against a stand-in for the plugin's REST routes: from the "Refresh"
 * button of a post to the proposal (with its progress while it is written), the changes side by side with a checkbox
 * each, the score of the changes chosen (asked of the service), "Publish update" with only those, "Restore previous
 * version", and a post changed on the site since the proposal answered with a notice that proposes again; and a
 * refresh opened by its id in the page's address (&refresh=9), as a content plan's queued refresh links to it.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import YourPosts from './your-posts';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const site = {
	platform: 'wordpress',
	connectionId: 3,
	siteName: 'Roastery',
	siteUrl: 'https://roastery.example',
	state: 'ready',
	postsRead: 2,
	postsAnalysed: 2,
	analysedAt: '2026-11-27T10:00:00.000Z',
	error: null,
};

const post = ( i, fields = {} ) => ( {
	id: i,
	url: `https://roastery.example/post-${ i }/`,
	title: `Post ${ i }`,
	publishedAt: '2023-01-01T00:00:00.000Z',
	modifiedAt: null,
	ageDays: 1000,
	words: 120,
	score: 35,
	failingChecks: [],
	keyphrase: `post ${ i }`,
	keyphraseSource: 'title',
	linksOut: 0,
	linksIn: 2,
	search: null,
	refreshCandidate: false,
	refreshReason: null,
	opportunity: 100 - i,
	...fields,
} );

const score = ( value, passed ) => ( {
	score: value,
	words: 300,
	checks: Array.from( { length: 10 }, ( _, i ) => ( {
		id: `check-${ i }`,
		label: `Check ${ i }`,
		status: i < passed ? 'pass' : 'fail',
		message: '',
	} ) ),
} );

const items = [
	{
		id: 'title',
		kind: 'title',
		label: 'Title',
		before: 'Best Grinders of 2023',
		after: 'Best Grinders of 2026',
		why: [ 'The year was out of date.' ],
	},
	{
		id: 'part-0',
		kind: 'introduction',
		label: 'Introduction',
		before: '<p>We tested grinders.</p>',
		after: '<p>We tested coffee grinders <img src="x" onerror="window.hacked=1">again.</p>',
		why: [ 'Says the focus keyphrase early.' ],
	},
	{
		id: 'new-1',
		kind: 'section',
		label: 'New section: Cleaning',
		before: '',
		after: '<h2>Cleaning</h2><p>Brush the burrs.</p>',
		why: [ 'Readers search for it.' ],
	},
];

const refresh = ( state, chosen = [ 'title', 'part-0', 'new-1' ] ) => ( {
	id: 9,
	platform: 'wordpress',
	url: 'https://roastery.example/post-1/',
	title: 'Best Grinders of 2023',
	keyphrase: 'coffee grinders',
	generator: 'offline',
	state,
	items,
	scores: { before: score( 40, 4 ), proposed: score( 90, 9 ), chosen: score( 90, 9 ), chosenItemIds: chosen },
	createdAt: '2026-11-28T00:00:00.000Z',
	publishedAt: state === 'proposed' ? null : '2026-11-28T00:01:00.000Z',
	restoredAt: state === 'restored' ? '2026-11-28T00:02:00.000Z' : null,
	canRestore: state === 'published',
} );

/** The plugin's routes: each answer by "METHOD path"; every call recorded with its body. */
function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path.replace( '/postwright/v1', '' ) }`;
		calls.push( { key, data: options.data } );
		const answer = routes[ key ];
		return answer ? answer( options.data ) : Promise.resolve( { configured: false, connection: null } );
	} );
	return calls;
}

const postsPage = () => Promise.resolve( { site, posts: [ post( 1 ) ], page: 1, pageSize: 25, total: 1 } );

beforeEach( () => {
	apiFetch.mockReset();
	window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright-your-posts' );
} );

describe( 'Refreshing a post', () => {
	it( 'shows the proposal side by side, scores the chosen changes, publishes only those and restores', async () => {
		let propose;
		const calls = serve( {
			'GET /site-posts?page=1': postsPage,
			'POST /refreshes': () => new Promise( ( resolve ) => ( propose = resolve ) ),
			'POST /refreshes/9/preview': ( data ) =>
				Promise.resolve( {
					before: score( 40, 4 ),
					proposed: score( 90, 9 ),
					chosen: score( 71, 7 ),
					chosenItemIds: data.itemIds,
				} ),
			'POST /refreshes/9/publish': ( data ) => Promise.resolve( refresh( 'published', data.itemIds ) ),
			'POST /refreshes/9/restore': () => Promise.resolve( refresh( 'restored' ) ),
		} );
		render( <YourPosts /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Refresh “Post 1”' } ) );

		// While the proposal is written: progress, and the promise that nothing changes before publishing.
		expect( screen.getByRole( 'heading', { name: 'Refresh “Post 1”' } ) ).toBeTruthy();
		expect( screen.getByText( /reading the post on your site and writing an update/ ) ).toBeTruthy();
		propose( refresh( 'proposed' ) );

		const table = await screen.findByRole( 'table', { name: 'Proposed changes, section by section' } );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		// Each side as readable text (an image as its alt text), what was removed and added marked and announced.
		expect( rows.map( ( row ) => Array.from( row.cells ).map( ( cell ) => cell.textContent ) ) ).toEqual( [
			[
				'Title',
				'Best Grinders of removed: 2023',
				'Best Grinders of added: 2026',
				'The year was out of date.',
			],
			[
				'Introduction',
				'We tested removed: grinders.',
				'We tested added: coffee grinders [Image: no alt text] again.',
				'Says the focus keyphrase early.',
			],
			[ 'New section: Cleaning', '(new)', 'added: Cleaning\nBrush the burrs.', 'Readers search for it.' ],
		] );
		expect( Array.from( rows[ 0 ].querySelectorAll( 'del' ) ).map( ( el ) => el.textContent ) ).toEqual( [
			'removed: 2023',
		] );
		expect( Array.from( rows[ 1 ].querySelectorAll( 'ins' ) ).map( ( el ) => el.textContent ) ).toEqual( [
			'added: coffee grinders [Image: no alt text] again.',
		] );
		expect( window.hacked ).toBeUndefined();
		expect( screen.getByText( 'SEO score now' ).nextSibling.textContent ).toBe( '40' );
		expect( screen.getByText( 'SEO score with the chosen changes' ).nextSibling.textContent ).toBe( '90' );

		// Leaving the new section out: the service scores the rest.
		await userEvent.click( screen.getByRole( 'checkbox', { name: 'New section: Cleaning' } ) );
		expect( await screen.findByText( '71' ) ).toBeTruthy();
		expect( screen.getByText( '4 → 7 of 10' ) ).toBeTruthy();

		await userEvent.click( screen.getByRole( 'button', { name: 'Publish update' } ) );
		expect( await screen.findByText( /updated in place: same address/ ) ).toBeTruthy();
		expect( screen.getByText( 'SEO score with the update' ).nextSibling.textContent ).toBe( '90' );
		expect( screen.getByRole( 'checkbox', { name: 'Title' } ).disabled ).toBe( true );

		await userEvent.click( screen.getByRole( 'button', { name: 'Restore previous version' } ) );
		expect( await screen.findByText( 'The previous version of the post is back on your site.' ) ).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: 'Restore previous version' } ) ).toBeNull();

		expect( calls.filter( ( call ) => call.key.includes( 'refreshes' ) ) ).toEqual( [
			{ key: 'POST /refreshes', data: { sitePostId: 1 } },
			{ key: 'POST /refreshes/9/preview', data: { itemIds: [ 'title', 'part-0' ] } },
			{ key: 'POST /refreshes/9/publish', data: { itemIds: [ 'title', 'part-0' ] } },
			{ key: 'POST /refreshes/9/restore', data: undefined },
		] );

		await userEvent.click( screen.getByRole( 'button', { name: '← Back to Your posts' } ) );
		expect( await screen.findByRole( 'table', { name: 'Posts of this site, most worth improving first' } ) ).toBeTruthy();
	} );

	it( 'asks for one change at least before publishing', async () => {
		serve( {
			'GET /site-posts?page=1': postsPage,
			'POST /refreshes': () => Promise.resolve( refresh( 'proposed' ) ),
			'POST /refreshes/9/preview': ( data ) =>
				Promise.resolve( {
					before: score( 40, 4 ),
					proposed: score( 90, 9 ),
					chosen: score( 60 + data.itemIds.length, 5 ),
					chosenItemIds: data.itemIds,
				} ),
		} );
		render( <YourPosts /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Refresh “Post 1”' } ) );
		for ( const name of [ 'Title', 'Introduction', 'New section: Cleaning' ] ) {
			await userEvent.click( await screen.findByRole( 'checkbox', { name } ) );
		}
		expect( screen.getByText( 'Choose at least one change to publish.' ) ).toBeTruthy();
		expect( screen.getByRole( 'button', { name: 'Publish update' } ).disabled ).toBe( true );
		expect( screen.getByText( 'SEO score with the chosen changes' ).nextSibling.textContent ).toBe( '40' );
	} );

	it( 'answers a post changed on the site with what to do, and proposes again from the post as it is now', async () => {
		const calls = serve( {
			'GET /site-posts?page=1': postsPage,
			'POST /refreshes': () => Promise.resolve( refresh( 'proposed' ) ),
			'POST /refreshes/9/publish': () =>
				Promise.reject( {
					code: 'postwright_rejected',
					message:
						'This post changed on your site after the refresh was proposed, so nothing was published. Propose a new refresh to start from the post as it is now.',
					data: { status: 409 },
				} ),
		} );
		render( <YourPosts /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Refresh “Post 1”' } ) );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Publish update' } ) );
		const notice = await screen.findByText( /This post changed on your site/, {
			selector: '.components-notice__content',
		} );
		await userEvent.click( within( notice ).getByRole( 'button', { name: 'Propose a new update' } ) );
		expect( await screen.findByRole( 'button', { name: 'Publish update' } ) ).toBeTruthy();
		expect( screen.queryByText( /This post changed on your site/ ) ).toBeNull();
		expect( calls.filter( ( call ) => call.key === 'POST /refreshes' ) ).toHaveLength( 2 );
	} );

	it( 'opens a refresh a content plan queued by its id in the address, publishes part of it, and goes back to the list', async () => {
		window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright-your-posts&refresh=9' );
		const calls = serve( {
			'GET /site-posts?page=1': postsPage,
			'GET /refreshes/9': () => Promise.resolve( refresh( 'proposed' ) ),
			'POST /refreshes/9/preview': ( data ) =>
				Promise.resolve( {
					before: score( 40, 4 ),
					proposed: score( 90, 9 ),
					chosen: score( 71, 7 ),
					chosenItemIds: data.itemIds,
				} ),
			'POST /refreshes/9/publish': ( data ) => Promise.resolve( refresh( 'published', data.itemIds ) ),
		} );
		render( <YourPosts /> );

		expect( await screen.findByRole( 'heading', { name: 'Refresh “Best Grinders of 2023”' } ) ).toBeTruthy();
		const table = await screen.findByRole( 'table', { name: 'Proposed changes, section by section' } );
		expect( within( table ).getAllByRole( 'checkbox' ).map( ( box ) => box.checked ) ).toEqual( [ true, true, true ] );
		await userEvent.click( screen.getByRole( 'checkbox', { name: 'New section: Cleaning' } ) );
		expect( await screen.findByText( '4 → 7 of 10' ) ).toBeTruthy();
		await userEvent.click( screen.getByRole( 'button', { name: 'Publish update' } ) );
		expect( await screen.findByText( /updated in place: same address/ ) ).toBeTruthy();

		// The queued refresh was opened, not proposed again.
		expect( calls.filter( ( call ) => call.key.includes( 'refreshes' ) ) ).toEqual( [
			{ key: 'GET /refreshes/9', data: undefined },
			{ key: 'POST /refreshes/9/preview', data: { itemIds: [ 'title', 'part-0' ] } },
			{ key: 'POST /refreshes/9/publish', data: { itemIds: [ 'title', 'part-0' ] } },
		] );

		await userEvent.click( screen.getByRole( 'button', { name: '← Back to Your posts' } ) );
		expect( await screen.findByRole( 'table', { name: 'Posts of this site, most worth improving first' } ) ).toBeTruthy();
		expect( window.location.search ).toBe( '?page=postwright-your-posts' );
	} );

	it( 'opens a published refresh with the changes that were published, and restores it', async () => {
		window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright-your-posts&refresh=9' );
		const calls = serve( {
			'GET /site-posts?page=1': postsPage,
			'GET /refreshes/9': () => Promise.resolve( refresh( 'published', [ 'title' ] ) ),
			'POST /refreshes/9/restore': () => Promise.resolve( refresh( 'restored', [ 'title' ] ) ),
		} );
		render( <YourPosts /> );
		const title = await screen.findByRole( 'checkbox', { name: 'Title' } );
		expect( title.checked ).toBe( true );
		expect( title.disabled ).toBe( true );
		expect( screen.getByRole( 'checkbox', { name: 'Introduction' } ).checked ).toBe( false );
		expect( screen.getByText( 'SEO score with the update' ) ).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: 'Publish update' } ) ).toBeNull();
		await userEvent.click( screen.getByRole( 'button', { name: 'Restore previous version' } ) );
		expect( await screen.findByText( 'The previous version of the post is back on your site.' ) ).toBeTruthy();
		expect( calls.map( ( call ) => call.key ) ).toContain( 'POST /refreshes/9/restore' );
		expect( calls.map( ( call ) => call.key ) ).not.toContain( 'POST /refreshes' );
	} );

	it( 'says so when the refresh in the address is not this site’s, and leads back to the list', async () => {
		window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright-your-posts&refresh=404' );
		serve( {
			'GET /site-posts?page=1': postsPage,
			'GET /refreshes/404': () =>
				Promise.reject( {
					code: 'postwright_rejected',
					message: 'This refresh does not exist, or is not one of your posts.',
					data: { status: 404 },
				} ),
		} );
		render( <YourPosts /> );
		expect( await screen.findByText( 'This refresh does not exist, or is not one of your posts.' ) ).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: 'Publish update' } ) ).toBeNull();
		await userEvent.click( screen.getByRole( 'button', { name: '← Back to Your posts' } ) );
		expect( await screen.findByRole( 'button', { name: 'Refresh “Post 1”' } ) ).toBeTruthy();
	} );

	it( 'shows a proposed image as the picture with its alt text, beside nothing or the post’s old image', async () => {
		window.history.replaceState( null, '', '/wp-admin/admin.php?page=postwright-your-posts&refresh=9' );
		const image = ( before, after ) => ( {
			...refresh( 'proposed', [ 'image' ] ),
			items: [
				{
					id: 'image',
					kind: 'image',
					label: before ? 'Image alt text' : 'Image: Burr grinder',
					before,
					after,
					why: [ 'Shows an image your site already has.' ],
				},
			],
		} );
		const added =
			'<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://roastery.example/wp-content/uploads/burr.jpg" alt="Burr grinder for coffee grinders"/></figure>\n<!-- /wp:image -->';
		let answer = image( '', added );
		serve( {
			'GET /site-posts?page=1': postsPage,
			'GET /refreshes/9': () => Promise.resolve( answer ),
		} );
		const { unmount } = render( <YourPosts /> );
		let table = await screen.findByRole( 'table', { name: 'Proposed changes, section by section' } );
		let [ row ] = within( table ).getAllByRole( 'row' ).slice( 1 );
		const picture = within( row.cells[ 2 ] ).getByRole( 'img', { name: 'Burr grinder for coffee grinders' } );
		expect( picture.getAttribute( 'src' ) ).toBe( 'https://roastery.example/wp-content/uploads/burr.jpg' );
		expect( row.cells[ 2 ].textContent ).toBe(
			'Alt text, read by search engines: added: Burr grinder for coffee grinders'
		);
		expect( row.cells[ 1 ].textContent ).toBe( '(new)' );
		expect( within( row.cells[ 1 ] ).queryByRole( 'img' ) ).toBeNull();
		unmount();

		answer = image(
			'<img src="https://roastery.example/wp-content/uploads/burr.jpg" alt="Burr grinder">',
			'<img src="https://roastery.example/wp-content/uploads/burr.jpg" alt="Burr grinder for coffee grinders">'
		);
		render( <YourPosts /> );
		table = await screen.findByRole( 'table', { name: 'Proposed changes, section by section' } );
		[ row ] = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect( within( row.cells[ 1 ] ).getByRole( 'img', { name: 'Burr grinder' } ) ).toBeTruthy();
		expect( within( row.cells[ 2 ] ).getByRole( 'img', { name: 'Burr grinder for coffee grinders' } ) ).toBeTruthy();
		const marked = row.cells[ 2 ].querySelector( 'ins' ).textContent;
		expect( marked.replace( /\s+/g, ' ' ) ).toBe( 'added: for coffee grinders' );
	} );
} );
