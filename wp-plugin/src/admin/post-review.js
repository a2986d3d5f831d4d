import {
	Button,
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
	DateTimePicker,
	ExternalLink,
	FormTokenField,
	Notice,
	SandBox,
	SelectControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import { formatZonedTime, siteTimeToInstant, zonedPickerValue } from './schedule-time';
import { isWrittenWithoutModel } from '@postwright/core/contracts/written-by';
import ErrorNotice from '../components/error-notice';
import OfflineDraftNotice from '../components/offline-draft-notice';
import SeoScore from '../components/seo-score';

const STATUS_MESSAGES = {
	draft: __( 'Draft created.', 'postwright' ),
	publish: __( 'Post published.', 'postwright' ),
};

/**
 * A generated post: SEO score and checks, preview, editing, then draft, publish or schedule into this site. An
 * autopilot draft is reviewed without the publishing part: its plan publishes it in its slot once approved.
 */
export default function PostReview( {
	post,
	keywords,
	canPublish,
	onChange,
	showPublishing = true,
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
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ result, setResult ] = useState( null );
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

	const run = async ( action ) => {
		setBusy( true );
		setError( null );
		try {
			await action();
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	const save = () =>
		run( async () => {
			const updated = await api.updatePost( post.id, {
				title,
				metaDescription,
				htmlContent: html,
			} );
			onChange( updated );
		} );

	const publish = ( status ) =>
		run( async () => {
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
			setResult( answer );
		} );

	const schedule = () =>
		run( async () => {
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
		} );

	const cancelSchedule = () =>
		run( async () => {
			await api.cancelSchedule( post.id );
			setScheduledAt( null );
		} );

	return (
		<Card className="postwright-review">
			<CardHeader>
				<h2>
					{ showPublishing
						? __( 'Review and publish', 'postwright' )
						: __( 'Review the draft', 'postwright' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				{ isWrittenWithoutModel( post ) && <OfflineDraftNotice /> }
				{ result && (
					<Notice status="success" isDismissible={ false }>
						{ STATUS_MESSAGES[ result.status ] ?? result.status }{ ' ' }
						<ExternalLink href={ result.link }>{ __( 'View post', 'postwright' ) }</ExternalLink>{ ' ' }
						{ result.editLink && (
							<a href={ result.editLink }>{ __( 'Edit in WordPress', 'postwright' ) }</a>
						) }
					</Notice>
				) }
				<SeoScore score={ post.seoScore } checks={ post.seoChecks } />
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
				<Button variant="secondary" onClick={ () => setEditing( ! editing ) }>
					{ editing ? __( 'Show preview', 'postwright' ) : __( 'Edit content', 'postwright' ) }
				</Button>
				{ editing ? (
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __( 'Content (HTML)', 'postwright' ) }
						value={ html }
						rows={ 20 }
						onChange={ setHtml }
					/>
				) : (
					<div className="postwright-preview" aria-label={ __( 'Preview', 'postwright' ) }>
						<SandBox html={ html } title={ __( 'Preview', 'postwright' ) } />
					</div>
				) }
				{ dirty && (
					<Button variant="secondary" onClick={ save } disabled={ busy }>
						{ __( 'Save changes and re-check SEO', 'postwright' ) }
					</Button>
				) }

				{ showPublishing && (
					<>
					<h3>{ __( 'Publish on this site', 'postwright' ) }</h3>
					<fieldset>
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
						<Button variant="secondary" onClick={ () => publish( 'draft' ) } disabled={ busy }>
							{ __( 'Create draft', 'postwright' ) }
						</Button>
						{ canPublish && (
							<Button variant="primary" onClick={ () => publish( 'publish' ) } disabled={ busy }>
								{ __( 'Publish', 'postwright' ) }
							</Button>
						) }
					</div>
					{ canPublish && (
						<div className="postwright-schedule">
							<h4>{ __( 'Schedule', 'postwright' ) }</h4>
							{ scheduledAt && (
								<Notice status="info" isDismissible={ false }>
									{ sprintf(
										/* translators: %s: date and time, in the site's time zone. */
										__( 'Scheduled for %s. Postwright publishes it on this site then.', 'postwright' ),
										formatZonedTime( scheduledAt, zone )
									) }{ ' ' }
									<Button variant="link" onClick={ cancelSchedule } disabled={ busy }>
										{ __( 'Cancel schedule', 'postwright' ) }
									</Button>
								</Notice>
							) }
							<DateTimePicker currentDate={ date } onChange={ setDate } />
							<Button
								variant="secondary"
								onClick={ schedule }
								disabled={ busy || ! instant }
							>
								{ instant
									? sprintf(
											/* translators: %s: date and time, in the site's time zone. */
											scheduledAt
												? __( 'Reschedule for %s', 'postwright' )
												: __( 'Schedule for %s', 'postwright' ),
											formatZonedTime( instant, zone )
									  )
									: __( 'Schedule', 'postwright' ) }
							</Button>
						</div>
					) }
					</>
				) }
			</CardBody>
		</Card>
	);
}
