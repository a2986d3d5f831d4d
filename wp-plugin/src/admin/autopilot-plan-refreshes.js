import { __, sprintf } from '@wordpress/i18n';
import { slotText } from './autopilot-format';
import { refreshAddress } from './your-posts';

const STATE_LABELS = {
	proposed: __( 'To review', 'postwright' ),
	publishing: __( 'Publishing', 'postwright' ),
	published: __( 'Published', 'postwright' ),
	restoring: __( 'Restoring', 'postwright' ),
	restored: __( 'Restored', 'postwright' ),
};

/**
 * The refreshes of this site's posts the plan proposed, newest first, each opened by its id on Your posts to review,
 * choose and publish. Nothing changes on the site until a refresh is published there.
 */
export default function PlanRefreshes( { plan } ) {
	const refreshes = plan.refreshes ?? [];
	if ( refreshes.length === 0 && ! plan.queueRefreshes ) {
		return null;
	}
	return (
		<section className="postwright-plan-refreshes" aria-labelledby="postwright-plan-refreshes-title">
			<h3 id="postwright-plan-refreshes-title">{ __( 'Refreshes', 'postwright' ) }</h3>
			{ refreshes.length === 0 ? (
				<p>{ __( 'No refresh proposed yet. The next one takes a free slot of the plan.', 'postwright' ) }</p>
			) : (
				<ul>
					{ refreshes.map( ( refresh ) => (
						<li key={ refresh.id }>
							<a href={ refreshAddress( refresh.id ) }>
								{ refresh.state === 'proposed'
									? sprintf(
											/* translators: %s: the post's title. */
											__( 'Review the refresh of “%s”', 'postwright' ),
											refresh.title
									  )
									: refresh.title }
							</a>{ ' ' }
							<span className="postwright-plan-refreshes__state">
								{ STATE_LABELS[ refresh.state ] ?? refresh.state }
							</span>
							{ refresh.slotAt && (
								<span className="postwright-plan-refreshes__slot">
									{ ' — ' }
									{ sprintf(
										/* translators: %s: the plan's slot, e.g. Mon, Mar 2, 09:00. */
										__( 'In the slot of %s', 'postwright' ),
										slotText( refresh.slotAt, plan.cadence.timeZone )
									) }
								</span>
							) }
						</li>
					) ) }
				</ul>
			) }
		</section>
	);
}
