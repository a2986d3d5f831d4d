import {
	Button,
	CheckboxControl,
	Notice,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { WEEKDAYS, zoneText } from './autopilot-format';

/**
 * A plan's settings: name, publishing days and time (in the time zone shown), review or automatic, posts prepared
 * ahead, and whether it also proposes refreshes of the site's own posts (each waiting for review). Used to create a plan and to change one. Checks what a person can fix before anything is sent.
 */
export default function PlanForm( {
	initial,
	timeZone,
	canPublish,
	submitLabel,
	busy,
	onSubmit,
	onCancel,
} ) {
	const [ name, setName ] = useState( initial?.name ?? '' );
	const [ weekdays, setWeekdays ] = useState( initial?.cadence.weekdays ?? [ 1, 3, 5 ] );
	const [ time, setTime ] = useState( initial?.cadence.time ?? '09:00' );
	const [ mode, setMode ] = useState( initial?.mode ?? 'review' );
	const [ postsAhead, setPostsAhead ] = useState( String( initial?.postsAhead ?? 3 ) );
	const [ queueRefreshes, setQueueRefreshes ] = useState( initial?.queueRefreshes ?? false );
	const [ problem, setProblem ] = useState( null );
	const zone = initial?.cadence.timeZone ?? timeZone;

	const submit = ( event ) => {
		event.preventDefault();
		const ahead = Number( postsAhead );
		if ( ! name.trim() ) {
			setProblem( __( 'Give the plan a name.', 'postwright' ) );
		} else if ( weekdays.length === 0 ) {
			setProblem( __( 'Choose at least one day to publish on.', 'postwright' ) );
		} else if ( ! /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test( time ) ) {
			setProblem( __( 'Give the time as hours and minutes, for example 09:00.', 'postwright' ) );
		} else if ( ! Number.isInteger( ahead ) || ahead < 1 || ahead > 14 ) {
			setProblem( __( 'Prepare between 1 and 14 posts ahead.', 'postwright' ) );
		} else {
			setProblem( null );
			onSubmit( {
				name: name.trim(),
				cadence: {
					weekdays: [ ...weekdays ].sort( ( a, b ) => a - b ),
					time,
					timeZone: zone,
				},
				postsAhead: ahead,
				mode,
				queueRefreshes,
			} );
		}
	};

	const modes = [
		{ label: __( 'Review each draft before it is published', 'postwright' ), value: 'review' },
		...( canPublish || mode === 'auto'
			? [ { label: __( 'Publish automatically, without review', 'postwright' ), value: 'auto' } ]
			: [] ),
	];

	return (
		<form className="postwright-plan-form" onSubmit={ submit } noValidate>
			{ problem && (
				<Notice status="error" isDismissible={ false }>
					{ problem }
				</Notice>
			) }
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Plan name', 'postwright' ) }
				value={ name }
				onChange={ setName }
				required
			/>
			<fieldset className="postwright-weekdays">
				<legend>{ __( 'Publish on', 'postwright' ) }</legend>
				{ WEEKDAYS.map( ( day ) => (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={ day.value }
						label={ day.long }
						checked={ weekdays.includes( day.value ) }
						onChange={ ( checked ) =>
							setWeekdays(
								checked
									? [ ...weekdays, day.value ]
									: weekdays.filter( ( value ) => value !== day.value )
							)
						}
					/>
				) ) }
			</fieldset>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="time"
				label={ __( 'At', 'postwright' ) }
				help={ sprintf(
					/* translators: %s: time zone, e.g. Europe/Paris. */
					__( 'Time zone: %s', 'postwright' ),
					zoneText( zone )
				) }
				value={ time }
				onChange={ setTime }
				required
			/>
			<RadioControl
				label={ __( 'Drafts', 'postwright' ) }
				help={
					canPublish
						? undefined
						: __( 'Automatic plans need an editor or an administrator of this site.', 'postwright' )
				}
				selected={ mode }
				options={ modes }
				onChange={ setMode }
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="number"
				min={ 1 }
				max={ 14 }
				label={ __( 'Posts prepared ahead', 'postwright' ) }
				help={ __( 'How many upcoming slots get a title at a time (1 to 14).', 'postwright' ) }
				value={ postsAhead }
				onChange={ setPostsAhead }
			/>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Also propose refreshes of my existing posts', 'postwright' ) }
				help={ __(
					"At most one a week, in one of the plan's slots: your posts losing visitors in Search Console first, then those with the most to gain. Nothing changes on your site until you open a refresh and publish it.",
					'postwright'
				) }
				checked={ queueRefreshes }
				onChange={ setQueueRefreshes }
			/>
			<div className="postwright-actions">
				<Button variant="primary" type="submit" disabled={ busy } isBusy={ busy }>
					{ submitLabel }
				</Button>
				{ onCancel && (
					<Button variant="tertiary" onClick={ onCancel } disabled={ busy }>
						{ __( 'Cancel', 'postwright' ) }
					</Button>
				) }
			</div>
		</form>
	);
}
