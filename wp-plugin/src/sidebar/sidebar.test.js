/**
 * The editor sidebar: generating into the open post (as blocks, with the SEO plugin's fields filled through its own
 * store), editing the SEO fields, and scoring the current content with them, against stand-ins for the editor's data
 * stores and the plugin's routes.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import { createReduxStore, createRegistry, RegistryProvider } from '@wordpress/data';
import { rawHandler } from '@wordpress/blocks';
import Sidebar from './sidebar';
import fillSeoFields from './seo-fields';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.mock( '@wordpress/blocks', () => ( {
	rawHandler: jest.fn( ( { HTML } ) => [ { name: 'core/freeform', html: HTML } ] ),
} ) );
jest.mock( '@wordpress/editor', () => ( {
	PluginSidebar: ( { title, children } ) => (
		<section aria-label={ title }>{ children }</section>
	),
	store: 'core/editor',
} ) );

const editor = {
	attributes: { title: 'Green tea', excerpt: '', slug: 'green-tea', categories: [ 3 ], tags: [] },
	content: '<!-- wp:paragraph --><p>Tea is nice.</p><!-- /wp:paragraph -->',
};

/** Action creators recorded by the tests, by store. */
const stores = {
	'core/editor': { editPost: jest.fn(), savePost: jest.fn() },
	'core/edit-post': { openGeneralSidebar: jest.fn() },
	'core/block-editor': { resetBlocks: jest.fn() },
	'rank-math': { updateTitle: jest.fn(), updateDescription: jest.fn(), updateKeywords: jest.fn() },
};

/** A real data registry with small stand-ins of the editor's stores and Rank Math's. */
function editorRegistry() {
	const registry = createRegistry();
	for ( const [ name, actions ] of Object.entries( stores ) ) {
		registry.register(
			createReduxStore( name, {
				reducer: ( state = editor ) => state,
				selectors: {
					getEditedPostAttribute: ( state, attribute ) => state.attributes[ attribute ],
					getEditedPostContent: ( state ) => state.content,
				},
				actions: Object.fromEntries(
					Object.entries( actions ).map( ( [ action, record ] ) => [
						action,
						( ...args ) => {
							record( ...args );
							return { type: action };
						},
					] )
				),
			} )
		);
	}
	return registry;
}

function renderSidebar( props ) {
	return render(
		<RegistryProvider value={ editorRegistry() }>
			<Sidebar { ...props } />
		</RegistryProvider>
	);
}

const instant = { intervalMs: 0, wait: () => Promise.resolve() };

/** The analysis the service answers when the sidebar opens, unless a test says otherwise. */
const opening = async () => ( { score: 40, checks: [] } );

function serve( routes ) {
	const calls = [];
	const all = { 'POST /postwright/v1/seo/analyze': opening, ...routes };
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( { key, data: options.data } );
		return all[ key ] ? all[ key ]( options.data ) : Promise.reject( { message: `No route ${ key }` } );
	} );
	return calls;
}

const callsTo = ( calls, key ) => calls.filter( ( call ) => call.key === key );

beforeEach( () => {
	apiFetch.mockReset();
	Object.values( stores ).forEach( ( store ) => Object.values( store ).forEach( ( fn ) => fn.mockClear() ) );
} );

it( 'shows the post as it is written while generating into the open post', async () => {
	const polls = [
		{
			id: 'gen_9',
			stage: 'writing',
			parts: [
				{ index: 1, total: 3, kind: 'section', heading: 'Why', html: '<h2>Why</h2><p>Calm.</p>' },
			],
		},
		{
			id: 'gen_9',
			stage: 'done',
			post: { id: 9, title: 'Green tea', htmlContent: '<h2>Why</h2><p>Calm.</p>', seoScore: 80, seoChecks: [] },
		},
	];
	serve( {
		'POST /postwright/v1/generations': async () => ( { id: 'gen_9', stage: 'queued' } ),
		'GET /postwright/v1/generations/gen_9': async () => polls.shift(),
	} );
	let next;
	const wait = () => new Promise( ( resolve ) => ( next = resolve ) );
	renderSidebar( { settings: { seoPlugin: null }, pollOptions: { intervalMs: 0, wait } } );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Generate into this post' } ) );

	const soFar = await screen.findByRole( 'region', { name: 'Your post so far' } );
	expect( within( soFar ).getAllByRole( 'listitem' ).map( ( item ) => item.textContent ) ).toEqual( [
		'Introduction: being written…',
		'WhyCalm.',
		'Conclusion: being written…',
	] );
	expect( screen.getByText( '1 of 3 parts written' ).getAttribute( 'aria-live' ) ).toBe( 'polite' );

	next();
	expect( await screen.findByText( 'SEO score: 80/100' ) ).toBeTruthy();
	expect( screen.queryByRole( 'region', { name: 'Your post so far' } ) ).toBeNull();
} );

it( 'generates into the open post as blocks and fills Rank Math’s fields', async () => {
	const calls = serve( {
		'POST /postwright/v1/generations': async () => ( { id: 'gen_7', stage: 'planning' } ),
		'GET /postwright/v1/generations/gen_7': async () => ( {
			id: 'gen_7',
			stage: 'done',
			post: {
				id: 7,
				title: 'Green tea',
				seoTitle: 'Green tea: why it calms you',
				slug: 'green-tea-calm',
				focusKeyphrase: 'green tea',
				htmlContent: '<h2>Why</h2><p>Calm.</p>',
				metaDescription: 'Why green tea calms.',
				seoScore: 91,
				seoChecks: [ { id: 'meta', label: 'Meta description', status: 'pass', message: '' } ],
			},
		} ),
	} );
	renderSidebar( { settings: { seoPlugin: 'rank-math' }, pollOptions: instant } );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Generate into this post' } ) );

	expect( await screen.findByText( 'SEO score: 91/100' ) ).toBeTruthy();
	expect( callsTo( calls, 'POST /postwright/v1/generations' )[ 0 ].data ).toEqual( {
		title: 'Green tea',
		keywords: [ 'green tea' ],
	} );
	expect( rawHandler ).toHaveBeenCalledWith( { HTML: '<h2>Why</h2><p>Calm.</p>' } );
	expect( stores[ 'core/block-editor' ].resetBlocks ).toHaveBeenCalledWith( [
		{ name: 'core/freeform', html: '<h2>Why</h2><p>Calm.</p>' },
	] );
	// The title typed in the editor is left alone; the SEO title goes where Rank Math reads it.
	expect( stores[ 'core/editor' ].editPost ).not.toHaveBeenCalledWith(
		expect.objectContaining( { title: expect.anything() } )
	);
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenCalledWith( { slug: 'green-tea-calm' } );
	expect( stores[ 'rank-math' ].updateTitle ).toHaveBeenCalledWith( 'Green tea: why it calms you' );
	expect( stores[ 'rank-math' ].updateDescription ).toHaveBeenCalledWith( 'Why green tea calms.' );
	expect( stores[ 'rank-math' ].updateKeywords ).toHaveBeenCalledWith( 'green tea' );
	expect( screen.getByLabelText( 'SEO title' ).value ).toBe( 'Green tea: why it calms you' );
	expect( screen.getByLabelText( 'Focus keyphrase' ).value ).toBe( 'green tea' );
} );

it( 'improves the post by sending its current text along', async () => {
	const calls = serve( {
		'POST /postwright/v1/generations': async () => ( { id: 'gen_8', stage: 'queued' } ),
		'GET /postwright/v1/generations/gen_8': async () => ( {
			id: 'gen_8',
			stage: 'failed',
			error: { status: 503, message: 'The writing model is unavailable. Try again in a few minutes.' },
		} ),
	} );
	renderSidebar( { settings: {}, pollOptions: instant } );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Improve this post' } ) );
	expect(
		await screen.findByText( 'The writing model is unavailable. Try again in a few minutes.', {
			selector: '.components-notice__content',
		} )
	).toBeTruthy();
	expect( callsTo( calls, 'POST /postwright/v1/generations' )[ 0 ].data.seoInstructions ).toContain( 'Tea is nice.' );
	expect( stores[ 'core/block-editor' ].resetBlocks ).not.toHaveBeenCalled();
} );

it( 'scores the current content with the SEO fields, as soon as it opens and on demand', async () => {
	const answers = [
		{ score: 54, checks: [ { id: 'length', label: 'Content length', status: 'fail', message: 'Write at least 300 words' } ] },
		{ score: 61, checks: [] },
	];
	const calls = serve( { 'POST /postwright/v1/seo/analyze': async () => answers.shift() } );
	renderSidebar( {
		settings: {
			seoPlugin: 'rank-math',
			fields: { focusKeyphrase: 'green tea', seoTitle: 'Green tea: a calm cup', metaDescription: 'Why tea calms.' },
		},
	} );
	expect( await screen.findByText( 'SEO score: 54/100' ) ).toBeTruthy();
	expect( screen.getByText( 'Content length' ) ).toBeTruthy();
	expect( callsTo( calls, 'POST /postwright/v1/seo/analyze' )[ 0 ].data ).toEqual( {
		title: 'Green tea',
		content: editor.content,
		keywords: [ 'green tea' ],
		seoTitle: 'Green tea: a calm cup',
		metaDescription: 'Why tea calms.',
		slug: 'green-tea',
		focusKeyphrase: 'green tea',
	} );

	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'matcha' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Check SEO of this post' } ) );
	expect( await screen.findByText( 'SEO score: 61/100' ) ).toBeTruthy();
	expect( callsTo( calls, 'POST /postwright/v1/seo/analyze' )[ 1 ].data.keywords ).toEqual( [ 'green tea', 'matcha' ] );
} );

it( 'shows and edits the focus keyphrase, SEO title, slug and meta description, where Rank Math reads them', async () => {
	serve( {} );
	renderSidebar( { settings: { seoPlugin: 'rank-math', fields: { seoTitle: 'Green tea' } } } );
	expect( screen.getByLabelText( 'Slug' ).value ).toBe( 'green-tea' );
	expect( screen.getByLabelText( 'SEO title' ).value ).toBe( 'Green tea' );

	await userEvent.type( screen.getByLabelText( 'Focus keyphrase' ), 'green tea' );
	expect( stores[ 'rank-math' ].updateKeywords ).toHaveBeenLastCalledWith( 'green tea' );
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenLastCalledWith( {
		meta: {
			_postwright_focus_keyphrase: 'green tea',
			_postwright_seo_title: 'Green tea',
			_postwright_meta_description: '',
		},
	} );
	await userEvent.type( screen.getByLabelText( 'Meta description' ), 'Calm.' );
	expect( stores[ 'rank-math' ].updateDescription ).toHaveBeenLastCalledWith( 'Calm.' );
	await userEvent.type( screen.getByLabelText( 'Slug' ), 'x' );
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenLastCalledWith( { slug: 'green-teax' } );
	// With a keyphrase, writing needs no other keyword.
	expect( screen.getByRole( 'button', { name: 'Generate into this post' } ).disabled ).toBe( false );
} );

it( 'scores a post published from Postwright with the fields and keywords of its review, so both show the same score', async () => {
	// The review of post 12 shows the score the service gave it: 88, from these fields.
	const review = {
		id: 12,
		title: 'Green tea',
		keywords: [ 'green tea', 'matcha' ],
		focusKeyphrase: 'green tea',
		seoTitle: 'Green tea: how to brew a calm cup',
		slug: 'green-tea',
		metaDescription: 'How to brew green tea for a calm cup.',
		seoScore: 88,
		seoChecks: [],
	};
	const calls = serve( {
		'GET /postwright/v1/posts/12': async () => review,
		'POST /postwright/v1/seo/analyze': async ( data ) => ( {
			// The service's analyser gives the review's score to the review's fields.
			score:
				data.seoTitle === review.seoTitle &&
				data.focusKeyphrase === review.focusKeyphrase &&
				data.metaDescription === review.metaDescription &&
				data.slug === review.slug &&
				data.keywords.join() === review.keywords.join()
					? review.seoScore
					: 46,
			checks: [],
		} ),
	} );
	renderSidebar( { settings: { seoPlugin: '', fields: { metaDescription: '' }, servicePostId: 12 } } );
	expect( await screen.findByText( 'SEO score: 88/100' ) ).toBeTruthy();
	expect( callsTo( calls, 'POST /postwright/v1/seo/analyze' ) ).toHaveLength( 1 );
	expect( screen.getByLabelText( 'Keywords (separated by commas)' ).value ).toBe( 'green tea, matcha' );
	expect( screen.getByLabelText( 'Focus keyphrase' ).value ).toBe( 'green tea' );
	expect( screen.queryByText( /Add a focus keyphrase/ ) ).toBeNull();
} );

it( 'writes the description into the excerpt when no SEO plugin is active', () => {
	const dispatch = ( name ) => stores[ name ];
	expect( fillSeoFields( dispatch, '', { seoTitle: 'T', metaDescription: 'D', focusKeyphrase: 'k' } ) ).toBe( 'excerpt' );
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenCalledWith( { excerpt: 'D' } );
} );

it( 'says so on a post written without an AI model, generated here or opened from Postwright', async () => {
	serve( {
		'POST /postwright/v1/generations': async () => ( { id: 'gen_8', stage: 'planning' } ),
		'GET /postwright/v1/generations/gen_8': async () => ( {
			id: 'gen_8',
			stage: 'done',
			post: { id: 8, title: 'Green tea', htmlContent: '<p>Tea.</p>', seoScore: 70, seoChecks: [], generator: 'offline' },
		} ),
		'GET /postwright/v1/posts/12': async () => ( { id: 12, title: 'Green tea', keywords: [], seoScore: 70, seoChecks: [], generator: 'offline' } ),
	} );
	const { unmount } = renderSidebar( { settings: { seoPlugin: '' }, pollOptions: instant } );
	expect( screen.queryByText( 'Written without an AI model', { selector: 'strong' } ) ).toBeNull();
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Generate into this post' } ) );
	expect( await screen.findByText( 'Written without an AI model', { selector: 'strong' } ) ).toBeTruthy();
	unmount();

	renderSidebar( { settings: { seoPlugin: '', servicePostId: 12 } } );
	expect( await screen.findByText( 'Written without an AI model', { selector: 'strong' } ) ).toBeTruthy();
} );

describe( 'a draft created from the review', () => {
	const review = {
		id: 12,
		title: 'Green tea',
		keywords: [ 'green tea' ],
		focusKeyphrase: 'green tea',
		seoScore: 80,
		seoChecks: [],
		isScheduled: false,
		scheduledPublishDate: null,
	};
	const settings = { seoPlugin: '', servicePostId: 12, canPublish: true, timeZone: 'Europe/Berlin' };

	afterEach( () => window.history.replaceState( null, '', '/' ) );

	it( 'opens the Postwright sidebar when the review sent the owner here, and only then', async () => {
		serve( { 'GET /postwright/v1/posts/12': async () => review } );
		const { unmount } = renderSidebar( { settings } );
		await screen.findByText( 'SEO score: 40/100' );
		expect( stores[ 'core/edit-post' ].openGeneralSidebar ).not.toHaveBeenCalled();
		unmount();

		window.history.replaceState( null, '', '/wp-admin/post.php?post=7&action=edit&postwright=review' );
		renderSidebar( { settings } );
		await screen.findByText( 'SEO score: 40/100' );
		expect( stores[ 'core/edit-post' ].openGeneralSidebar ).toHaveBeenCalledWith( 'postwright/postwright-sidebar' );
	} );

	it( 'schedules it through the service at a time of the site’s zone, after saving the editor’s edits', async () => {
		const calls = serve( {
			'GET /postwright/v1/posts/12': async () => review,
			'PATCH /postwright/v1/posts/12': async ( data ) => ( { ...review, ...data } ),
			'POST /postwright/v1/schedule': async ( data ) => ( {
				...review,
				isScheduled: true,
				scheduledPublishDate: data.date,
			} ),
		} );
		renderSidebar( { settings } );
		const toggle = await screen.findByRole( 'button', { name: 'Publish with Postwright' } );
		await userEvent.click( toggle );
		const panel = toggle.closest( '.components-panel__body' );
		await userEvent.click( within( panel ).getByRole( 'button', { name: 'Schedule…' } ) );
		const picker = ( await screen.findByText( /^Times are in the site’s time zone/ ) ).closest(
			'.postwright-schedule__picker'
		);
		const user = userEvent.setup();
		const set = async ( label, value ) => {
			const field = within( picker ).getByLabelText( label );
			await user.clear( field );
			await user.type( field, value );
			await user.tab();
		};
		await user.selectOptions( within( picker ).getByLabelText( 'Month' ), '01' );
		await set( 'Day', '15' );
		await set( 'Year', '2030' );
		await set( 'Hours', '09' );
		await set( 'Minutes', '30' );
		expect( within( picker ).getByText( 'Times are in the site’s time zone (UTC+1).' ) ).toBeTruthy();
		await userEvent.click( within( picker ).getByRole( 'button', { name: /^Schedule for .*9:30\sAM \(UTC\+1\)$/ } ) );

		await screen.findByText( /^Scheduled for January 15, 2030.* 9:30\sAM \(UTC\+1\)\./, {
			selector: '.components-notice__content',
		} );
		expect( stores[ 'core/editor' ].savePost ).toHaveBeenCalled();
		const keys = calls.map( ( call ) => call.key );
		// The service holds the editor's content before its scheduler publishes it.
		expect( keys.indexOf( 'PATCH /postwright/v1/posts/12' ) ).toBeLessThan( keys.indexOf( 'POST /postwright/v1/schedule' ) );
		expect( callsTo( calls, 'PATCH /postwright/v1/posts/12' )[ 0 ].data.htmlContent ).toBe( editor.content );
		// 09:30 in Berlin in winter, not in the browser's Los Angeles.
		expect( callsTo( calls, 'POST /postwright/v1/schedule' )[ 0 ].data ).toMatchObject( {
			postId: 12,
			date: '2030-01-15T08:30:00.000Z',
			html: editor.content,
			categories: [ 3 ],
		} );
	} );

	it( 'offers no publishing to someone who cannot publish', async () => {
		serve( { 'GET /postwright/v1/posts/12': async () => review } );
		renderSidebar( { settings: { ...settings, canPublish: false } } );
		await screen.findByText( 'SEO score: 40/100' );
		await waitFor( () => expect( screen.queryByRole( 'button', { name: 'Publish with Postwright' } ) ).toBeNull() );
	} );
} );
