import { Button, Modal, Notice, TextControl, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import { splitKeywords } from './generator';

/**
 * A title's fields as typed, the same for adding one and editing one.
 *
 * @param {Object} initial The title to start from ({title, keywords, notes}), if any.
 * @return {Object} The typed title, keywords and notes with their setters, and a reset.
 */
function useTitleFields( initial ) {
	const [ title, setTitle ] = useState( initial?.title ?? '' );
	const [ keywords, setKeywords ] = useState( initial ? initial.keywords.join( ', ' ) : '' );
	const [ notes, setNotes ] = useState( initial?.notes ?? '' );
	const reset = () => {
		setTitle( '' );
		setKeywords( '' );
		setNotes( '' );
	};
	return { fields: { title, keywords, notes, setTitle, setKeywords, setNotes }, reset };
}

/** A title's fields, as adding one and editing one show them. */
function TitleFields( { titleLabel, title, keywords, notes, setTitle, setKeywords, setNotes } ) {
	const lines = [
		{ label: titleLabel, value: title, onChange: setTitle },
		{ label: __( 'Its keywords (separated by commas)', 'postwright' ), value: keywords, onChange: setKeywords },
	];
	return (
		<>
			{ lines.map( ( line ) => (
				<TextControl key={ line.label } __nextHasNoMarginBottom __next40pxDefaultSize { ...line } />
			) ) }
			<TextareaControl __nextHasNoMarginBottom label={ __( 'Notes for the writer (optional)', 'postwright' ) } value={ notes } onChange={ setNotes } />
		</>
	);
}

/**
 * A title and its keywords as typed, checked before anything is sent.
 *
 * @param {string} title    The title typed.
 * @param {string} keywords The keywords typed, separated by commas.
 * @return {{title: string, keywords: string[]}|{problem: string}} The title and its keywords, or what is missing.
 */
function readTitle( title, keywords ) {
	const words = splitKeywords( keywords );
	if ( ! title.trim() || words.length === 0 ) {
		return { problem: __( 'Give the title and at least one keyword.', 'postwright' ) };
	}
	return { title: title.trim(), keywords: words };
}

/** A form to add one title with its keywords. */
export function AddTitles( { busy, onAdd } ) {
	const { fields, reset } = useTitleFields( null );
	const { title, keywords, notes } = fields;
	const [ problem, setProblem ] = useState( null );

	const submit = async ( event ) => {
		event.preventDefault();
		const typed = readTitle( title, keywords );
		setProblem( typed.problem ?? null );
		if ( typed.problem ) {
			return;
		}
		if ( await onAdd( [ { ...typed, ...( notes.trim() ? { notes: notes.trim() } : {} ) } ] ) ) {
			reset();
		}
	};

	return (
		<form className="postwright-add-title" onSubmit={ submit } noValidate>
			<h3>{ __( 'Add a title', 'postwright' ) }</h3>
			{ problem && (
				<Notice status="error" isDismissible={ false }>
					{ problem }
				</Notice>
			) }
			<TitleFields titleLabel={ __( 'New title', 'postwright' ) } { ...fields } />
			<Button variant="secondary" type="submit" disabled={ busy }>
				{ __( 'Add title', 'postwright' ) }
			</Button>
		</form>
	);
}

/** A waiting title's title, keywords and notes, in a dialog; the service's answer is what the list then shows. */
export function EditTitle( { planId, item, onSaved, onClose } ) {
	const { fields } = useTitleFields( item );
	const { title, keywords, notes } = fields;
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState( null );

	const save = async ( event ) => {
		event.preventDefault();
		const typed = readTitle( title, keywords );
		if ( typed.problem ) {
			setError( { message: typed.problem } );
			return;
		}
		setSaving( true );
		setError( null );
		try {
			// Emptied notes are sent as null, which clears them.
			onSaved( await api.updatePlanItem( planId, item.id, { ...typed, notes: notes.trim() || null } ) );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setSaving( false );
		}
	};

	return (
		<Modal title={ __( 'Edit title', 'postwright' ) } className="postwright-edit-title" onRequestClose={ onClose }>
			<form onSubmit={ save } noValidate>
				<p className="description">
					{ __( 'Changes apply when the post is written, about a day before its slot.', 'postwright' ) }
				</p>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				<TitleFields titleLabel={ __( 'Title', 'postwright' ) } { ...fields } />
				<div className="postwright-actions">
					<Button variant="primary" type="submit" disabled={ saving } isBusy={ saving }>
						{ __( 'Save', 'postwright' ) }
					</Button>
					<Button variant="tertiary" disabled={ saving } onClick={ onClose }>
						{ __( 'Cancel', 'postwright' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}
