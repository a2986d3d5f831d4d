/**
 * The one module the plugin's screens use to reach the server: WordPress's apiFetch (which adds the REST root and the
 * wp_rest nonce), limited to the plugin's own routes under postwright/v1.
 */
import apiFetch from '@wordpress/api-fetch';

const NAMESPACE = '/postwright/v1';

function call( path, options = {} ) {
	return apiFetch( { path: NAMESPACE + path, ...options } );
}

export const getStatus = () => call( '/status' );
export const connect = () => call( '/connect', { method: 'POST' } );
export const disconnect = () => call( '/disconnect', { method: 'POST' } );
export const saveSettings = ( serviceUrl ) =>
	call( '/settings', { method: 'POST', data: { serviceUrl } } );
export const getSiteOptions = () => call( '/site-options' );
export const suggestTitles = ( data ) =>
	call( '/titles', { method: 'POST', data } );
export const startGeneration = ( data ) =>
	call( '/generations', { method: 'POST', data } );
export const getGeneration = ( id ) =>
	call( `/generations/${ encodeURIComponent( id ) }` );
export const updatePost = ( id, data ) =>
	call( `/posts/${ encodeURIComponent( id ) }`, { method: 'PATCH', data } );
export const analyzeSeo = ( data ) =>
	call( '/seo/analyze', { method: 'POST', data } );
export const publishPost = ( data ) =>
	call( '/publish', { method: 'POST', data } );
export const getPost = ( id ) => call( `/posts/${ encodeURIComponent( id ) }` );
// Scheduling goes through the service's scheduler, which publishes the post on this site at its time.
export const schedulePost = ( data ) =>
	call( '/schedule', { method: 'POST', data } );
export const cancelSchedule = ( postId ) =>
	call( `/schedule/${ encodeURIComponent( postId ) }`, { method: 'DELETE' } );

// The pages of this site new posts link to: the index's state in the service's words, and a new read.
export const getSiteIndex = () => call( '/site-index' );
// One page of this site's posts as the service analysed them ("Your posts"), most worth improving first.
export const searchStoreProducts = ( search ) =>
	call( `/store-products?search=${ encodeURIComponent( search ) }` );
export const getSitePosts = ( page = 1 ) =>
	call( `/site-posts?page=${ encodeURIComponent( page ) }` );
export const refreshSiteIndex = () =>
	call( '/site-index/refresh', { method: 'POST' } );

// Refreshing one of this site's posts: a proposal section by section, the scores of a choice, publishing the chosen
// changes in place and restoring the previous version.
const refresh = ( id ) => `/refreshes/${ encodeURIComponent( id ) }`;
export const proposeRefresh = ( sitePostId ) =>
	call( '/refreshes', { method: 'POST', data: { sitePostId } } );
export const getRefresh = ( id ) => call( refresh( id ) );
export const previewRefresh = ( id, itemIds ) =>
	call( `${ refresh( id ) }/preview`, { method: 'POST', data: { itemIds } } );
export const publishRefresh = ( id, itemIds ) =>
	call( `${ refresh( id ) }/publish`, { method: 'POST', data: { itemIds } } );
export const restoreRefresh = ( id ) =>
	call( `${ refresh( id ) }/restore`, { method: 'POST' } );

// Search Console for this site: its state, connecting (Google's consent screen), the property, and the ideas.
export const getSearchConsole = () => call( '/search-console' );
export const connectSearchConsole = () =>
	call( '/search-console/connect', { method: 'POST' } );
export const chooseSearchConsoleProperty = ( siteUrl ) =>
	call( '/search-console/property', { method: 'PUT', data: { siteUrl } } );
export const disconnectSearchConsole = () =>
	call( '/search-console', { method: 'DELETE' } );
export const getSearchConsoleIdeas = () => call( '/search-console/ideas' );

// This site's Brand voice: read from its posts, started from a preset ({ preset }), or edited ({ voice }).
export const getVoice = () => call( '/voice' );
export const deriveVoice = () => call( '/voice/derive', { method: 'POST' } );
export const saveVoice = ( data ) => call( '/voice', { method: 'PUT', data } );

// The autopilot: this site's content plans, kept and run by the service.
const plan = ( id ) => `/plans/${ encodeURIComponent( id ) }`;
const planItem = ( id, itemId ) =>
	`${ plan( id ) }/items/${ encodeURIComponent( itemId ) }`;
export const listPlans = () => call( '/plans' );
export const createPlan = ( data ) => call( '/plans', { method: 'POST', data } );
// A plan with one page of its titles (the service's first 50 unless a later page is asked for).
export const getPlan = ( id, page = 1 ) =>
	call( page > 1 ? `${ plan( id ) }?page=${ encodeURIComponent( page ) }` : plan( id ) );
export const updatePlan = ( id, data ) =>
	call( plan( id ), { method: 'PATCH', data } );
export const deletePlan = ( id ) => call( plan( id ), { method: 'DELETE' } );
export const addPlanItems = ( id, items ) =>
	call( `${ plan( id ) }/items`, { method: 'POST', data: { items } } );
export const importPlanCsv = ( id, csv ) =>
	call( `${ plan( id ) }/import`, { method: 'POST', data: { csv } } );
export const suggestPlanIdeas = ( id, data ) =>
	call( `${ plan( id ) }/ideas`, { method: 'POST', data } );
export const updatePlanItem = ( id, itemId, data ) =>
	call( planItem( id, itemId ), { method: 'PATCH', data } );
export const removePlanItem = ( id, itemId ) =>
	call( planItem( id, itemId ), { method: 'DELETE' } );
export const approvePlanItem = ( id, itemId ) =>
	call( `${ planItem( id, itemId ) }/approve`, { method: 'POST' } );
export const skipPlanItem = ( id, itemId ) =>
	call( `${ planItem( id, itemId ) }/skip`, { method: 'POST' } );
export const movePlanItem = ( id, itemId, direction ) =>
	call( `${ planItem( id, itemId ) }/move`, {
		method: 'POST',
		data: { direction },
	} );

/** Stages of a generation, in order, with the words shown to people. */
export const STAGES = [ 'queued', 'planning', 'writing', 'reviewing', 'done' ];

/**
 * Polls a generation until it is done or failed: every second by default, so that each part of the post the service
 * has written is on screen within about a second (the generation-screen benchmark measures it).
 *
 * @param {string}   id         Generation id.
 * @param {Function} onProgress Called with each answer.
 * @param {Object}   options    intervalMs, wait (for tests), signal ({ cancelled }).
 * @return {Promise<Object>} The finished generation (stage done) or throws { message }.
 */
export async function waitForGeneration( id, onProgress, options = {} ) {
	const intervalMs = options.intervalMs ?? 1000;
	const wait =
		options.wait ??
		( ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) ) );
	for ( ;; ) {
		const generation = await getGeneration( id );
		if ( options.signal?.cancelled ) {
			return generation;
		}
		onProgress( generation );
		if ( generation.stage === 'done' ) {
			return generation;
		}
		if ( generation.stage === 'failed' ) {
			throw {
				message:
					generation.error?.message ||
					'Postwright could not write this post. Try again.',
			};
		}
		await wait( intervalMs );
	}
}

/**
 * The message of an apiFetch error (WP_Error), with the upgrade link when the plan's posts are used up, each field's
 * own message when WordPress refused the arguments, and the bad lines of a refused CSV file.
 */
export function errorOf( error ) {
	const params = Object.values( error?.data?.params ?? {} ).filter(
		( value ) => typeof value === 'string'
	);
	return {
		message:
			( error?.code === 'rest_invalid_param' && params.length
				? params.join( ' ' )
				: error?.message ) ||
			'Something went wrong. Reload the page and try again.',
		code: error?.code,
		status: error?.data?.status,
		upgradeUrl: error?.data?.upgradeUrl,
		problems: error?.data?.problems ?? [],
	};
}
