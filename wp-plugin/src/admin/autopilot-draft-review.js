import { Button, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import PostReview from './post-review';

/** A prepared draft, opened from its title: the same review as a generated post, then approve it for its slot. */
export default function DraftReview( { item, canPublish, busy, onClose, onApprove } ) {
	const [ post, setPost ] = useState( null );
	const [ error, setError ] = useState( null );

	useEffect( () => {
		api.getPost( item.post.id ).then( setPost, ( caught ) => setError( api.errorOf( caught ) ) );
	}, [ item.post.id ] );

	return (
		<div className="postwright-draft" aria-label={ __( 'Draft to review', 'postwright' ) } role="region">
			<div className="postwright-actions">
				{ canPublish ? (
					<Button variant="primary" disabled={ busy || ! post } onClick={ onApprove }>
						{ __( 'Approve this draft', 'postwright' ) }
					</Button>
				) : (
					<span>{ __( 'An editor or an administrator of this site approves drafts.', 'postwright' ) }</span>
				) }
				<Button variant="tertiary" onClick={ onClose }>
					{ __( 'Close the draft', 'postwright' ) }
				</Button>
			</div>
			<ErrorNotice error={ error } />
			{ ! post && ! error && <Spinner /> }
			{ post && (
				<PostReview
					key={ `${ post.id }-${ post.updatedAt }` }
					post={ post }
					keywords={ item.keywords }
					canPublish={ false }
					showPublishing={ false }
					onChange={ setPost }
				/>
			) }
		</div>
	);
}
