/**
 * How close the post, as it stands, reads to this site's voice ("Brand voice" on the service): a measured distance of
 * its common words, sentence lengths, person and spelling, shown beside the SEO score. Nothing without a voice.
 */
import { __, sprintf } from '@wordpress/i18n';

export default function VoiceMatch( { voiceMatch } ) {
	if ( ! voiceMatch ) {
		return null;
	}
	return (
		<div className="postwright-voice-match">
			<p>
				<strong>
					{ sprintf(
						/* translators: %d: how close the post reads to the site's voice, out of 100. */
						__( 'Brand voice match: %d/100', 'postwright' ),
						voiceMatch.match
					) }
				</strong>
			</p>
			<p className="description">
				{ __(
					"Measured against your site's voice: common words, sentence length, person and spelling.",
					'postwright'
				) }
			</p>
		</div>
	);
}
