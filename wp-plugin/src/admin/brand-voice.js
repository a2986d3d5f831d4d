import {
	Button,
	Card,
	CardBody,
	CardHeader,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import {
	voiceChoiceLabels,
	voiceChoiceNames,
} from '@postwright/core/contracts/voice-labels';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';

/** The settings the owner edits, as the service takes them (a voice also carries where it came from). */
const SETTINGS = [
	'person',
	'formality',
	'sentenceWords',
	'paragraphSentences',
	'headingsPer1000Words',
	'listsPer1000Words',
	'spelling',
	'wordsUsed',
	'wordsAvoided',
	'closing',
	'closingExample',
];

/** Words typed as a comma-separated list (at most 20). */
const words = ( text ) =>
	text
		.split( ',' )
		.map( ( word ) => word.trim() )
		.filter( Boolean )
		.slice( 0, 20 );

/** Where the voice came from, in words. */
function sourceText( voice ) {
	if ( voice.source === 'posts' ) {
		return sprintf(
			/* translators: %d: how many posts the voice was read from. */
			_n(
				'Read from your %d most recent post.',
				'Read from your %d most recent posts.',
				voice.postsRead,
				'postwright'
			),
			voice.postsRead
		);
	}
	return voice.source === 'preset'
		? __( 'From a preset.', 'postwright' )
		: __( 'Edited by you.', 'postwright' );
}

/**
 * "Brand voice": how this site's posts read, in plain words with an example paragraph. Read from its published posts,
 * started from a preset, or edited by hand; new posts for the site are written in it.
 */
export default function BrandVoice() {
	const [ data, setData ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ busy, setBusy ] = useState( null );
	const [ preset, setPreset ] = useState( '' );
	const [ editing, setEditing ] = useState( false );

	useEffect( () => {
		let stopped = false;
		api.getVoice().then(
			( answer ) => {
				if ( ! stopped ) {
					setData( answer );
					setPreset( answer.presets[ 0 ]?.id ?? '' );
				}
			},
			( caught ) => ! stopped && setError( api.errorOf( caught ) )
		);
		return () => {
			stopped = true;
		};
	}, [] );

	/** Runs one change (read, preset, save); the voice as the service answers it replaces the one shown. */
	const change = async ( name, call ) => {
		setBusy( name );
		setError( null );
		try {
			const site = await call();
			setData( ( current ) => ( { ...current, site } ) );
			setEditing( false );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( null );
		}
	};

	if ( ! data ) {
		return error ? <ErrorNotice error={ error } /> : <Spinner />;
	}
	const { site, presets } = data;
	const voice = site.voice;
	const chosen = presets.find( ( p ) => p.id === preset );
	return (
		<div className="postwright-brand-voice">
			<p>
				{ __(
					'How your posts sound, read from your own published posts. New posts for the site are written in it, and each shows how closely it matches.',
					'postwright'
				) }
			</p>
			<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
			<Card>
				<CardHeader>
					<h2>{ site.siteName }</h2>
				</CardHeader>
				<CardBody>
					{ voice ? (
						<>
							<ul
								className="postwright-brand-voice__description"
								aria-label={ __( 'Your voice', 'postwright' ) }
							>
								{ site.description.map( ( line ) => (
									<li key={ line }>{ line }</li>
								) ) }
							</ul>
							<figure className="postwright-brand-voice__example">
								<figcaption>
									{ __( 'An example in this voice', 'postwright' ) }
								</figcaption>
								<blockquote>{ site.example }</blockquote>
							</figure>
							<p className="description">{ sourceText( voice ) }</p>
						</>
					) : (
						<p>
							{ __(
								'No voice yet. Read it from your published posts, or start from a preset.',
								'postwright'
							) }
						</p>
					) }
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2>{ __( 'Set your voice', 'postwright' ) }</h2>
				</CardHeader>
				<CardBody>
					<p className="postwright-actions">
						<Button
							variant="primary"
							isBusy={ busy === 'derive' }
							disabled={ busy !== null }
							onClick={ () => change( 'derive', api.deriveVoice ) }
						>
							{ busy === 'derive'
								? __( 'Reading your posts…', 'postwright' )
								: __( 'Read from my posts', 'postwright' ) }
						</Button>
						{ voice && (
							<Button
								variant="secondary"
								aria-expanded={ editing }
								onClick={ () => setEditing( ( open ) => ! open ) }
							>
								{ editing
									? __( 'Close', 'postwright' )
									: __( 'Edit voice', 'postwright' ) }
							</Button>
						) }
					</p>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Preset', 'postwright' ) }
						value={ preset }
						options={ presets.map( ( p ) => ( {
							value: p.id,
							label: p.name,
						} ) ) }
						help={ chosen?.summary }
						onChange={ setPreset }
					/>
					<p className="postwright-actions">
						<Button
							variant="secondary"
							isBusy={ busy === 'preset' }
							disabled={ busy !== null || ! preset }
							onClick={ () =>
								change( 'preset', () => api.saveVoice( { preset } ) )
							}
						>
							{ __( 'Use preset', 'postwright' ) }
						</Button>
					</p>
					{ editing && voice && (
						<VoiceForm
							voice={ voice }
							saving={ busy === 'save' }
							onSave={ ( settings ) =>
								change( 'save', () =>
									api.saveVoice( { voice: settings } )
								)
							}
						/>
					) }
				</CardBody>
			</Card>
		</div>
	);
}

/** The voice's settings as the owner edits them: the four choices, words per sentence, the last line, the words. */
function VoiceForm( { voice, saving, onSave } ) {
	const [ draft, setDraft ] = useState( {
		person: voice.person,
		formality: voice.formality,
		spelling: voice.spelling,
		closing: voice.closing,
		sentenceWords: String( voice.sentenceWords.mean ),
		closingExample: voice.closingExample ?? '',
		wordsUsed: voice.wordsUsed.join( ', ' ),
		wordsAvoided: voice.wordsAvoided.join( ', ' ),
	} );
	const set = ( key ) => ( value ) =>
		setDraft( ( current ) => ( { ...current, [ key ]: value } ) );
	const choice = ( key ) => (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ voiceChoiceNames[ key ] }
			value={ draft[ key ] }
			options={ voiceChoiceLabels[ key ].map( ( [ value, label ] ) => ( {
				value,
				label,
			} ) ) }
			onChange={ set( key ) }
		/>
	);
	const text = ( key, label, props = {} ) => (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			value={ draft[ key ] }
			onChange={ set( key ) }
			{ ...props }
		/>
	);
	return (
		<form
			className="postwright-brand-voice__form"
			aria-label={ __( 'Edit voice', 'postwright' ) }
			onSubmit={ ( event ) => {
				event.preventDefault();
				const settings = Object.fromEntries(
					SETTINGS.map( ( key ) => [ key, voice[ key ] ] )
				);
				onSave( {
					...settings,
					person: draft.person,
					formality: draft.formality,
					spelling: draft.spelling,
					closing: draft.closing,
					sentenceWords: {
						...voice.sentenceWords,
						mean: Number( draft.sentenceWords ) || 0,
					},
					closingExample: draft.closingExample.trim() || null,
					wordsUsed: words( draft.wordsUsed ),
					wordsAvoided: words( draft.wordsAvoided ),
				} );
			} }
		>
			{ choice( 'person' ) }
			{ choice( 'formality' ) }
			{ choice( 'spelling' ) }
			{ text( 'sentenceWords', __( 'Words per sentence', 'postwright' ), {
				type: 'number',
				min: 3,
				max: 60,
			} ) }
			{ choice( 'closing' ) }
			{ text(
				'closingExample',
				__( 'Your last line (optional)', 'postwright' ),
				{ maxLength: 300 }
			) }
			{ text(
				'wordsUsed',
				__( 'Words you use (comma-separated)', 'postwright' )
			) }
			{ text(
				'wordsAvoided',
				__( 'Words you never use (comma-separated)', 'postwright' )
			) }
			<Button
				variant="primary"
				type="submit"
				isBusy={ saving }
				disabled={ saving }
			>
				{ saving
					? __( 'Saving…', 'postwright' )
					: __( 'Save voice', 'postwright' ) }
			</Button>
		</form>
	);
}
