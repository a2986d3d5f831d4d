/**
 * "Brand voice" in wp-admin, against a stand-in for the plugin's REST routes: the site's voice in plain words with its
 * example and where it came from, read from the posts (with its busy text), a preset, the owner's edits, and the
 * service's refusals shown in a notice.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import BrandVoice from './brand-voice';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const presets = [
	{ id: 'friendly-expert', name: 'Friendly expert', summary: 'Warm and knowing.' },
	{ id: 'founder', name: 'Founder', summary: 'One person, plainly.' },
];

const settings = {
	person: 'I',
	formality: 'neutral',
	sentenceWords: { mean: 14, spread: 6 },
	paragraphSentences: { mean: 3, spread: 1 },
	headingsPer1000Words: 4,
	listsPer1000Words: 1,
	spelling: 'US',
	wordsUsed: [ 'clay', 'kiln' ],
	wordsAvoided: [],
	closing: 'question',
	closingExample: null,
};

const site = ( voice, lines = [], example = null ) => ( {
	platform: 'wordpress',
	connectionId: 3,
	siteName: 'Clay Studio',
	siteUrl: 'https://clay.example',
	voice,
	description: lines,
	example,
} );

const fromPosts = site(
	{
		...settings,
		source: 'posts',
		presetId: null,
		postsRead: 12,
		fingerprint: {},
	},
	[ 'Speaks as “I”: one person, in the first person.', 'Sentences of about 14 words.' ],
	'I hear this question often.'
);

/** Answers each call by its method and path; returns what was sent. */
function serve( answers ) {
	const calls = [];
	apiFetch.mockImplementation( ( options ) => {
		const key = `${ options.method ?? 'GET' } ${ options.path }`;
		calls.push( { key, data: options.data } );
		const answer = answers[ key ];
		return typeof answer === 'function' ? answer( options ) : Promise.resolve( answer );
	} );
	return calls;
}

beforeEach( () => apiFetch.mockReset() );

describe( 'BrandVoice', () => {
	it( 'shows no voice yet, then the voice read from the posts, with its busy text while reading', async () => {
		let finish;
		const calls = serve( {
			'GET /postwright/v1/voice': { site: site( null ), presets },
			'POST /postwright/v1/voice/derive': () => new Promise( ( resolve ) => ( finish = resolve ) ),
		} );
		render( <BrandVoice /> );
		expect(
			await screen.findByText( 'No voice yet. Read it from your published posts, or start from a preset.' )
		).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: 'Edit voice' } ) ).toBeNull();

		await userEvent.click( screen.getByRole( 'button', { name: 'Read from my posts' } ) );
		expect( screen.getByRole( 'button', { name: 'Reading your posts…' } ) ).toBeTruthy();
		finish( fromPosts );

		const list = await screen.findByRole( 'list', { name: 'Your voice' } );
		expect( within( list ).getAllByRole( 'listitem' ).map( ( item ) => item.textContent ) ).toEqual(
			fromPosts.description
		);
		expect( screen.getByText( 'I hear this question often.' ) ).toBeTruthy();
		expect( screen.getByText( 'Read from your 12 most recent posts.' ) ).toBeTruthy();
		expect( calls.map( ( call ) => call.key ) ).toEqual( [
			'GET /postwright/v1/voice',
			'POST /postwright/v1/voice/derive',
		] );
	} );

	it( 'starts from the preset chosen', async () => {
		const calls = serve( {
			'GET /postwright/v1/voice': { site: site( null ), presets },
			'PUT /postwright/v1/voice': site(
				{ ...settings, source: 'preset', presetId: 'founder', postsRead: 0, fingerprint: {} },
				[ 'Speaks as “I”: one person, in the first person.' ],
				'I started this shop alone.'
			),
		} );
		render( <BrandVoice /> );
		const select = await screen.findByRole( 'combobox', { name: 'Preset' } );
		expect( screen.getByText( 'Warm and knowing.' ) ).toBeTruthy();
		await userEvent.selectOptions( select, 'founder' );
		expect( screen.getByText( 'One person, plainly.' ) ).toBeTruthy();
		await userEvent.click( screen.getByRole( 'button', { name: 'Use preset' } ) );
		expect( await screen.findByText( 'From a preset.' ) ).toBeTruthy();
		expect( screen.getByText( 'I started this shop alone.' ) ).toBeTruthy();
		expect( calls[ 1 ] ).toEqual( { key: 'PUT /postwright/v1/voice', data: { preset: 'founder' } } );
	} );

	it( "saves the owner's edits: the four choices, words per sentence, the last line and the words", async () => {
		const calls = serve( {
			'GET /postwright/v1/voice': { site: fromPosts, presets },
			'PUT /postwright/v1/voice': ( { data } ) =>
				Promise.resolve(
					site(
						{ ...data.voice, source: 'edited', presetId: null, postsRead: 12, fingerprint: {} },
						[ 'Speaks as “we”: the business.' ],
						'We hear this question often.'
					)
				),
		} );
		render( <BrandVoice /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Edit voice' } ) );
		const form = screen.getByRole( 'form', { name: 'Edit voice' } );
		const field = ( name ) => within( form ).getByLabelText( name );
		expect( within( field( 'Speaks as' ) ).getAllByRole( 'option' ).map( ( o ) => o.textContent ) ).toEqual( [
			'I (one person)',
			'We (the business)',
			'To you (the reader)',
		] );
		await userEvent.selectOptions( field( 'Speaks as' ), 'we' );
		await userEvent.selectOptions( field( 'Tone' ), 'casual' );
		await userEvent.selectOptions( field( 'Spelling' ), 'UK' );
		await userEvent.selectOptions( field( 'Ends a post with' ), 'sign-off' );
		await userEvent.clear( field( 'Words per sentence' ) );
		await userEvent.type( field( 'Words per sentence' ), '11' );
		await userEvent.type( field( 'Your last line (optional)' ), 'Warmly, Mara' );
		await userEvent.clear( field( 'Words you use (comma-separated)' ) );
		await userEvent.type( field( 'Words you use (comma-separated)' ), 'clay, , glaze ' );
		await userEvent.type( field( 'Words you never use (comma-separated)' ), 'journey' );
		await userEvent.click( within( form ).getByRole( 'button', { name: 'Save voice' } ) );

		expect( await screen.findByText( 'Edited by you.' ) ).toBeTruthy();
		expect( screen.queryByRole( 'form', { name: 'Edit voice' } ) ).toBeNull();
		expect( screen.getByText( 'We hear this question often.' ) ).toBeTruthy();
		expect( calls[ 1 ] ).toEqual( {
			key: 'PUT /postwright/v1/voice',
			data: {
				voice: {
					...settings,
					person: 'we',
					formality: 'casual',
					spelling: 'UK',
					closing: 'sign-off',
					sentenceWords: { mean: 11, spread: 6 },
					closingExample: 'Warmly, Mara',
					wordsUsed: [ 'clay', 'glaze' ],
					wordsAvoided: [ 'journey' ],
				},
			},
		} );
	} );

	it( "shows the service's refusal in a notice, and the voice stays as it was", async () => {
		const message =
			'Clay Studio has no published posts to read your voice from yet. Pick a preset, or describe your voice yourself.';
		serve( {
			'GET /postwright/v1/voice': { site: site( null ), presets },
			'POST /postwright/v1/voice/derive': () => Promise.reject( { code: 'postwright_service', message } ),
		} );
		render( <BrandVoice /> );
		await userEvent.click( await screen.findByRole( 'button', { name: 'Read from my posts' } ) );
		// The notice shows it (WordPress also speaks it through its own live region).
		expect(
			await screen.findByText( message, { selector: '.components-notice__content', exact: false } )
		).toBeTruthy();
		expect(
			screen.getByText( 'No voice yet. Read it from your published posts, or start from a preset.' )
		).toBeTruthy();
		expect( screen.getByRole( 'button', { name: 'Read from my posts' } ) ).toBeTruthy();
	} );

	it( "shows the service's message when the voice cannot be loaded", async () => {
		serve( {
			'GET /postwright/v1/voice': () =>
				Promise.reject( { code: 'rest_forbidden', message: 'Only an administrator of this site can see and change its Brand voice.' } ),
		} );
		render( <BrandVoice /> );
		expect(
			await screen.findByText( /Only an administrator of this site can see and change its Brand voice\./, {
				selector: '.components-notice__content',
			} )
		).toBeTruthy();
	} );
} );
