import { registerPlugin } from '@wordpress/plugins';
import Sidebar from './sidebar/sidebar';

registerPlugin( 'postwright', {
	render: () => <Sidebar settings={ window.postwrightEditor ?? {} } />,
} );
