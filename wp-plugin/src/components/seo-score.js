import { __, sprintf } from '@wordpress/i18n';

const STATUS_LABELS = {
	pass: __( 'Passed', 'postwright' ),
	warn: __( 'Could be better', 'postwright' ),
	fail: __( 'Failed', 'postwright' ),
};

/** The SEO score and every check, as the service's analyser returned them. */
export default function SeoScore( { score, checks = [] } ) {
	if ( score === undefined || score === null ) {
		return null;
	}
	return (
		<div className="postwright-seo">
			<p className="postwright-seo__score">
				<strong>
					{ sprintf(
						/* translators: %d: SEO score out of 100. */
						__( 'SEO score: %d/100', 'postwright' ),
						score
					) }
				</strong>
			</p>
			<ul className="postwright-seo__checks">
				{ checks.map( ( check ) => (
					<li
						key={ check.id }
						className={ `postwright-seo__check is-${ check.status }` }
					>
						<strong>{ check.label }</strong>{ ' ' }
						<span>({ STATUS_LABELS[ check.status ] ?? check.status })</span>
						{ check.message ? `: ${ check.message }` : '' }
					</li>
				) ) }
			</ul>
		</div>
	);
}
