import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** Pause or resume the plan (or, when the account cannot run it, the way to upgrade), change its settings, delete it. */
export function PlanActions( { plan, paused, busy, upgradeUrl, onPause, onEdit, onDelete } ) {
	return (
		<div className="postwright-actions">
			{ paused && plan.canResume === false ? (
				// The account's plan cannot run it (no scheduling): Resume would be refused, the upgrade is the way on.
				upgradeUrl && (
					<Button variant="primary" href={ upgradeUrl } target="_blank" rel="noreferrer">
						{ __( 'Upgrade your plan', 'postwright' ) }
					</Button>
				)
			) : (
				<Button variant="secondary" disabled={ busy } onClick={ onPause }>
					{ paused ? __( 'Resume plan', 'postwright' ) : __( 'Pause plan', 'postwright' ) }
				</Button>
			) }
			<Button variant="secondary" disabled={ busy } onClick={ onEdit }>
				{ __( 'Change settings', 'postwright' ) }
			</Button>
			<Button variant="secondary" isDestructive disabled={ busy } onClick={ onDelete }>
				{ __( 'Delete plan', 'postwright' ) }
			</Button>
		</div>
	);
}

/** The question before a plan is deleted, with what deleting it does. */
export function ConfirmDelete( { busy, onConfirm, onKeep } ) {
	return (
		<Notice status="warning" isDismissible={ false }>
			{ __( 'Delete this plan and its titles? Approved drafts will not be published; posts already written stay in Postwright.', 'postwright' ) }
			<div className="postwright-actions">
				<Button variant="primary" isDestructive disabled={ busy } onClick={ onConfirm }>
					{ __( 'Yes, delete the plan', 'postwright' ) }
				</Button>
				<Button variant="tertiary" onClick={ onKeep }>
					{ __( 'Keep it', 'postwright' ) }
				</Button>
			</div>
		</Notice>
	);
}
