import { rawHandler } from '@wordpress/blocks';
import { Button, Flex, PanelBody, TextControl, TextareaControl } from '@wordpress/components';
import { useDispatch, useSelect, useRegistry } from '@wordpress/data';
import { PluginSidebar, store as editorStore } from '@wordpress/editor';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import { isWrittenWithoutModel } from '@postwright/core/contracts/written-by';
import ErrorNotice from '../components/error-notice';
import OfflineDraftNotice from '../components/offline-draft-notice';
import PostSoFar from '../components/post-so-far';
import SeoScore from '../components/seo-score';
import { splitKeywords } from '../admin/generator';
import fillSeoFields from './seo-fields';
import PublishPanel from './publish-panel';
import './sidebar.scss';

const STAGE_LABELS = {
	queued: __( 'Waiting to start…', 'postwright' ),
	planning: __( 'Planning the post…', 'postwright' ),
	writing: __( 'Writing…', 'postwright' ),
	reviewing: __( 'Checking SEO…', 'postwright' ),
	done: __( 'Done', 'postwright' ),
};

/** How much of the current text goes with an "improve" request (the service's instructions field is limited). */
const IMPROVE_CONTEXT = 4000;

/** The sidebar's name, as the editor knows it (plugin name / sidebar name). */
export const SIDEBAR_NAME = 'postwright/postwright-sidebar';

/** The editor's open sidebar, where the editor does not say which it is. */
const UNREADABLE = 'unreadable';

/**
 * Whether the sidebar is to open itself: a draft just created from the review (post.php?...&postwright=review, which
 * the server reads, as the editor drops the argument from the address as it starts).
 *
 * @param {Object} settings The sidebar's settings from the server.
 * @return {boolean} Whether to open.
 */
const askedFor = ( settings ) =>
	!! settings.openSidebar || new URLSearchParams( window.location.search ).get( 'postwright' ) === 'review';

/** The sidebar's own post meta (registered by Postwright_Editor_Sidebar), by field. */
export const SEO_META = {
	focusKeyphrase: '_postwright_focus_keyphrase',
	seoTitle: '_postwright_seo_title',
	metaDescription: '_postwright_meta_description',
};

const EMPTY_FIELDS = { focusKeyphrase: '', seoTitle: '', metaDescription: '' };

/**
 * The block editor's Postwright sidebar: generate into the open post or improve it, edit its SEO fields (focus
 * keyphrase, SEO title, slug, meta description; written where the active SEO plugin reads them), and score the current
 * content with those fields through the service, the same analysis the post's review shows.
 */
export default function Sidebar( { settings = {}, pollOptions } ) {
	const registry = useRegistry();
	const { title, content, slug } = useSelect( ( select ) => {
		const editor = select( editorStore );
		return {
			title: editor.getEditedPostAttribute( 'title' ) ?? '',
			content: editor.getEditedPostContent(),
			slug: editor.getEditedPostAttribute( 'slug' ) ?? '',
		};
	}, [] );
	const { editPost } = useDispatch( editorStore );
	const { resetBlocks } = useDispatch( 'core/block-editor' );
	const seoPlugin = settings.seoPlugin ?? '';
	const [ fields, setFields ] = useState( { ...EMPTY_FIELDS, ...( settings.fields ?? {} ) } );
	const [ keywords, setKeywords ] = useState( '' );
	const [ stage, setStage ] = useState( null );
	const [ parts, setParts ] = useState( [] );
	const [ seo, setSeo ] = useState( null );
	// The post (from Postwright, or generated here) was written without an AI model.
	const [ writtenOffline, setWrittenOffline ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ loaded, setLoaded ] = useState( ! settings.servicePostId );
	// The Postwright post this one was published from, as the service holds it (its schedule).
	const [ servicePost, setServicePost ] = useState( null );
	const opened = useRef( false );
	// The latest values, for the analysis that runs once the Postwright post has been read.
	const latest = useRef( {} );
	latest.current = { title, content, slug, fields, keywords };

	/** Writes the fields into the post (the sidebar's meta, or the excerpt) and the SEO plugin's own editor store. */
	const writeFields = ( next ) => {
		setFields( next );
		editPost( {
			meta: Object.fromEntries(
				Object.entries( SEO_META ).map( ( [ field, key ] ) => [ key, next[ field ] ] )
			),
		} );
		fillSeoFields( registry.dispatch, seoPlugin, next );
	};
	const setField = ( name ) => ( value ) => writeFields( { ...fields, [ name ]: value } );

	const run = async ( action ) => {
		setBusy( true );
		setError( null );
		try {
			await action();
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
			setStage( null );
			setParts( [] );
		}
	};

	const analysisRequest = ( current ) => {
		const words = splitKeywords( current.keywords );
		const keyphrase = current.fields.focusKeyphrase.trim() || words[ 0 ] || '';
		return {
			title: current.title,
			content: current.content,
			keywords: keyphrase && ! words.includes( keyphrase ) ? [ keyphrase, ...words ] : words,
			...( current.fields.metaDescription ? { metaDescription: current.fields.metaDescription } : {} ),
			...( current.fields.seoTitle ? { seoTitle: current.fields.seoTitle } : {} ),
			...( current.slug ? { slug: current.slug } : {} ),
			...( keyphrase ? { focusKeyphrase: keyphrase } : {} ),
		};
	};

	const analyze = () =>
		run( async () => {
			setSeo( await api.analyzeSeo( analysisRequest( latest.current ) ) );
		} );

	// A draft just created from the review opens with this sidebar beside it, as Yoast's and Rank Math's do. The
	// editor sets its own sidebar while it starts, perhaps after this one: this one is asked for again whenever the
	// editor replaces it, until the owner first clicks or types (or a few seconds have passed), then left to them.
	const { editorReady, activeArea } = useSelect( ( select ) => {
		// Undefined while the editor has not set one yet; UNREADABLE where the editor does not tell.
		let area = UNREADABLE;
		try {
			const interfaceStore = select( 'core/interface' );
			if ( interfaceStore?.getActiveComplementaryArea ) {
				area = interfaceStore.getActiveComplementaryArea( 'core' );
			}
		} catch {
			area = UNREADABLE;
		}
		return {
			editorReady: select( editorStore ).__unstableIsEditorReady?.() ?? true,
			activeArea: area,
		};
	}, [] );
	useEffect( () => {
		if ( ! askedFor( settings ) ) {
			return undefined;
		}
		const settle = () => {
			opened.current = true;
		};
		const timer = window.setTimeout( settle, 8000 );
		window.addEventListener( 'pointerdown', settle, { once: true, capture: true } );
		window.addEventListener( 'keydown', settle, { once: true, capture: true } );
		return () => {
			window.clearTimeout( timer );
			window.removeEventListener( 'pointerdown', settle, { capture: true } );
			window.removeEventListener( 'keydown', settle, { capture: true } );
		};
	}, [] );
	useEffect( () => {
		if ( opened.current || ! editorReady || ! askedFor( settings ) || activeArea === SIDEBAR_NAME ) {
			return;
		}
		const editPostStore = registry.dispatch( 'core/edit-post' );
		if ( editPostStore?.openGeneralSidebar ) {
			editPostStore.openGeneralSidebar( SIDEBAR_NAME );
		} else {
			registry.dispatch( 'core/interface' )?.enableComplementaryArea?.( 'core', SIDEBAR_NAME );
		}
		// Where the editor's area cannot be read, asking once is all there is.
		if ( activeArea === UNREADABLE ) {
			opened.current = true;
		}
	}, [ editorReady, activeArea ] );

	// A post published from Postwright: its keywords, and the fields the site does not hold yet, come from the service.
	useEffect( () => {
		if ( ! settings.servicePostId ) {
			return;
		}
		api.getPost( settings.servicePostId ).then(
			( post ) => {
				setServicePost( post );
				setKeywords( ( post.keywords ?? [] ).join( ', ' ) );
				setWrittenOffline( isWrittenWithoutModel( post ) );
				setFields( ( current ) => ( {
					focusKeyphrase: current.focusKeyphrase || post.focusKeyphrase || '',
					seoTitle: current.seoTitle || post.seoTitle || '',
					metaDescription: current.metaDescription || post.metaDescription || '',
				} ) );
				setLoaded( true );
			},
			() => setLoaded( true )
		);
	}, [ settings.servicePostId ] );

	// The score of the post as it opens, once its fields are known.
	useEffect( () => {
		if ( loaded && latest.current.title.trim() && latest.current.content.trim() ) {
			analyze();
		}
	}, [ loaded ] );

	const generate = ( improve ) =>
		run( async () => {
			// The focus keyphrase, when one is set, goes first: the service writes around the first keyword.
			const keyphrase = fields.focusKeyphrase.trim();
			const words = splitKeywords( keywords );
			const request = {
				title,
				keywords: keyphrase ? [ keyphrase, ...words.filter( ( word ) => word !== keyphrase ) ] : words,
			};
			if ( improve ) {
				const text = content.replace( /<[^>]+>/g, ' ' ).replace( /\s+/g, ' ' ).trim();
				request.seoInstructions =
					__( 'Improve this existing post, keeping its points and facts:', 'postwright' ) +
					'\n' +
					text.slice( 0, IMPROVE_CONTEXT );
			}
			const started = await api.startGeneration( request );
			setStage( started.stage );
			const { post } = await api.waitForGeneration(
				started.id,
				( generation ) => {
					setStage( generation.stage );
					setParts( generation.parts ?? [] );
				},
				pollOptions
			);
			resetBlocks( rawHandler( { HTML: post.htmlContent } ) );
			// The title stays the one typed here; the post's SEO fields come with the content.
			editPost( post.slug ? { slug: post.slug } : {} );
			writeFields( {
				focusKeyphrase: post.focusKeyphrase || request.keywords[ 0 ] || '',
				seoTitle: post.seoTitle ?? '',
				metaDescription: post.metaDescription ?? '',
			} );
			setSeo( { score: post.seoScore, checks: post.seoChecks } );
			setWrittenOffline( isWrittenWithoutModel( post ) );
		} );

	const ready =
		title.trim() !== '' && ( splitKeywords( keywords ).length > 0 || fields.focusKeyphrase.trim() !== '' );
	const text = ( label, name, help ) => (
		<TextControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			help={ help }
			value={ fields[ name ] }
			onChange={ setField( name ) }
		/>
	);
	return (
		<PluginSidebar
			name="postwright-sidebar"
			className="postwright-sidebar"
			title={ __( 'Postwright', 'postwright' ) }
			icon="edit-page"
		>
			{ /* A draft from the review is already written: its score and publishing come first. */ }
			<PanelBody title={ __( 'Write with Postwright', 'postwright' ) } initialOpen={ ! askedFor( settings ) }>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				{ writtenOffline && <OfflineDraftNotice /> }
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Keywords (separated by commas)', 'postwright' ) }
					value={ keywords }
					onChange={ setKeywords }
				/>
				{ ! title.trim() && (
					<p>{ __( 'Give the post a title first.', 'postwright' ) }</p>
				) }
				<Button variant="primary" onClick={ () => generate( false ) } disabled={ busy || ! ready }>
					{ __( 'Generate into this post', 'postwright' ) }
				</Button>{ ' ' }
				<Button
					variant="secondary"
					onClick={ () => generate( true ) }
					disabled={ busy || ! ready || ! content.trim() }
				>
					{ __( 'Improve this post', 'postwright' ) }
				</Button>
				{ stage && (
					<p role="status">{ STAGE_LABELS[ stage ] ?? stage }</p>
				) }
				{ stage && <PostSoFar parts={ parts } /> }
			</PanelBody>
			<PanelBody title={ __( 'SEO', 'postwright' ) }>
				{ /* The score and what to fix first, as Yoast and Rank Math show them; the fields below. */ }
				{ seo && <SeoScore score={ seo.score } checks={ seo.checks } /> }
				<Flex direction="column" gap={ 4 } align="stretch">
					{ text(
						__( 'Focus keyphrase', 'postwright' ),
						'focusKeyphrase',
						__( 'The phrase this post should rank for. Empty: the first keyword.', 'postwright' )
					) }
					{ text(
						__( 'SEO title', 'postwright' ),
						'seoTitle',
						__( 'The title in search results. Empty: the post title.', 'postwright' )
					) }
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Slug', 'postwright' ) }
						value={ slug }
						onChange={ ( value ) => editPost( { slug: value } ) }
					/>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __( 'Meta description', 'postwright' ) }
						value={ fields.metaDescription }
						onChange={ setField( 'metaDescription' ) }
					/>
					<div>
						<Button variant="secondary" onClick={ analyze } disabled={ busy || ! title.trim() }>
							{ __( 'Check SEO of this post', 'postwright' ) }
						</Button>
					</div>
				</Flex>
			</PanelBody>
			{ loaded && (
				<PublishPanel
					servicePostId={ settings.servicePostId }
					servicePost={ servicePost }
					canPublish={ settings.canPublish }
					timeZone={ settings.timeZone }
					initialOpen={ askedFor( settings ) }
					request={ () => {
						const current = analysisRequest( latest.current );
						return { ...current, content: latest.current.content };
					} }
				/>
			) }
		</PluginSidebar>
	);
}
