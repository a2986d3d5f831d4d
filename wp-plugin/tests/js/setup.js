// Screen tests read what a person sees. WordPress also speaks notices through its own hidden live regions
// (`@wordpress/a11y`), which keep a copy of the last message across renders; queries leave those copies out so a
// message is found once, where it is shown.
import { configure } from '@testing-library/react';

configure( { defaultIgnore: 'script, style, .a11y-speak-region' } );

// jsdom lays nothing out and has no scrollIntoView; WordPress's suggestion lists call it on the highlighted option.
if ( ! globalThis.HTMLElement.prototype.scrollIntoView ) {
	globalThis.HTMLElement.prototype.scrollIntoView = () => {};
}
