import { createRoot } from '@wordpress/element';
import AdminApp from './admin/admin-app';
import './admin/admin.scss';

const root = document.getElementById( 'postwright-admin-root' );
if ( root ) {
	createRoot( root ).render( <AdminApp initial={ window.postwrightAdmin ?? {} } /> );
}
