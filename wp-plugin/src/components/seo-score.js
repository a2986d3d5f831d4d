import { Panel, PanelBody, VisuallyHidden } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { seoRating } from '@postwright/core/contracts/seo-rating';
import './seo-score.scss';

const STATUS_LABELS = {
	pass: __( 'Passed', 'postwright' ),
	warn: __( 'Could be better', 'postwright' ),
	fail: __( 'Failed', 'postwright' ),
};

// The score's bands are the core's (shared with the site and the Shopify app); only the words are translated here.
const RATING_LABELS = {
	Excellent: __( 'Excellent', 'postwright' ),
	Good: __( 'Good', 'postwright' ),
	Fair: __( 'Fair', 'postwright' ),
	'Needs Improvement': __( 'Needs improvement', 'postwright' ),
};

const GROUPS = [
	/* translators: %d: number of checks. */
	{ status: 'fail', title: __( 'Problems (%d)', 'postwright' ), open: true },
	/* translators: %d: number of checks. */
	{ status: 'warn', title: __( 'Improvements (%d)', 'postwright' ), open: true },
	/* translators: %d: number of checks. */
	{ status: 'pass', title: __( 'Good results (%d)', 'postwright' ), open: false },
];

/** The checks of one status, each with its coloured marker, label and advice. */
function CheckList( { checks } ) {
	return (
		<ul className="postwright-seo__checks">
			{ checks.map( ( check ) => (
				<li key={ check.id } className={ `postwright-seo__check is-${ check.status }` }>
					<span className="postwright-seo__dot" aria-hidden="true" />
					<span>
						<strong>{ check.label }</strong>
						<VisuallyHidden> ({ STATUS_LABELS[ check.status ] ?? check.status })</VisuallyHidden>
						{ check.message ? (
							<span className="postwright-seo__message">{ check.message }</span>
						) : null }
					</span>
				</li>
			) ) }
		</ul>
	);
}

/**
 * The SEO score with a traffic-light badge, and the checks grouped as Yoast and Rank Math group them: problems first
 * (open), then improvements (open), then the good results (collapsed).
 */
export default function SeoScore( { score, checks = [] } ) {
	if ( score === undefined || score === null ) {
		return null;
	}
	const rating = seoRating( score );
	const groups = GROUPS.map( ( group ) => ( {
		...group,
		checks: checks.filter( ( check ) => check.status === group.status ),
	} ) ).filter( ( group ) => group.checks.length > 0 );
	return (
		<div className="postwright-seo">
			<p className={ `postwright-seo__score is-${ rating.tone }` }>
				<span className="postwright-seo__badge" aria-hidden="true">
					{ score }
				</span>
				<strong>
					{ sprintf(
						/* translators: %d: SEO score out of 100. */
						__( 'SEO score: %d/100', 'postwright' ),
						score
					) }
				</strong>
				<span className="postwright-seo__rating">
					{ RATING_LABELS[ rating.label ] ?? rating.label }
				</span>
			</p>
			{ groups.length > 0 && (
				<Panel className="postwright-seo__groups">
					{ groups.map( ( group ) => (
						<PanelBody
							key={ group.status }
							className={ `postwright-seo__group is-${ group.status }` }
							title={ sprintf( group.title, group.checks.length ) }
							initialOpen={ group.open }
						>
							<CheckList checks={ group.checks } />
						</PanelBody>
					) ) }
				</Panel>
			) }
		</div>
	);
}
