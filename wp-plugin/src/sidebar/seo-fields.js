/**
 * Fills the SEO title, meta description and focus keyphrase through the active SEO plugin's own editor store (so its
 * panel shows them and saves them), or the excerpt when no SEO plugin is active.
 *
 * @param {Function} dispatch  @wordpress/data dispatch.
 * @param {string}   seoPlugin yoast, rank-math, aioseo or ''.
 * @param {Object}   fields    seoTitle, metaDescription, focusKeyphrase.
 */
export default function fillSeoFields( dispatch, seoPlugin, fields ) {
	const { seoTitle, metaDescription, focusKeyphrase } = fields;
	if ( seoPlugin === 'yoast' ) {
		const yoast = dispatch( 'yoast-seo/editor' );
		if ( yoast ) {
			yoast.updateData( { title: seoTitle, description: metaDescription } );
			if ( focusKeyphrase ) {
				yoast.setFocusKeyword( focusKeyphrase );
			}
			return 'yoast';
		}
	}
	if ( seoPlugin === 'rank-math' ) {
		const rankMath = dispatch( 'rank-math' );
		if ( rankMath ) {
			rankMath.updateTitle( seoTitle );
			rankMath.updateDescription( metaDescription );
			if ( focusKeyphrase ) {
				rankMath.updateKeywords( focusKeyphrase );
			}
			return 'rank-math';
		}
	}
	dispatch( 'core/editor' ).editPost( { excerpt: metaDescription } );
	return 'excerpt';
}
