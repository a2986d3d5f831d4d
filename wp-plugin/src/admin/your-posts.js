import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import RefreshPost from './refresh-post';
import SearchConsoleCard from './search-console-card';

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

/** A Search Console figure with its change on the 28 days before ("120 (▼ 50 fewer)"); a dash when unknown. */
export function figureText( now, before, position = false ) {
	if ( now === null || now === undefined ) {
		return '—';
	}
	const shown = position ? now.toFixed( 1 ) : now.toLocaleString();
	if ( before === null || before === undefined ) {
		return shown;
	}
	const change = position ? before - now : now - before;
	const rounded = position ? Math.round( Math.abs( change ) * 10 ) / 10 : Math.abs( change );
	if ( rounded === 0 ) {
		return shown;
	}
	const words = position
		? sprintf(
				/* translators: %s: how many places. */
				change < 0 ? __( '%s lower', 'postwright' ) : __( '%s higher', 'postwright' ),
				rounded
		  )
		: sprintf(
				/* translators: %s: a number. */
				change < 0 ? __( '%s fewer', 'postwright' ) : __( '%s more', 'postwright' ),
				rounded.toLocaleString()
		  );
	return `${ shown } (${ change < 0 ? '▼' : '▲' } ${ words })`;
}

/** The refresh named in the page's address (admin.php?page=postwright-your-posts&refresh=12), or null. */
export function refreshInAddress( search = window.location.search ) {
	const id = new URLSearchParams( search ).get( 'refresh' );
	return /^[1-9][0-9]{0,9}$/.test( id ?? '' ) ? Number( id ) : null;
}

/** The address of a refresh on the Your posts page, from any of the plugin's admin pages. */
export const refreshAddress = ( id ) => `admin.php?page=postwright-your-posts&refresh=${ encodeURIComponent( id ) }`;

/**
 * "Your posts": every published post of this site (whoever wrote it) as the service analysed it, most worth improving
 * first: its SEO score, the checks that failed in words, its age, length and links in and out. Read again every few
 * seconds while the service is reading the posts.
 */
export default function YourPosts( { timeZone, initialRefreshId = refreshInAddress() } ) {
	const [ page, setPage ] = useState( 1 );
	const [ data, setData ] = useState( null );
	const [ error, setError ] = useState( null );
	// The post being refreshed ({ post }), or a refresh opened by its id ({ refreshId }).
	const [ refreshing, setRefreshing ] = useState( initialRefreshId ? { refreshId: initialRefreshId } : null );
	const [ reloads, setReloads ] = useState( 0 );
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
	}, [ page, reloads ] );

	if ( refreshing ) {
		return (
			<RefreshPost
				post={ refreshing.post }
				refreshId={ refreshing.refreshId }
				onDone={ () => {
					setRefreshing( null );
					setReloads( reloads + 1 );
					// Back on the list, a reload of the page shows the list too.
					const address = new URL( window.location.href );
					if ( address.searchParams.has( 'refresh' ) ) {
						address.searchParams.delete( 'refresh' );
						window.history.replaceState( null, '', address.href );
					}
				} }
			/>
		);
	}
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
	const withSearch = data.posts.some( ( post ) => post.search !== null );
	return (
		<div className="postwright-your-posts">
			<p>
				{ __(
					'Every published post of this site, scored with the same SEO checks as the posts Postwright writes. The posts most worth improving come first: a low score, failed checks, no links from your other posts and time since the last update all raise a post’s opportunity.',
					'postwright'
				) }
			</p>
			<SearchConsoleCard timeZone={ timeZone } onChange={ () => setReloads( reloads + 1 ) } />
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
							{ withSearch && (
								<>
									<th scope="col">{ __( 'Clicks (28 days)', 'postwright' ) }</th>
									<th scope="col">{ __( 'Impressions (28 days)', 'postwright' ) }</th>
									<th scope="col">{ __( 'Position', 'postwright' ) }</th>
								</>
							) }
							<th scope="col">{ __( 'Opportunity', 'postwright' ) }</th>
							<th scope="col">
								<span className="screen-reader-text">{ __( 'Actions', 'postwright' ) }</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{ data.posts.map( ( post ) => (
							<tr key={ post.id }>
								<th scope="row">
									<a href={ post.url } target="_blank" rel="noreferrer">
										{ post.title || post.url }
									</a>
									{ post.refreshCandidate && (
										<p className="postwright-losing">
											<strong>{ __( 'Losing visitors', 'postwright' ) }</strong>
											{ post.refreshReason ? `: ${ post.refreshReason }` : '' }
										</p>
									) }
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
								{ withSearch && (
									<>
										<td>{ figureText( post.search?.clicks, post.search?.previousClicks ) }</td>
										<td>{ figureText( post.search?.impressions, post.search?.previousImpressions ) }</td>
										<td>{ figureText( post.search?.position, post.search?.previousPosition, true ) }</td>
									</>
								) }
								<td>{ post.opportunity.toFixed( 1 ) }</td>
								<td>
									<Button
										variant="secondary"
										onClick={ () => setRefreshing( { post } ) }
										aria-label={ sprintf(
											/* translators: %s: the post's title. */
											__( 'Refresh “%s”', 'postwright' ),
											post.title || post.url
										) }
									>
										{ __( 'Refresh', 'postwright' ) }
									</Button>
								</td>
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
