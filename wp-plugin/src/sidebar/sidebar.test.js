/**
 * The editor sidebar: generating into the open post (as blocks, with the SEO plugin's fields filled through its own
 * store) and scoring the current content, against stand-ins for the editor's data stores and the plugin's routes.
 */
import { render, screen, waitFor } from '@testing-library/react';
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
	attributes: { title: 'Green tea', excerpt: '', slug: 'green-tea' },
	content: '<!-- wp:paragraph --><p>Tea is nice.</p><!-- /wp:paragraph -->',
};

/** Action creators recorded by the tests, by store. */
const stores = {
	'core/editor': { editPost: jest.fn() },
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

function serve( routes ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( { key, data: options.data } );
		return routes[ key ]
			? routes[ key ]( options.data )
			: Promise.reject( { message: `No route ${ key }` } );
	} );
	return calls;
}

beforeEach( () => {
	apiFetch.mockReset();
	Object.values( stores ).forEach( ( store ) => Object.values( store ).forEach( ( fn ) => fn.mockClear() ) );
} );

it( 'generates into the open post as blocks and fills Rank Math’s fields', async () => {
	const calls = serve( {
		'POST /postwright/v1/generations': async () => ( { id: 'gen_7', stage: 'planning' } ),
		'GET /postwright/v1/generations/gen_7': async () => ( {
			id: 'gen_7',
			stage: 'done',
			post: {
				id: 7,
				title: 'Green tea, explained',
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
	expect( calls[ 0 ].data ).toEqual( { title: 'Green tea', keywords: [ 'green tea' ] } );
	expect( rawHandler ).toHaveBeenCalledWith( { HTML: '<h2>Why</h2><p>Calm.</p>' } );
	expect( stores[ 'core/block-editor' ].resetBlocks ).toHaveBeenCalledWith( [
		{ name: 'core/freeform', html: '<h2>Why</h2><p>Calm.</p>' },
	] );
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenCalledWith( { title: 'Green tea, explained' } );
	expect( stores[ 'rank-math' ].updateDescription ).toHaveBeenCalledWith( 'Why green tea calms.' );
	expect( stores[ 'rank-math' ].updateKeywords ).toHaveBeenCalledWith( 'green tea' );
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
	expect( calls[ 0 ].data.seoInstructions ).toContain( 'Tea is nice.' );
	expect( stores[ 'core/block-editor' ].resetBlocks ).not.toHaveBeenCalled();
} );

it( 'scores the SEO of the current content through the service', async () => {
	const calls = serve( {
		'POST /postwright/v1/seo/analyze': async () => ( {
			score: 54,
			checks: [
				{ id: 'length', label: 'Content length', status: 'fail', message: 'Write at least 300 words' },
			],
		} ),
	} );
	renderSidebar( { settings: {} } );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Check SEO of this post' } ) );
	expect( await screen.findByText( 'SEO score: 54/100' ) ).toBeTruthy();
	expect( screen.getByText( 'Content length' ) ).toBeTruthy();
	await waitFor( () =>
		expect( calls[ 0 ].data ).toEqual( {
			title: 'Green tea',
			content: editor.content,
			keywords: [ 'green tea' ],
			slug: 'green-tea',
			focusKeyphrase: 'green tea',
		} )
	);
} );

it( 'writes the description into the excerpt when no SEO plugin is active', () => {
	const dispatch = ( name ) => stores[ name ];
	expect( fillSeoFields( dispatch, '', { seoTitle: 'T', metaDescription: 'D', focusKeyphrase: 'k' } ) ).toBe( 'excerpt' );
	expect( stores[ 'core/editor' ].editPost ).toHaveBeenCalledWith( { excerpt: 'D' } );
} );
