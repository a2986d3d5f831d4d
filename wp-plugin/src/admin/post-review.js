import {
	Button,
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
	Dropdown,
	ExternalLink,
	FormTokenField,
	Notice,
	SelectControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import { formatZonedTime, siteTimeToInstant, zonedPickerValue } from './schedule-time';
import { isWrittenWithoutModel } from '@postwright/core/contracts/written-by';
import ErrorNotice from '../components/error-notice';
import SchedulePicker from '../components/schedule-picker';
import OfflineDraftNotice from '../components/offline-draft-notice';
import SeoScore from '../components/seo-score';
import VoiceMatch from '../components/voice-match';
import ContentPreview from '../components/content-preview';

const STATUS_MESSAGES = {
	draft: __( 'Draft created.', 'postwright' ),
	publish: __( 'Post published.', 'postwright' ),
};

/**
 * A generated post: SEO score and checks, preview, editing, then draft, publish or schedule into this site. An
 * autopilot draft is reviewed without the publishing part: its plan publishes it in its slot once approved. Each
 * error is shown beside the button that caused it; a draft opens in the block editor with the Postwright sidebar.
 */
export default function PostReview( {
	post,
	keywords,
	canPublish,
	onChange,
	showPublishing = true,
	// A review that has just arrived is scrolled into view and focused.
	focusOnMount = false,
	// Where "Create draft" takes the owner: the new post in the block editor, with the Postwright sidebar open.
	openEditor = ( url ) => window.location.assign( url ),
} ) {
	const [ title, setTitle ] = useState( post.title );
	const [ metaDescription, setMetaDescription ] = useState( post.metaDescription ?? '' );
	const [ html, setHtml ] = useState( post.htmlContent );
	const [ editing, setEditing ] = useState( false );
	const [ options, setOptions ] = useState( { categories: [], authors: [] } );
	const [ categories, setCategories ] = useState( [] );
	const [ tags, setTags ] = useState( [] );
	const [ author, setAuthor ] = useState( '' );
	const [ date, setDate ] = useState( null );
	// The action running: 'save', 'publish', 'schedule' or 'cancel' (false when none).
	const [ busy, setBusy ] = useState( false );
	// The error, and where it is shown: beside the part of the screen whose action caused it.
	const [ error, setErrorState ] = useState( null );
	const [ errorAt, setErrorAt ] = useState( null );
	const setError = ( value, where = 'options' ) => {
		setErrorState( value );
		setErrorAt( value ? where : null );
	};
	const [ result, setResult ] = useState( null );
	const heading = useRef( null );
	const resultRef = useRef( null );
	// The instant the service's scheduler publishes the post, while it is scheduled.
	const [ scheduledAt, setScheduledAt ] = useState(
		post.isScheduled ? post.scheduledPublishDate : null
	);
	// The picker gives and takes wall-clock times of the site's zone (Settings > General), not the browser's.
	const zone = options.timeZone || 'UTC';
	const instant = date ? siteTimeToInstant( date, zone ) : null;

	useEffect( () => {
		if ( ! showPublishing ) {
			return;
		}
		api.getSiteOptions().then(
			( answer ) => {
				setOptions( answer );
				setAuthor( String( answer.currentUserId ?? '' ) );
				if ( post.isScheduled && post.scheduledPublishDate ) {
					setDate( zonedPickerValue( post.scheduledPublishDate, answer.timeZone || 'UTC' ) );
				}
			},
			( caught ) => setError( api.errorOf( caught ) )
		);
	}, [ showPublishing ] );

	const dirty =
		title !== post.title ||
		metaDescription !== ( post.metaDescription ?? '' ) ||
		html !== post.htmlContent;

	useEffect( () => {
		if ( focusOnMount && heading.current ) {
			heading.current.scrollIntoView?.( { behavior: 'smooth', block: 'start' } );
			heading.current.focus( { preventScroll: true } );
		}
	}, [] );

	useEffect( () => {
		if ( result && resultRef.current ) {
			resultRef.current.scrollIntoView?.( { behavior: 'smooth', block: 'nearest' } );
			resultRef.current.focus( { preventScroll: true } );
		}
	}, [ result ] );

	const run = async ( where, action ) => {
		setBusy( where );
		setError( null );
		try {
			await action();
		} catch ( caught ) {
			setError( api.errorOf( caught ), where );
		} finally {
			setBusy( false );
		}
	};

	const save = () =>
		run( 'save', async () => {
			const updated = await api.updatePost( post.id, {
				title,
				metaDescription,
				htmlContent: html,
			} );
			onChange( updated );
		} );

	const publish = ( status ) =>
		run( 'publish', async () => {
			const answer = await api.publishPost( {
				postId: post.id,
				title,
				html,
				metaDescription,
				// The SEO title, slug and keyphrase the service gave the post; the title stays the one on screen.
				seoTitle: post.seoTitle || title,
				...( post.slug ? { slug: post.slug } : {} ),
				focusKeyphrase: post.focusKeyphrase || keywords[ 0 ] || '',
				status,
				images: ( post.images ?? [] ).map( ( image ) => ( {
					url: image.url,
					alt: image.altText ?? '',
				} ) ),
				categories,
				tags,
				...( canPublish && author ? { author: Number( author ) } : {} ),
			} );
			// A draft is reviewed where WordPress owners review posts: in the block editor, beside the Postwright sidebar.
			if ( status === 'draft' && answer.editLink ) {
				setResult( { ...answer, opening: true } );
				openEditor( editorUrl( answer ) );
				return;
			}
			setResult( answer );
		} );

	const schedule = ( close ) =>
		run( 'schedule', async () => {
			// The service publishes what it holds: unsaved edits are saved first.
			if ( dirty ) {
				onChange(
					await api.updatePost( post.id, { title, metaDescription, htmlContent: html } )
				);
			}
			const answer = await api.schedulePost( {
				postId: post.id,
				title,
				html,
				metaDescription,
				seoTitle: post.seoTitle || title,
				...( post.slug ? { slug: post.slug } : {} ),
				focusKeyphrase: post.focusKeyphrase || keywords[ 0 ] || '',
				date: instant.toISOString(),
				images: ( post.images ?? [] ).map( ( image ) => ( {
					url: image.url,
					alt: image.altText ?? '',
				} ) ),
				categories,
				tags,
				...( canPublish && author ? { author: Number( author ) } : {} ),
			} );
			setResult( null );
			setScheduledAt( answer.scheduledPublishDate );
			close?.();
		} );

	const cancelSchedule = () =>
		run( 'cancel', async () => {
			await api.cancelSchedule( post.id );
			setScheduledAt( null );
		} );

	const errorFor = ( where ) =>
		errorAt === where ? <ErrorNotice error={ error } onRemove={ () => setError( null ) } /> : null;

	return (
		<Card className="postwright-review">
			<CardHeader>
				<h2 ref={ heading } tabIndex={ -1 }>
					{ showPublishing
						? __( 'Review and publish', 'postwright' )
						: __( 'Review the draft', 'postwright' ) }
				</h2>
			</CardHeader>
			<CardBody>
				{ errorFor( 'options' ) }
				{ isWrittenWithoutModel( post ) && <OfflineDraftNotice /> }
				<div className="postwright-review__layout">
					<div className="postwright-review__main">
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Title', 'postwright' ) }
							value={ title }
							onChange={ setTitle }
						/>
						<TextareaControl
							__nextHasNoMarginBottom
							label={ __( 'Meta description', 'postwright' ) }
							value={ metaDescription }
							onChange={ setMetaDescription }
						/>
						<div className="postwright-review__bar">
							<Button variant="secondary" onClick={ () => setEditing( ! editing ) }>
								{ editing
									? __( 'Show preview', 'postwright' )
									: __( 'Edit content', 'postwright' ) }
							</Button>
							{ dirty && (
								<Button
									variant="secondary"
									onClick={ save }
									disabled={ !! busy }
									isBusy={ busy === 'save' }
								>
									{ __( 'Save changes and re-check SEO', 'postwright' ) }
								</Button>
							) }
						</div>
						{ errorFor( 'save' ) }
						{ editing ? (
							<TextareaControl
								__nextHasNoMarginBottom
								label={ __( 'Content (HTML)', 'postwright' ) }
								value={ html }
								rows={ 20 }
								onChange={ setHtml }
							/>
						) : (
							<ContentPreview title={ title } html={ html } label={ __( 'Preview', 'postwright' ) } />
						) }
					</div>
					<div className="postwright-review__side">
						<SeoScore score={ post.seoScore } checks={ post.seoChecks } />
						<VoiceMatch voiceMatch={ post.voiceMatch } />
						{ showPublishing && (
							<div className="postwright-publish">
								<h3>{ __( 'Publish on this site', 'postwright' ) }</h3>
								{ options.categories.length > 0 && (
									<fieldset className="postwright-publish__categories">
										<legend>{ __( 'Categories', 'postwright' ) }</legend>
										{ options.categories.map( ( category ) => (
											<CheckboxControl
												__nextHasNoMarginBottom
												key={ category.id }
												label={ category.name }
												checked={ categories.includes( category.id ) }
												onChange={ ( checked ) =>
													setCategories(
														checked
															? [ ...categories, category.id ]
															: categories.filter( ( id ) => id !== category.id )
													)
												}
											/>
										) ) }
									</fieldset>
								) }
								<FormTokenField
									__nextHasNoMarginBottom
									__next40pxDefaultSize
									label={ __( 'Tags', 'postwright' ) }
									value={ tags }
									onChange={ ( tokens ) => setTags( tokens.map( String ) ) }
								/>
								{ canPublish && options.authors.length > 0 && (
									<SelectControl
										__nextHasNoMarginBottom
										__next40pxDefaultSize
										label={ __( 'Author', 'postwright' ) }
										value={ author }
										options={ options.authors.map( ( user ) => ( {
											value: String( user.id ),
											label: user.name,
										} ) ) }
										onChange={ setAuthor }
									/>
								) }
								<div className="postwright-actions">
									<Button
										variant="secondary"
										onClick={ () => publish( 'draft' ) }
										disabled={ !! busy }
										isBusy={ busy === 'publish' }
									>
										{ __( 'Create draft', 'postwright' ) }
									</Button>
									{ canPublish && (
										<Button
											variant="primary"
											onClick={ () => publish( 'publish' ) }
											disabled={ !! busy }
										>
											{ __( 'Publish', 'postwright' ) }
										</Button>
									) }
								</div>
								{ errorFor( 'publish' ) }
								{ result && (
									<div ref={ resultRef } tabIndex={ -1 } className="postwright-result">
										<Notice status="success" isDismissible={ false }>
											{ result.opening
												? __( 'Draft created. Opening it in the editor…', 'postwright' )
												: STATUS_MESSAGES[ result.status ] ?? result.status }{ ' ' }
											<ExternalLink href={ result.link }>
												{ __( 'View post', 'postwright' ) }
											</ExternalLink>{ ' ' }
											{ result.editLink && (
												<a href={ result.editLink }>{ __( 'Edit in WordPress', 'postwright' ) }</a>
											) }
										</Notice>
									</div>
								) }
								{ canPublish && (
									<div className="postwright-schedule">
										{ scheduledAt && (
											<Notice status="info" isDismissible={ false }>
												{ sprintf(
													/* translators: %s: date and time, in the site's time zone. */
													__(
														'Scheduled for %s. Postwright publishes it on this site then.',
														'postwright'
													),
													formatZonedTime( scheduledAt, zone )
												) }{ ' ' }
												<Button variant="link" onClick={ cancelSchedule } disabled={ !! busy }>
													{ __( 'Cancel schedule', 'postwright' ) }
												</Button>
											</Notice>
										) }
										{ errorFor( 'cancel' ) }
										<Dropdown
											className="postwright-schedule__dropdown"
											contentClassName="postwright-schedule__popover"
											popoverProps={ { placement: 'bottom-start' } }
											renderToggle={ ( { isOpen, onToggle } ) => (
												<>
													<Button
														variant="secondary"
														onClick={ onToggle }
														aria-expanded={ isOpen }
													>
														{ scheduledAt
															? __( 'Change schedule…', 'postwright' )
															: __( 'Schedule…', 'postwright' ) }
													</Button>
													{ /* A refusal stays in sight after the picker closes. */ }
													{ ! isOpen && errorFor( 'schedule' ) }
												</>
											) }
											renderContent={ ( { onClose } ) => (
												<SchedulePicker
													date={ date }
													onChange={ setDate }
													instant={ instant }
													zone={ zone }
													scheduledAt={ scheduledAt }
													busy={ busy }
													onSchedule={ () => schedule( onClose ) }
													error={ errorFor( 'schedule' ) }
												/>
											) }
										/>
									</div>
								) }
							</div>
						) }
					</div>
				</div>
			</CardBody>
		</Card>
	);
}

/**
 * The block editor's address for a post just created, asking the Postwright sidebar to open itself.
 *
 * @param {Object} answer The plugin's answer to POST /publish (its editLink is WordPress's edit address).
 * @return {string} The address.
 */
export function editorUrl( answer ) {
	const url = new URL( answer.editLink, window.location.href );
	url.searchParams.set( 'postwright', 'review' );
	return url.toString();
}
