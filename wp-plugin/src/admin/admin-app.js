import { Notice, Spinner, TabPanel } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import Autopilot from './autopilot';
import BrandVoice from './brand-voice';
import ConnectionPanel from './connection-panel';
import Generator from './generator';
import PostReview from './post-review';
import YourPosts from './your-posts';

/** The tab named in the address (admin.php?page=postwright&tab=autopilot), so the Autopilot, Your posts and Brand voice
 * tabs can be linked to; a refresh's id (&refresh=12) opens Your posts on that refresh. */
const tabInAddress = () => {
	const query = new URLSearchParams( window.location.search );
	const tab = query.get( 'tab' );
	if ( ! tab && query.has( 'refresh' ) ) {
		return 'your-posts';
	}
	return [ 'autopilot', 'your-posts', 'brand-voice' ].includes( tab ) ? tab : 'write';
};

/** The Postwright admin page: the connection, then writing one post, the autopilot's content plans, this site's
 * posts as analysed (Your posts), or, for its administrators, its Brand voice. */
export default function AdminApp( {
	initial = {},
	redirect = ( url ) => window.location.assign( url ),
	pollOptions,
	initialTab = initial.tab ?? tabInAddress(),
} ) {
	const [ status, setStatus ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ notice, setNotice ] = useState( initial.notice ?? null );
	const [ post, setPost ] = useState( null );
	const [ keywords, setKeywords ] = useState( [] );

	const load = useCallback( async () => {
		try {
			setStatus( await api.getStatus() );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		}
	}, [] );

	useEffect( () => {
		load();
	}, [ load ] );

	if ( error ) {
		return <ErrorNotice error={ error } />;
	}
	if ( ! status ) {
		return <Spinner />;
	}
	return (
		<div className="postwright-admin">
			{ notice && (
				<Notice status={ notice.status } onRemove={ () => setNotice( null ) }>
					{ notice.message }
				</Notice>
			) }
			<ConnectionPanel status={ status } onChange={ load } redirect={ redirect } />
			{ status.connected && (
				<TabPanel
					className="postwright-tabs"
					initialTabName={ initialTab }
					tabs={ [
						{ name: 'write', title: __( 'Write a post', 'postwright' ) },
						{ name: 'autopilot', title: __( 'Autopilot', 'postwright' ) },
						{ name: 'your-posts', title: __( 'Your posts', 'postwright' ) },
						...( status.canManage
							? [ { name: 'brand-voice', title: __( 'Brand voice', 'postwright' ) } ]
							: [] ),
					] }
				>
					{ ( tab ) =>
						tab.name === 'your-posts' ? (
							<YourPosts timeZone={ initial.timeZone } />
						) : tab.name === 'brand-voice' ? (
							<BrandVoice />
						) : tab.name === 'autopilot' ? (
							<Autopilot
								canPublish={ status.canPublish }
								timeZone={ initial.timeZone }
								upgradeUrl={ status.upgradeUrl }
							/>
						) : (
							<>
								<Generator
									pollOptions={ pollOptions }
									woocommerce={ Boolean( initial.woocommerce ) }
									onGenerated={ ( generated, words ) => {
										setKeywords( words );
										setPost( generated );
										load();
									} }
								/>
								{ post && (
									<PostReview
										key={ `${ post.id }-${ post.updatedAt }` }
										post={ post }
										keywords={ keywords }
										canPublish={ status.canPublish }
										onChange={ setPost }
										openEditor={ redirect }
										focusOnMount
									/>
								) }
							</>
						)
					}
				</TabPanel>
			) }
		</div>
	);
}
