import { RawHTML, useMemo } from '@wordpress/element';

// What a post's body may hold in the preview: text structure, links, images, tables. Anything else (scripts, styles,
// frames, forms, event handlers, inline styles) is dropped, so the preview runs nothing and needs no sandboxed frame.
const ALLOWED_TAGS = new Set(
	(
		'p h1 h2 h3 h4 h5 h6 ul ol li a strong b em i u s code pre blockquote figure figcaption img br hr table ' +
		'thead tbody tfoot tr th td caption span div sup sub mark small cite abbr dl dt dd'
	).split( ' ' )
);
const DROPPED_WITH_CONTENT = new Set(
	(
		'script style iframe object embed form input button select textarea noscript template link meta base svg ' +
		'math frame frameset'
	).split( ' ' )
);
const ALLOWED_ATTRIBUTES = new Set( [
	'href',
	'src',
	'alt',
	'title',
	'width',
	'height',
	'colspan',
	'rowspan',
	'scope',
] );
const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/))/i;

/**
 * Keeps only the allowed elements and attributes under a node.
 *
 * @param {Element} node The node to clean.
 */
function clean( node ) {
	for ( const child of Array.from( node.childNodes ) ) {
		if ( child.nodeType === 3 ) {
			continue;
		}
		if ( child.nodeType !== 1 ) {
			child.remove();
			continue;
		}
		const tag = child.tagName.toLowerCase();
		if ( DROPPED_WITH_CONTENT.has( tag ) ) {
			child.remove();
			continue;
		}
		clean( child );
		if ( ! ALLOWED_TAGS.has( tag ) ) {
			// Unknown wrappers keep their text.
			child.replaceWith( ...Array.from( child.childNodes ) );
			continue;
		}
		for ( const attribute of Array.from( child.attributes ) ) {
			const name = attribute.name.toLowerCase();
			const isUrl = name === 'href' || name === 'src';
			if ( ! ALLOWED_ATTRIBUTES.has( name ) || ( isUrl && ! SAFE_URL.test( attribute.value.trim() ) ) ) {
				child.removeAttribute( attribute.name );
			}
		}
		if ( tag === 'a' && child.getAttribute( 'href' ) ) {
			child.setAttribute( 'target', '_blank' );
			child.setAttribute( 'rel', 'noopener noreferrer' );
		}
	}
}

/**
 * A post's HTML with only what the preview may show.
 *
 * @param {string} html The post's body.
 * @return {string} Sanitized HTML.
 */
export function sanitizePreviewHtml( html ) {
	const doc = new window.DOMParser().parseFromString( `<body>${ html ?? '' }</body>`, 'text/html' );
	clean( doc.body );
	return doc.body.innerHTML;
}

/** The post as a reader sees it: its title and body, typeset like a post on the site. */
export default function ContentPreview( { title, html, label } ) {
	const safe = useMemo( () => sanitizePreviewHtml( html ), [ html ] );
	return (
		// Scrolls within its own height: reachable with the keyboard.
		<article className="postwright-preview" aria-label={ label } tabIndex={ 0 }>
			{ title && <h1 className="postwright-preview__title">{ title }</h1> }
			<RawHTML className="postwright-preview__body">{ safe }</RawHTML>
		</article>
	);
}
