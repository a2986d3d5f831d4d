import { ExternalLink, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import ErrorNotice from '../components/error-notice';
import { cadenceText } from './autopilot-format';

/** What the last change did or why it failed (with the lines of a refused file to fix), and why the plan waits. */
export function PlanNotices( { plan, paused, upgradeUrl, error, onErrorRemove, notice, onNoticeRemove } ) {
	return (
		<>
			<ErrorNotice error={ error } onRemove={ onErrorRemove } />
			{ error?.problems?.length > 0 && (
				<ul className="postwright-problems" aria-label={ __( 'Lines to fix', 'postwright' ) }>
					{ error.problems.map( ( problem ) => (
						<li key={ `${ problem.line }-${ problem.reason }` }>
							{ sprintf(
								/* translators: 1: line number, 2: what is wrong. */
								__( 'Line %1$d: %2$s', 'postwright' ),
								problem.line,
								problem.reason
							) }
						</li>
					) ) }
				</ul>
			) }
			{ notice && (
				<Notice status="success" onRemove={ onNoticeRemove }>
					{ notice }
				</Notice>
			) }
			{ paused && (
				<Notice status="warning" isDismissible={ false }>
					{ plan.pausedReason ?? __( 'This plan is paused: nothing is written or published until you resume it.', 'postwright' ) }{ ' ' }
					{ plan.needsUpgrade && upgradeUrl && (
						<ExternalLink href={ upgradeUrl }>{ __( 'Upgrade your plan', 'postwright' ) }</ExternalLink>
					) }
				</Notice>
			) }
			{ plan.delayNotice && (
				<Notice status="warning" isDismissible={ false }>
					<strong>{ __( 'Preparation is delayed.', 'postwright' ) }</strong> { plan.delayNotice }
				</Notice>
			) }
		</>
	);
}

/**
 * The plan's settings in words: its status, when it publishes, whether drafts wait for approval, how many ahead, and
 * whether it proposes refreshes of the site's posts.
 */
export function PlanFacts( { plan, paused } ) {
	return (
		<dl className="postwright-plan__facts">
			<dt>{ __( 'Status', 'postwright' ) }</dt>
			<dd>{ paused ? __( 'Paused', 'postwright' ) : __( 'Active', 'postwright' ) }</dd>
			<dt>{ __( 'Publishes', 'postwright' ) }</dt>
			<dd>{ cadenceText( plan.cadence ) }</dd>
			<dt>{ __( 'Drafts', 'postwright' ) }</dt>
			<dd>
				{ plan.mode === 'auto'
					? __( 'Published automatically, without review', 'postwright' )
					: __( 'Wait for your approval', 'postwright' ) }
			</dd>
			<dt>{ __( 'Posts prepared ahead', 'postwright' ) }</dt>
			<dd>{ plan.postsAhead }</dd>
			<dt>{ __( 'Refreshes', 'postwright' ) }</dt>
			<dd>
				{ plan.queueRefreshes
					? __( 'Proposed for your review, at most one a week', 'postwright' )
					: __( 'Not proposed', 'postwright' ) }
			</dd>
		</dl>
	);
}
