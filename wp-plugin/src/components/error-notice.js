import { Notice, ExternalLink } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** An error from the server, with the upgrade link when the plan's posts are used up. */
export default function ErrorNotice( { error, onRemove } ) {
	if ( ! error ) {
		return null;
	}
	return (
		<Notice status="error" onRemove={ onRemove } isDismissible={ !! onRemove }>
			{ error.message }{ ' ' }
			{ error.upgradeUrl && (
				<ExternalLink href={ error.upgradeUrl }>
					{ __( 'Upgrade your plan', 'postwright' ) }
				</ExternalLink>
			) }
		</Notice>
	);
}
