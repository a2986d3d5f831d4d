import { Notice, Spinner, TabPanel } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import Autopilot from './autopilot';
import ConnectionPanel from './connection-panel';
import Generator from './generator';
import PostReview from './post-review';

/** The tab named in the address (admin.php?page=postwright&tab=autopilot), so the Autopilot tab can be linked to. */
const tabInAddress = () =>
	new URLSearchParams( window.location.search ).get( 'tab' ) === 'autopilot'
		? 'autopilot'
		: 'write';

/** The Postwright admin page: the connection, then writing one post or the autopilot's content plans. */
export default function AdminApp( {
	initial = {},
	redirect = ( url ) => window.location.assign( url ),
	pollOptions,
	initialTab = tabInAddress(),
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
					] }
				>
					{ ( tab ) =>
						tab.name === 'autopilot' ? (
							<Autopilot
								canPublish={ status.canPublish }
								timeZone={ initial.timeZone }
								upgradeUrl={ status.upgradeUrl }
							/>
						) : (
							<>
								<Generator
									pollOptions={ pollOptions }
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
