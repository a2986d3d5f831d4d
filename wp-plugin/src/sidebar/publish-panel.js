import { Button, Dropdown, ExternalLink, Notice, PanelBody } from '@wordpress/components';
import { useDispatch, useRegistry } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import SchedulePicker from '../components/schedule-picker';
import { formatZonedTime, siteTimeToInstant, zonedPickerValue } from '../admin/schedule-time';

/**
 * Publishing a Postwright post from the block editor, through the service as the review does: the editor's edits are
 * saved on this site and sent to the service first, then the service publishes the post now, or its scheduler
 * publishes it at a time chosen in the site's zone (Settings > General).
 */
export default function PublishPanel( { servicePostId, servicePost, canPublish, timeZone, request, initialOpen } ) {
	const registry = useRegistry();
	const { savePost } = useDispatch( editorStore );
	const zone = timeZone || 'UTC';
	const [ scheduledAt, setScheduledAt ] = useState(
		servicePost?.isScheduled ? servicePost.scheduledPublishDate : null
	);
	const [ date, setDate ] = useState(
		servicePost?.isScheduled ? zonedPickerValue( servicePost.scheduledPublishDate, zone ) : null
	);
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ errorAt, setErrorAt ] = useState( null );
	const [ published, setPublished ] = useState( null );
	const instant = date ? siteTimeToInstant( date, zone ) : null;

	if ( ! servicePostId || ! canPublish ) {
		return null;
	}

	/** What the post is now in the editor, as the plugin's /publish and /schedule routes take it. */
	const publication = () => {
		const editor = registry.select( editorStore );
		const core = registry.select( 'core' );
		const tagIds = editor.getEditedPostAttribute( 'tags' ) ?? [];
		const current = request();
		return {
			postId: servicePostId,
			title: current.title,
			html: current.content,
			...( current.metaDescription ? { metaDescription: current.metaDescription } : {} ),
			...( current.seoTitle ? { seoTitle: current.seoTitle } : {} ),
			...( current.slug ? { slug: current.slug } : {} ),
			...( current.focusKeyphrase ? { focusKeyphrase: current.focusKeyphrase } : {} ),
			images: [],
			categories: editor.getEditedPostAttribute( 'categories' ) ?? [],
			tags: tagIds
				.map( ( id ) => core?.getEntityRecord?.( 'taxonomy', 'post_tag', id )?.name )
				.filter( Boolean ),
		};
	};

	const run = async ( where, action ) => {
		setBusy( where );
		setError( null );
		setErrorAt( null );
		try {
			// The editor's edits are kept on this site, and the service publishes what it holds: both first.
			await savePost();
			const current = publication();
			await api.updatePost( servicePostId, {
				title: current.title,
				htmlContent: current.html,
				...( current.metaDescription ? { metaDescription: current.metaDescription } : {} ),
			} );
			await action( current );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setErrorAt( where );
		} finally {
			setBusy( false );
		}
	};

	const publishNow = () =>
		run( 'publish', async ( current ) => {
			const answer = await api.publishPost( { ...current, status: 'publish' } );
			setPublished( answer );
			setScheduledAt( null );
			// The editor shows the post as WordPress now holds it: published.
			await registry.dispatch( 'core' ).invalidateResolution?.( 'getEntityRecord', [
				'postType',
				'post',
				answer.postId,
			] );
		} );

	const schedule = ( close ) =>
		run( 'schedule', async ( current ) => {
			const answer = await api.schedulePost( { ...current, date: instant.toISOString() } );
			setScheduledAt( answer.scheduledPublishDate );
			close?.();
		} );

	const cancel = async () => {
		setBusy( 'cancel' );
		setError( null );
		try {
			await api.cancelSchedule( servicePostId );
			setScheduledAt( null );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setErrorAt( 'cancel' );
		} finally {
			setBusy( false );
		}
	};

	const errorFor = ( where ) =>
		errorAt === where ? (
			<ErrorNotice
				error={ error }
				onRemove={ () => {
					setError( null );
					setErrorAt( null );
				} }
			/>
		) : null;

	return (
		<PanelBody
			className="postwright-sidebar-publish"
			title={ __( 'Publish with Postwright', 'postwright' ) }
			initialOpen={ initialOpen }
		>
			{ published && (
				<Notice status="success" isDismissible={ false }>
					{ __( 'Post published.', 'postwright' ) }{ ' ' }
					<ExternalLink href={ published.link }>{ __( 'View post', 'postwright' ) }</ExternalLink>
				</Notice>
			) }
			{ scheduledAt && (
				<Notice status="info" isDismissible={ false }>
					{ sprintf(
						/* translators: %s: date and time, in the site's time zone. */
						__( 'Scheduled for %s. Postwright publishes it on this site then.', 'postwright' ),
						formatZonedTime( scheduledAt, zone )
					) }{ ' ' }
					<Button variant="link" onClick={ cancel } disabled={ !! busy }>
						{ __( 'Cancel schedule', 'postwright' ) }
					</Button>
				</Notice>
			) }
			{ errorFor( 'cancel' ) }
			<div className="postwright-sidebar-publish__actions">
				<Button variant="primary" onClick={ publishNow } disabled={ !! busy } isBusy={ busy === 'publish' }>
					{ __( 'Publish now', 'postwright' ) }
				</Button>
				<Dropdown
					popoverProps={ { placement: 'left-start' } }
					renderToggle={ ( { isOpen, onToggle } ) => (
						<Button variant="secondary" onClick={ onToggle } aria-expanded={ isOpen }>
							{ scheduledAt ? __( 'Change schedule…', 'postwright' ) : __( 'Schedule…', 'postwright' ) }
						</Button>
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
			{ errorFor( 'publish' ) }
		</PanelBody>
	);
}
