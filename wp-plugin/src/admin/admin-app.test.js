/**
 * The admin page, driven as a person would, against a stand-in for the plugin's REST routes (apiFetch).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import AdminApp from './admin-app';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const instant = { intervalMs: 0, wait: () => Promise.resolve() };

const connectedStatus = {
	connected: true,
	serviceUrl: 'https://app.postwright.com',
	canManage: true,
	canPublish: true,
	account: {
		email: 'owner@example.com',
		plan: { id: 'starter', name: 'Starter' },
		usage: { postsUsed: 3, postsLimit: 20, postsLeft: 17 },
	},
	upgradeUrl: 'https://app.postwright.com/pricing',
	error: null,
};

const generatedPost = {
	id: 42,
	title: 'Green tea for beginners',
	seoTitle: 'Green tea: a beginner’s guide to brewing',
	slug: 'green-tea',
	focusKeyphrase: 'green tea',
	htmlContent: '<h2>Why</h2><p>Because.</p>',
	metaDescription: 'All about green tea.',
	images: [ { url: 'https://cdn.example.com/tea.png', altText: 'A cup' } ],
	seoScore: 86,
	seoChecks: [
		{ id: 'title-length', label: 'Title length', status: 'pass', message: 'Good length' },
		{ id: 'keyword-density', label: 'Keyword density', status: 'warn', message: 'Use the keyword more' },
	],
	updatedAt: '2026-11-23T10:00:00Z',
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

beforeEach( () => apiFetch.mockReset() );

it( 'lets an administrator of an unconnected site start connecting', async () => {
	const redirect = jest.fn();
	const calls = serve( {
		'GET /postwright/v1/status': async () => ( { ...connectedStatus, connected: false, account: null } ),
		'POST /postwright/v1/connect': async () => ( { url: 'https://app.postwright.com/connect/wordpress?state=abc' } ),
	} );
	render( <AdminApp redirect={ redirect } /> );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Connect to Postwright' } ) );
	await waitFor( () =>
		expect( redirect ).toHaveBeenCalledWith( 'https://app.postwright.com/connect/wordpress?state=abc' )
	);
	expect( calls.map( ( call ) => call.key ) ).toEqual( [
		'GET /postwright/v1/status',
		'POST /postwright/v1/connect',
	] );
	expect( screen.queryByRole( 'button', { name: 'Generate post' } ) ).toBeNull();
} );

it( 'tells someone who cannot manage the site to ask an administrator', async () => {
	serve( {
		'GET /postwright/v1/status': async () => ( {
			...connectedStatus,
			connected: false,
			canManage: false,
			account: null,
		} ),
	} );
	render( <AdminApp /> );
	expect( await screen.findByText( 'Ask an administrator of this site to connect it to Postwright.' ) ).toBeTruthy();
	expect( screen.queryByRole( 'button', { name: 'Connect to Postwright' } ) ).toBeNull();
} );

it( 'names the site as Postwright shows it', async () => {
	serve( {
		'GET /postwright/v1/status': async () => ( {
			...connectedStatus,
			site: { id: 'site_1', name: 'Pour-Over & Co <b>', siteUrl: 'https://shop.example.com', connectedAt: '2026-11-20T10:00:00Z' },
		} ),
		'GET /postwright/v1/site-options': async () => ( { categories: [], authors: [], currentUserId: 1 } ),
	} );
	render( <AdminApp /> );
	expect( await screen.findByText( 'Postwright shows this site as “Pour-Over & Co <b>”.' ) ).toBeTruthy();
} );

it( 'shows a writer the posts left but not the account or its plan', async () => {
	serve( {
		'GET /postwright/v1/status': async () => ( {
			...connectedStatus,
			canManage: false,
			account: { usage: { postsUsed: 3, postsLimit: 20, postsLeft: 17 } },
			upgradeUrl: null,
		} ),
		'GET /postwright/v1/site-options': async () => ( { categories: [], authors: [], currentUserId: 2 } ),
	} );
	render( <AdminApp /> );
	expect( await screen.findByText( 'This site is connected to Postwright.' ) ).toBeTruthy();
	expect( screen.getByText( 'Posts left this month: 17 of 20' ) ).toBeTruthy();
	expect( screen.queryByText( /owner@example\.com/ ) ).toBeNull();
	expect( screen.queryByText( /Plan:/ ) ).toBeNull();
	expect( screen.queryByRole( 'button', { name: 'Disconnect' } ) ).toBeNull();
} );

it( 'shows the plan, suggests titles, generates with progress, scores SEO and creates a draft', async () => {
	let polls = 0;
	const calls = serve( {
		'GET /postwright/v1/status': async () => connectedStatus,
		'POST /postwright/v1/titles': async () => ( {
			optimizedTitle: 'Green tea for beginners',
			titleVariations: [ 'A beginner’s guide to green tea' ],
			seoScore: 80,
			metaDescription: '',
		} ),
		'POST /postwright/v1/generations': async () => ( { id: 'gen_1', stage: 'queued' } ),
		'GET /postwright/v1/generations/gen_1': async () =>
			++polls < 2
				? { id: 'gen_1', stage: 'writing' }
				: { id: 'gen_1', stage: 'done', post: generatedPost },
		'GET /postwright/v1/site-options': async () => ( {
			categories: [ { id: 5, name: 'Drinks' } ],
			authors: [ { id: 1, name: 'Admin' } ],
			currentUserId: 1,
		} ),
		'POST /postwright/v1/publish': async () => ( {
			postId: 99,
			status: 'draft',
			link: 'http://site.test/?p=99',
			editLink: 'http://site.test/wp-admin/post.php?post=99&action=edit',
		} ),
	} );
	const redirect = jest.fn();
	render( <AdminApp pollOptions={ instant } redirect={ redirect } /> );

	expect( await screen.findByText( 'Posts left this month: 17 of 20' ) ).toBeTruthy();
	expect( screen.getByText( 'Plan: Starter' ) ).toBeTruthy();

	await userEvent.type( screen.getByLabelText( 'Title' ), 'green tea' );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea, matcha' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Suggest titles' } ) );
	await userEvent.click( await screen.findByRole( 'button', { name: 'Green tea for beginners' } ) );
	expect( screen.getByLabelText( 'Title' ).value ).toBe( 'Green tea for beginners' );
	await userEvent.type( screen.getByLabelText( 'Focus keyphrase (optional)' ), 'green tea' );

	await userEvent.click( screen.getByRole( 'button', { name: 'Generate post' } ) );
	expect( await screen.findByText( 'SEO score: 86/100' ) ).toBeTruthy();
	// What could be better is open; what passed waits, collapsed, under its count.
	expect( screen.getByText( 'Keyword density' ) ).toBeTruthy();
	expect( screen.getByRole( 'button', { name: 'Good results (1)' } ).getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/generations' ).data ).toEqual( {
		title: 'Green tea for beginners',
		keywords: [ 'green tea', 'matcha' ],
		focusKeyphrase: 'green tea',
		companyName: '',
		seoInstructions: '',
	} );

	await userEvent.click( await screen.findByRole( 'checkbox', { name: 'Drinks' } ) );
	await userEvent.click( screen.getByRole( 'button', { name: 'Create draft' } ) );
	// The draft opens in the block editor, which opens the Postwright sidebar beside it.
	await waitFor( () =>
		expect( redirect ).toHaveBeenCalledWith( 'http://site.test/wp-admin/post.php?post=99&action=edit&postwright=review' )
	);
	expect( calls.find( ( call ) => call.key === 'POST /postwright/v1/publish' ).data ).toEqual(
		expect.objectContaining( {
			postId: 42,
			status: 'draft',
			// The title as chosen, word for word; the SEO title and slug are the post's own.
			title: 'Green tea for beginners',
			seoTitle: 'Green tea: a beginner’s guide to brewing',
			slug: 'green-tea',
			html: '<h2>Why</h2><p>Because.</p>',
			metaDescription: 'All about green tea.',
			focusKeyphrase: 'green tea',
			images: [ { url: 'https://cdn.example.com/tea.png', alt: 'A cup' } ],
			categories: [ 5 ],
			author: 1,
		} )
	);
} );

it( 'shows the upgrade link when the plan’s posts are used up', async () => {
	serve( {
		'GET /postwright/v1/status': async () => connectedStatus,
		'POST /postwright/v1/generations': async () => {
			throw {
				code: 'postwright_quota_reached',
				message: 'You have used all 20 posts of your plan this month.',
				data: { status: 402, upgradeUrl: 'https://app.postwright.com/pricing?from=quota' },
			};
		},
	} );
	render( <AdminApp pollOptions={ instant } /> );
	await userEvent.type( await screen.findByLabelText( 'Title' ), 'Tea' );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Generate post' } ) );
	expect(
		await screen.findByText( /You have used all 20 posts of your plan this month\./, {
			selector: '.components-notice__content',
		} )
	).toBeTruthy();
	expect( screen.getByRole( 'link', { name: /Upgrade your plan/ } ).getAttribute( 'href' ) ).toBe(
		'https://app.postwright.com/pricing?from=quota'
	);
} );

it( 'keeps the service address under Advanced, and says when it is saved or refused, beside its button', async () => {
	const calls = serve( {
		'GET /postwright/v1/status': async () => connectedStatus,
		'GET /postwright/v1/site-options': async () => ( { categories: [], authors: [], currentUserId: 1 } ),
		'POST /postwright/v1/settings': async ( data ) =>
			data.serviceUrl.startsWith( 'https://' )
				? { serviceUrl: data.serviceUrl }
				: Promise.reject( {
						code: 'postwright_insecure_service',
						message: 'The service address must start with https://.',
				  } ),
	} );
	render( <AdminApp /> );
	const advanced = await screen.findByRole( 'button', { name: 'Advanced' } );
	expect( advanced.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	expect( screen.queryByLabelText( 'Postwright service address' ) ).toBeNull();

	await userEvent.click( advanced );
	const field = screen.getByLabelText( 'Postwright service address' );
	await userEvent.clear( field );
	await userEvent.type( field, 'http://postwright.example.com' );
	const save = screen.getByRole( 'button', { name: 'Save address' } );
	await userEvent.click( save );
	const refusal = await screen.findByText( 'The service address must start with https://.', {
		selector: '.components-notice__content',
	} );
	expect( save.closest( 'form' ).contains( refusal ) ).toBe( true );
	expect( screen.queryByText( 'Service address saved.', { selector: '.components-notice__content' } ) ).toBeNull();

	await userEvent.clear( field );
	await userEvent.type( field, 'https://postwright.example.com' );
	await userEvent.click( save );
	const saved = await screen.findByText( 'Service address saved.', { selector: '.components-notice__content' } );
	expect( save.closest( 'form' ).contains( saved ) ).toBe( true );
	expect( calls.filter( ( call ) => call.key === 'POST /postwright/v1/settings' ).pop().data ).toEqual( {
		serviceUrl: 'https://postwright.example.com',
	} );
} );

it( "opens the site's Brand voice on its tab for an administrator, and shows a writer no such tab", async () => {
	serve( {
		'GET /postwright/v1/status': async () => connectedStatus,
		'GET /postwright/v1/voice': async () => ( {
			site: {
				platform: 'wordpress',
				connectionId: 3,
				siteName: 'Clay Studio',
				siteUrl: 'https://clay.example',
				voice: null,
				description: [],
				example: null,
			},
			presets: [ { id: 'founder', name: 'Founder', summary: 'One person, plainly.' } ],
		} ),
	} );
	const { unmount } = render( <AdminApp initial={ { tab: 'brand-voice' } } /> );
	expect( ( await screen.findByRole( 'tab', { name: 'Brand voice' } ) ).getAttribute( 'aria-selected' ) ).toBe( 'true' );
	expect(
		await screen.findByText( 'No voice yet. Read it from your published posts, or start from a preset.' )
	).toBeTruthy();
	unmount();

	serve( {
		'GET /postwright/v1/status': async () => ( { ...connectedStatus, canManage: false } ),
		'GET /postwright/v1/site-options': async () => ( { categories: [], authors: [], currentUserId: 2 } ),
	} );
	render( <AdminApp /> );
	expect( await screen.findByRole( 'tab', { name: 'Your posts' } ) ).toBeTruthy();
	expect( screen.queryByRole( 'tab', { name: 'Brand voice' } ) ).toBeNull();
} );
