import { Notice, Spinner } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import ConnectionPanel from './connection-panel';
import Generator from './generator';
import PostReview from './post-review';

/** The Postwright admin page. */
export default function AdminApp( {
	initial = {},
	redirect = ( url ) => window.location.assign( url ),
	pollOptions,
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
				<Generator
					pollOptions={ pollOptions }
					onGenerated={ ( generated, words ) => {
						setKeywords( words );
						setPost( generated );
						load();
					} }
				/>
			) }
			{ status.connected && post && (
				<PostReview
					key={ `${ post.id }-${ post.updatedAt }` }
					post={ post }
					keywords={ keywords }
					canPublish={ status.canPublish }
					onChange={ setPost }
				/>
			) }
		</div>
	);
}
