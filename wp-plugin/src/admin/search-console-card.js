import { Button, Card, CardBody, CardHeader, Notice, SelectControl, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import { formatZonedTime } from './schedule-time';

/** What Google's answer said, as the service sent the browser back to this page (?search_console=...). */
export function connectOutcome( search ) {
	const query = new URLSearchParams( search );
	if ( query.get( 'search_console' ) === 'connected' ) {
		return { status: 'success', message: __( 'Search Console is connected. Its figures are read now.', 'postwright' ) };
	}
	const error = query.get( 'search_console_error' );
	return error ? { status: 'error', message: error } : null;
}

const number = ( value ) => ( value ?? 0 ).toLocaleString();

/** The ideas of Search Console's queries, each with "Add to plan" into one of this site's content plans. */
function Ideas() {
	const [ ideas, setIdeas ] = useState( null );
	const [ plans, setPlans ] = useState( [] );
	const [ planId, setPlanId ] = useState( '' );
	const [ added, setAdded ] = useState( [] );
	const [ error, setError ] = useState( null );

	useEffect( () => {
		Promise.all( [ api.getSearchConsoleIdeas(), api.listPlans().catch( () => ( { plans: [] } ) ) ] )
			.then( ( [ answer, list ] ) => {
				setIdeas( answer.ideas );
				setPlans( list.plans ?? [] );
				setPlanId( String( list.plans?.[ 0 ]?.id ?? '' ) );
			} )
			.catch( ( caught ) => setError( api.errorOf( caught ) ) );
	}, [] );

	const add = async ( idea ) => {
		setError( null );
		try {
			await api.addPlanItems( planId, [ { title: idea.title, keywords: idea.keywords, notes: idea.notes } ] );
			setAdded( [ ...added, idea.query ] );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		}
	};

	if ( ! ideas ) {
		return error ? <ErrorNotice error={ error } /> : <Spinner />;
	}
	if ( ideas.length === 0 ) {
		return (
			<p>{ __( 'No ideas yet: no query people see your site for is left unanswered by your posts.', 'postwright' ) }</p>
		);
	}
	return (
		<>
			<h3>{ __( 'Ideas from what people search for', 'postwright' ) }</h3>
			<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
			{ plans.length > 0 ? (
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Add ideas to the plan', 'postwright' ) }
					value={ planId }
					options={ plans.map( ( plan ) => ( { value: String( plan.id ), label: plan.name } ) ) }
					onChange={ setPlanId }
				/>
			) : (
				<p>{ __( 'Create a content plan on the Autopilot tab to add these ideas to it.', 'postwright' ) }</p>
			) }
			<ul className="postwright-search-ideas">
				{ ideas.map( ( idea ) => (
					<li key={ idea.query }>
						<strong>{ idea.title }</strong>{ ' ' }
						{ sprintf(
							/* translators: 1: impressions, 2: clicks, over the last 28 days. */
							__( '%1$s impressions, %2$s clicks in 28 days', 'postwright' ),
							number( idea.impressions ),
							number( idea.clicks )
						) }{ ' ' }
						{ added.includes( idea.query ) ? (
							<span role="status">{ __( 'Added to the plan', 'postwright' ) }</span>
						) : (
							plans.length > 0 && (
								<Button
									variant="secondary"
									size="small"
									onClick={ () => add( idea ) }
									aria-label={ sprintf(
										/* translators: %s: the idea's title. */
										__( 'Add “%s” to the plan', 'postwright' ),
										idea.title
									) }
								>
									{ __( 'Add to plan', 'postwright' ) }
								</Button>
							)
						) }
					</li>
				) ) }
			</ul>
		</>
	);
}

/**
 * Search Console for this site: connect a Google account (Google's consent screen opens in place of this page, and
 * Google's answer comes back here), choose the property read for the site, see when it was read, disconnect, and the
 * ideas its queries give. The figures themselves are shown per post in the table below. When the figures were read
 * shows in the site's time zone (Settings > General), with its offset, as the plugin's other times.
 */
export default function SearchConsoleCard( {
	timeZone,
	onChange,
	navigate = ( url ) => window.location.assign( url ),
} ) {
	const [ status, setStatus ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ outcome, setOutcome ] = useState( () => connectOutcome( window.location.search ) );

	useEffect( () => {
		api.getSearchConsole()
			.then( setStatus )
			.catch( ( caught ) => setError( api.errorOf( caught ) ) );
	}, [] );

	const run = async ( work ) => {
		setBusy( true );
		setError( null );
		try {
			const next = await work();
			setStatus( next );
			onChange?.();
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	const connect = async () => {
		setBusy( true );
		setError( null );
		try {
			const { authorizeUrl } = await api.connectSearchConsole();
			// Google's consent screen cannot be shown in a frame: the whole page goes there, and comes back here.
			navigate( authorizeUrl );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setBusy( false );
		}
	};

	const connection = status?.connection;
	return (
		<Card className="postwright-search-console">
			<CardHeader>
				<h2>{ __( 'Search Console', 'postwright' ) }</h2>
			</CardHeader>
			<CardBody>
				{ outcome && (
					<Notice status={ outcome.status } onRemove={ () => setOutcome( null ) }>
						{ outcome.message }
					</Notice>
				) }
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				{ ! status && ! error && <Spinner /> }
				{ status && ! status.configured && ! connection && (
					<p>{ __( 'Search Console is not set up on the Postwright service this site uses.', 'postwright' ) }</p>
				) }
				{ status?.configured && ! connection && (
					<>
						<p>
							{ __(
								'Connect Google Search Console to see the clicks, impressions and position of each post over the last 28 days against the 28 before, which posts are losing visitors, and what people search for that no post answers yet. Postwright only reads it. Be signed in to your Postwright account in this browser: Google asks you to allow read-only access, then brings you back here.',
								'postwright'
							) }
						</p>
						<Button variant="primary" isBusy={ busy } disabled={ busy } onClick={ connect }>
							{ __( 'Connect Search Console', 'postwright' ) }
						</Button>
					</>
				) }
				{ connection && (
					<>
						{ connection.state === 'off' && (
							<Notice status="warning" isDismissible={ false }>
								{ __(
									'This site is turned off in your Postwright account, so Search Console is not read. Turn it on to read it again.',
									'postwright'
								) }
							</Notice>
						) }
						{ connection.error && (
							<Notice status="warning" isDismissible={ false }>
								{ connection.error }
							</Notice>
						) }
						{ connection.state === 'reconnect' && (
							<Button variant="primary" isBusy={ busy } disabled={ busy } onClick={ connect }>
								{ __( 'Reconnect Search Console', 'postwright' ) }
							</Button>
						) }
						{ connection.properties.length > 0 && (
							<SelectControl
								__nextHasNoMarginBottom
								__next40pxDefaultSize
								label={ __( 'Search Console property read for this site', 'postwright' ) }
								value={ connection.property ?? '' }
								disabled={ busy }
								options={ [
									...( connection.property
										? []
										: [ { value: '', label: __( 'Choose a property…', 'postwright' ), disabled: true } ] ),
									...connection.properties.map( ( property ) => ( {
										value: property.siteUrl,
										label: property.siteUrl,
									} ) ),
								] }
								onChange={ ( siteUrl ) =>
									siteUrl && run( () => api.chooseSearchConsoleProperty( siteUrl ) )
								}
							/>
						) }
						<p role="status">
							{ connection.reading === 'queued' || connection.reading === 'reading'
								? __( 'Reading the figures from Search Console…', 'postwright' )
								: connection.readAt
								? sprintf(
										/* translators: %s: date and time of the last read. */
										__( 'Figures read %s.', 'postwright' ),
										formatZonedTime( connection.readAt, timeZone || 'UTC' )
								  )
								: null }
						</p>
						<Button
							variant="secondary"
							isDestructive
							disabled={ busy }
							onClick={ () => run( () => api.disconnectSearchConsole() ) }
						>
							{ __( 'Disconnect Search Console', 'postwright' ) }
						</Button>
						{ connection.property && <Ideas /> }
					</>
				) }
			</CardBody>
		</Card>
	);
}
