/**
 * The generator shows the post as the service writes it: the parts so far, in reading order, under the progress.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import Generator from './generator';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const conclusion = {
	index: 3,
	total: 4,
	kind: 'conclusion',
	heading: 'Enjoy it',
	html: '<h2>Enjoy it</h2><p onclick="steal()">Sip slowly.</p><script>alert(1)</script>',
};
const intro = { index: 0, total: 4, kind: 'introduction', heading: null, html: '<p>Tea is a leaf.</p>' };
const post = { id: 42, title: 'Green tea', htmlContent: '<p>Tea is a leaf.</p>' };

const items = () =>
	within( screen.getByRole( 'region', { name: 'Your post so far' } ) )
		.getAllByRole( 'listitem' )
		.map( ( item ) => item.textContent );

it( 'shows the parts written so far in reading order, with the parts still being written, until the post is done', async () => {
	const answers = [
		{ id: 'gen_1', stage: 'planning' },
		{ id: 'gen_1', stage: 'writing', parts: [ conclusion ] },
		{ id: 'gen_1', stage: 'writing', parts: [ intro, conclusion ] },
		{ id: 'gen_1', stage: 'done', post },
	];
	apiFetch.mockImplementation( ( { method, path } ) => {
		if ( method === 'POST' && path === '/postwright/v1/generations' ) {
			return Promise.resolve( { id: 'gen_1', stage: 'queued' } );
		}
		if ( path === '/postwright/v1/generations/gen_1' ) {
			return Promise.resolve( answers.shift() );
		}
		return Promise.reject( { message: `No route ${ path }` } );
	} );
	// Each poll waits until the test lets it go on.
	let next;
	const wait = () => new Promise( ( resolve ) => ( next = resolve ) );
	const onGenerated = jest.fn();
	render( <Generator onGenerated={ onGenerated } pollOptions={ { intervalMs: 0, wait } } /> );

	await userEvent.type( screen.getByLabelText( 'Title' ), 'Green tea' );
	await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'green tea' );
	await userEvent.click( screen.getByRole( 'button', { name: 'Generate post' } ) );
	expect( await screen.findByText( 'Planning the post…' ) ).toBeTruthy();
	expect( screen.queryByRole( 'region', { name: 'Your post so far' } ) ).toBeNull();

	next();
	await screen.findByRole( 'region', { name: 'Your post so far' } );
	expect( items() ).toEqual( [
		'Introduction: being written…',
		'Section 1: being written…',
		'Section 2: being written…',
		'Enjoy itSip slowly.',
	] );
	expect( screen.getByRole( 'heading', { level: 2, name: 'Enjoy it' } ) ).toBeTruthy();
	// What the service sent is shown without anything that could run.
	const box = screen.getByRole( 'region', { name: 'Your post so far' } );
	expect( box.querySelector( 'script' ) ).toBeNull();
	expect( box.querySelector( '[onclick]' ) ).toBeNull();
	expect( box.getAttribute( 'tabindex' ) ).toBe( '0' );
	const count = screen.getByText( '1 of 4 parts written' );
	expect( count.getAttribute( 'aria-live' ) ).toBe( 'polite' );

	next();
	await screen.findByText( '2 of 4 parts written' );
	expect( items() ).toEqual( [
		'Tea is a leaf.',
		'Section 1: being written…',
		'Section 2: being written…',
		'Enjoy itSip slowly.',
	] );

	next();
	await waitFor( () => expect( onGenerated ).toHaveBeenCalledWith( post, [ 'green tea' ] ) );
	expect( screen.queryByRole( 'region', { name: 'Your post so far' } ) ).toBeNull();
} );

describe( 'featured products', () => {
	const apron = { id: 'woocommerce:42', name: 'Canvas Apron', price: '38.00 USD' };
	const linen = { id: 'woocommerce:7', name: 'Linen Apron', price: '21.50 EUR' };
	const catalogue = [
		apron,
		linen,
		{ id: 'woocommerce:8', name: 'Oak Board', price: '30.00 USD' },
		{ id: 'woocommerce:9', name: 'Oak Spoon', price: '9.00 USD' },
		{ id: 'woocommerce:10', name: 'Oak Bowl', price: '19.00 USD' },
		{ id: 'woocommerce:11', name: 'Oak Tray', price: '25.00 USD' },
	];
	let sent;
	let release;

	beforeEach( () => {
		sent = null;
		release = null;
		apiFetch.mockReset();
		apiFetch.mockImplementation( ( { method, path, data } ) => {
			if ( path.startsWith( '/postwright/v1/store-products?search=' ) ) {
				const words = decodeURIComponent( path.split( '=' )[ 1 ] ).toLowerCase();
				const answer = {
					products: catalogue.filter( ( product ) => product.name.toLowerCase().includes( words ) ),
				};
				// A search for "zebra" answers only when the test lets it.
				return words === 'zebra' ? new Promise( ( resolve ) => ( release = () => resolve( answer ) ) ) : Promise.resolve( answer );
			}
			if ( method === 'POST' && path === '/postwright/v1/generations' ) {
				sent = data;
				return Promise.resolve( { id: 'gen_1', stage: 'queued' } );
			}
			if ( path === '/postwright/v1/generations/gen_1' ) {
				return Promise.resolve( { id: 'gen_1', stage: 'done', post } );
			}
			return Promise.reject( { message: `No route ${ path }` } );
		} );
	} );

	const search = () => screen.getByRole( 'combobox', { name: 'Featured products' } );

	it( 'are not offered where WooCommerce does not run', () => {
		render( <Generator onGenerated={ jest.fn() } /> );
		expect( screen.queryByRole( 'combobox', { name: 'Featured products' } ) ).toBeNull();
		expect( screen.queryByRole( 'checkbox', { name: 'Show product cards' } ) ).toBeNull();
		expect( apiFetch ).not.toHaveBeenCalled();
	} );

	it( 'are searched and picked with the keyboard, and the post is written with them as cards', async () => {
		const onGenerated = jest.fn();
		render(
			<Generator
				woocommerce
				searchDelayMs={ 0 }
				onGenerated={ onGenerated }
				pollOptions={ { intervalMs: 0, wait: () => Promise.resolve() } }
			/>
		);
		const cards = screen.getByRole( 'checkbox', { name: 'Show product cards' } );
		expect( cards.disabled ).toBe( true );

		await userEvent.type( search(), 'zebra' );
		expect( await screen.findByText( 'Searching your products…' ) ).toBeTruthy();
		await waitFor( () => expect( release ).toBeTruthy() );
		release();
		expect( await screen.findByText( 'No products match “zebra”.' ) ).toBeTruthy();
		expect( screen.queryByText( 'Searching your products…' ) ).toBeNull();

		await userEvent.clear( search() );
		await userEvent.type( search(), 'apron' );
		expect( await screen.findByRole( 'option', { name: 'Canvas Apron (38.00 USD)' } ) ).toBeTruthy();
		expect( screen.getByRole( 'option', { name: 'Linen Apron (21.50 EUR)' } ) ).toBeTruthy();
		// The first match is highlighted: the arrow keys move through the list, Enter picks.
		await userEvent.keyboard( '{ArrowDown}{ArrowUp}{Enter}' );
		const picked = await screen.findByRole( 'list', { name: 'Products to feature' } );
		expect( within( picked ).getByText( /Canvas Apron \(38\.00 USD\)/ ) ).toBeTruthy();

		// A product already picked is not offered again.
		await userEvent.type( search(), 'apron' );
		await screen.findByRole( 'option', { name: 'Linen Apron (21.50 EUR)' } );
		expect( screen.queryByRole( 'option', { name: 'Canvas Apron (38.00 USD)' } ) ).toBeNull();
		await userEvent.keyboard( '{Enter}' );
		await waitFor( () => expect( within( picked ).getAllByRole( 'listitem' ) ).toHaveLength( 2 ) );
		await userEvent.click( screen.getByRole( 'button', { name: 'Remove Linen Apron' } ) );
		expect( within( picked ).getAllByRole( 'listitem' ) ).toHaveLength( 1 );

		expect( cards.disabled ).toBe( false );
		await userEvent.click( cards );
		await userEvent.type( screen.getByLabelText( 'Title' ), 'Aprons that last' );
		await userEvent.type( screen.getByLabelText( 'Keywords (separated by commas)' ), 'canvas apron' );
		await userEvent.click( screen.getByRole( 'button', { name: 'Generate post' } ) );
		await waitFor( () => expect( onGenerated ).toHaveBeenCalledWith( post, [ 'canvas apron' ] ) );
		expect( sent ).toMatchObject( { featured: [ 'woocommerce:42' ], showProductCards: true } );
	} );

	it( 'stop at the most a post can feature', async () => {
		render( <Generator woocommerce searchDelayMs={ 0 } onGenerated={ jest.fn() } /> );
		for ( const name of [ 'Canvas Apron', 'Linen Apron', 'Oak Board', 'Oak Spoon', 'Oak Bowl' ] ) {
			await userEvent.type( search(), name );
			await userEvent.click( await screen.findByRole( 'option', { name: new RegExp( `^${ name } ` ) } ) );
			await waitFor( () => expect( screen.getByText( new RegExp( `^${ name } \\(` ) ) ).toBeTruthy() );
		}
		expect(
			screen.getByText( 'A post features at most 5 products. Remove one to feature another.' )
		).toBeTruthy();
		expect( screen.queryByRole( 'combobox', { name: 'Featured products' } ) ).toBeNull();
		await userEvent.click( screen.getByRole( 'button', { name: 'Remove Oak Bowl' } ) );
		expect( await screen.findByRole( 'combobox', { name: 'Featured products' } ) ).toBeTruthy();
	} );
} );
