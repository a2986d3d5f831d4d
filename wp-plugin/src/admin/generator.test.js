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
