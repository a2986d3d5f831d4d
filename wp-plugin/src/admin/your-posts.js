import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';

/** How often the posts are asked again while the service reads and analyses them. */
const POLL_MS = 5000;

/** "Today", "3 days", "5 months", "2 years"; "Unknown" without a date. */
export function ageText( days ) {
	if ( days === null || days === undefined ) {
		return __( 'Unknown', 'postwright' );
	}
	if ( days < 1 ) {
		return __( 'Today', 'postwright' );
	}
	if ( days < 60 ) {
		/* translators: %d: a number of days. */
		return sprintf( _n( '%d day', '%d days', days, 'postwright' ), days );
	}
	if ( days < 730 ) {
		const months = Math.floor( days / 30.44 );
		/* translators: %d: a number of months. */
		return sprintf( _n( '%d month', '%d months', months, 'postwright' ), months );
	}
	const years = Math.floor( days / 365.25 );
	/* translators: %d: a number of years. */
	return sprintf( _n( '%d year', '%d years', years, 'postwright' ), years );
}

/**
 * "Your posts": every published post of this site (whoever wrote it) as the service analysed it, most worth improving
 * first: its SEO score, the checks that failed in words, its age, length and links in and out. Read again every few
 * seconds while the service is reading the posts.
 */
export default function YourPosts() {
	const [ page, setPage ] = useState( 1 );
	const [ data, setData ] = useState( null );
	const [ error, setError ] = useState( null );
	const state = data?.site?.state;

	useEffect( () => {
		let stopped = false;
		let timer;
		const load = async () => {
			try {
				const answer = await api.getSitePosts( page );
				if ( stopped ) {
					return;
				}
				setData( answer );
				setError( null );
				const busy = answer?.site?.state === 'queued' || answer?.site?.state === 'analysing';
				if ( busy ) {
					timer = setTimeout( load, POLL_MS );
				}
			} catch ( caught ) {
				if ( ! stopped ) {
					setError( api.errorOf( caught ) );
				}
			}
		};
		load();
		return () => {
			stopped = true;
			clearTimeout( timer );
		};
	}, [ page ] );

	if ( error ) {
		return <ErrorNotice error={ error } />;
	}
	if ( ! data ) {
		return <Spinner />;
	}
	const site = data.site;
	if ( ! site ) {
		return (
			<p>{ __( 'This site is not connected to Postwright on the service.', 'postwright' ) }</p>
		);
	}
	const busy = state === 'queued' || state === 'analysing';
	const last = Math.max( 1, Math.ceil( data.total / data.pageSize ) );
	return (
		<div className="postwright-your-posts">
			<p>
				{ __(
					'Every published post of this site, scored with the same SEO checks as the posts Postwright writes. The posts most worth improving come first: a low score, failed checks, no links from your other posts and time since the last update all raise a post’s opportunity.',
					'postwright'
				) }
			</p>
			{ busy && (
				<p role="status">
					{ state === 'analysing'
						? sprintf(
								/* translators: %d: how many posts were read so far. */
								__( 'Reading your posts: %d so far…', 'postwright' ),
								site.postsRead
						  )
						: __( 'Your posts are analysed shortly…', 'postwright' ) }
				</p>
			) }
			{ state === 'failed' && (
				<Notice status="error" isDismissible={ false }>
					{ __( 'Your posts could not be analysed. Postwright tries again by itself.', 'postwright' ) }{ ' ' }
					{ site.error }
				</Notice>
			) }
			{ data.posts.length === 0 && state === 'ready' && (
				<p>{ __( 'No published posts were found on this site.', 'postwright' ) }</p>
			) }
			{ data.posts.length > 0 && (
				<table className="widefat striped">
					<caption className="screen-reader-text">
						{ __( 'Posts of this site, most worth improving first', 'postwright' ) }
					</caption>
					<thead>
						<tr>
							<th scope="col">{ __( 'Post', 'postwright' ) }</th>
							<th scope="col">{ __( 'SEO score', 'postwright' ) }</th>
							<th scope="col">{ __( 'What to fix', 'postwright' ) }</th>
							<th scope="col">{ __( 'Age', 'postwright' ) }</th>
							<th scope="col">{ __( 'Words', 'postwright' ) }</th>
							<th scope="col">{ __( 'Links in', 'postwright' ) }</th>
							<th scope="col">{ __( 'Links out', 'postwright' ) }</th>
							<th scope="col">{ __( 'Opportunity', 'postwright' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ data.posts.map( ( post ) => (
							<tr key={ post.id }>
								<th scope="row">
									<a href={ post.url } target="_blank" rel="noreferrer">
										{ post.title || post.url }
									</a>
								</th>
								<td>{ post.score }</td>
								<td>
									{ post.failingChecks.length === 0 ? (
										__( 'Nothing failed', 'postwright' )
									) : (
										<ul>
											{ post.failingChecks.map( ( check ) => (
												<li key={ check.id }>
													<strong>{ check.label }:</strong> { check.message }
												</li>
											) ) }
										</ul>
									) }
								</td>
								<td>{ ageText( post.ageDays ) }</td>
								<td>{ post.words }</td>
								<td>{ post.linksIn }</td>
								<td>{ post.linksOut }</td>
								<td>{ post.opportunity.toFixed( 1 ) }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			{ last > 1 && (
				<p className="postwright-pager">
					<Button variant="secondary" disabled={ data.page <= 1 } onClick={ () => setPage( data.page - 1 ) }>
						{ __( 'Previous', 'postwright' ) }
					</Button>{ ' ' }
					{ sprintf(
						/* translators: 1: this page, 2: the last page, 3: how many posts in all. */
						__( 'Page %1$d of %2$d (%3$d posts)', 'postwright' ),
						data.page,
						last,
						data.total
					) }{ ' ' }
					<Button variant="secondary" disabled={ data.page >= last } onClick={ () => setPage( data.page + 1 ) }>
						{ __( 'Next', 'postwright' ) }
					</Button>
				</p>
			) }
		</div>
	);
}
