import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** On a post the service's offline writer drafted (no AI model configured there): the same words as the site's. */
export default function OfflineDraftNotice() {
	return (
		<Notice status="warning" isDismissible={ false } className="postwright-offline-draft">
			<strong>{ __( 'Written without an AI model', 'postwright' ) }</strong>{ ' ' }
			{ __(
				'No AI model is configured on the Postwright service, so its built-in offline writer drafted this post from your title and keywords. Review and edit it before publishing.',
				'postwright'
			) }
		</Notice>
	);
}
