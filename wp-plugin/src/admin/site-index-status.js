import { Button, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';

/** How often the state is asked again while the site is waiting or being read. */
const POLL_MS = 3000;

/**
 * The pages of this site new posts link to, in the words every Postwright surface uses (the service writes them):
 * being read with the pages so far, the pages indexed and when, or a failure with its reason. Administrators can ask
 * for a new read (Retry).
 */
export default function SiteIndexStatus( { canRefresh } ) {
	const [ index, setIndex ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ busy, setBusy ] = useState( false );

	const tone = index?.words?.tone;
	useEffect( () => {
		let stopped = false;
		let timer;
		const load = async () => {
			try {
				const answer = await api.getSiteIndex();
				if ( stopped ) {
					return;
				}
				setIndex( answer );
				setError( null );
				if ( answer?.words?.tone === 'busy' ) {
					timer = setTimeout( load, POLL_MS );
				}
			} catch {
				// Without an answer the line is left out: the connection's own state and errors are shown above.
			}
		};
		if ( index === null || tone === 'busy' ) {
			timer = setTimeout( load, index === null ? 0 : POLL_MS );
		}
		return () => {
			stopped = true;
			clearTimeout( timer );
		};
		// Started again when a Retry makes the site busy.
	}, [ tone ] );

	const refresh = async () => {
		setBusy( true );
		setError( null );
		try {
			setIndex( await api.refreshSiteIndex() );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	const words = index?.words;
	return (
		<div
			className="postwright-site-index"
			role="status"
			aria-label={ __( 'Pages posts can link to', 'postwright' ) }
		>
			<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
			{ words && (
				// wp-admin's own inline notice, coloured by the state.
				<div
					className={ `notice inline notice-${
						{ busy: 'info', ready: 'success', failed: 'error' }[
							words.tone
						]
					}` }
				>
					<p>
						{ words.tone === 'busy' && <Spinner /> }
						<strong>{ words.headline }</strong>
					</p>
					{ words.detail && <p>{ words.detail }</p> }
					{ canRefresh && words.action && (
						<p>
							<Button
								variant="secondary"
								isBusy={ busy }
								disabled={ busy }
								onClick={ refresh }
							>
								{ words.action === 'Retry'
									? __( 'Retry', 'postwright' )
									: __( 'Read pages again', 'postwright' ) }
							</Button>
						</p>
					) }
				</div>
			) }
		</div>
	);
}
