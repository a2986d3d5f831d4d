import { rawHandler } from '@wordpress/blocks';
import { Button, PanelBody, TextControl } from '@wordpress/components';
import { useDispatch, useSelect, useRegistry } from '@wordpress/data';
import { PluginSidebar, store as editorStore } from '@wordpress/editor';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import SeoScore from '../components/seo-score';
import { splitKeywords } from '../admin/generator';
import fillSeoFields from './seo-fields';

const STAGE_LABELS = {
	queued: __( 'Waiting to start…', 'postwright' ),
	planning: __( 'Planning the post…', 'postwright' ),
	writing: __( 'Writing…', 'postwright' ),
	reviewing: __( 'Checking SEO…', 'postwright' ),
	done: __( 'Done', 'postwright' ),
};

/** How much of the current text goes with an "improve" request (the service's instructions field is limited). */
const IMPROVE_CONTEXT = 4000;

/** The block editor's Postwright sidebar: generate into the open post or improve it, and score its SEO. */
export default function Sidebar( { settings = {}, pollOptions } ) {
	const registry = useRegistry();
	const { title, content, excerpt, slug } = useSelect( ( select ) => {
		const editor = select( editorStore );
		return {
			title: editor.getEditedPostAttribute( 'title' ) ?? '',
			content: editor.getEditedPostContent(),
			excerpt: editor.getEditedPostAttribute( 'excerpt' ) ?? '',
			slug: editor.getEditedPostAttribute( 'slug' ) ?? '',
		};
	}, [] );
	const { editPost } = useDispatch( editorStore );
	const { resetBlocks } = useDispatch( 'core/block-editor' );
	const [ keywords, setKeywords ] = useState( '' );
	const [ stage, setStage ] = useState( null );
	const [ seo, setSeo ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );

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
		}
	};

	const generate = ( improve ) =>
		run( async () => {
			const words = splitKeywords( keywords );
			const request = { title, keywords: words };
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
				( generation ) => setStage( generation.stage ),
				pollOptions
			);
			resetBlocks( rawHandler( { HTML: post.htmlContent } ) );
			editPost( { title: post.title } );
			fillSeoFields( registry.dispatch, settings.seoPlugin ?? '', {
				seoTitle: post.title,
				metaDescription: post.metaDescription ?? '',
				focusKeyphrase: words[ 0 ] ?? '',
			} );
			setSeo( { score: post.seoScore, checks: post.seoChecks } );
		} );

	const analyze = () =>
		run( async () => {
			const words = splitKeywords( keywords );
			const answer = await api.analyzeSeo( {
				title,
				content,
				keywords: words,
				...( excerpt ? { metaDescription: excerpt } : {} ),
				...( slug ? { slug } : {} ),
				...( words[ 0 ] ? { focusKeyphrase: words[ 0 ] } : {} ),
			} );
			setSeo( answer );
		} );

	const ready = title.trim() !== '' && splitKeywords( keywords ).length > 0;
	return (
		<PluginSidebar name="postwright-sidebar" title={ __( 'Postwright', 'postwright' ) } icon="edit-page">
			<PanelBody title={ __( 'Write with Postwright', 'postwright' ) }>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
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
			</PanelBody>
			<PanelBody title={ __( 'SEO', 'postwright' ) }>
				<Button variant="secondary" onClick={ analyze } disabled={ busy || ! title.trim() }>
					{ __( 'Check SEO of this post', 'postwright' ) }
				</Button>
				{ seo && <SeoScore score={ seo.score } checks={ seo.checks } /> }
			</PanelBody>
		</PluginSidebar>
	);
}
