import { FormFileUpload } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * A chosen file's text.
 *
 * @param {File} file The file.
 * @return {Promise<string>} Its text.
 */
function readText( file ) {
	return new Promise( ( resolve, reject ) => {
		const reader = new window.FileReader();
		reader.onload = () => resolve( String( reader.result ) );
		reader.onerror = () => reject( { message: __( 'The file could not be read. Choose it again.', 'postwright' ) } );
		reader.readAsText( file );
	} );
}

/** Import titles from a CSV file (all or nothing: a refused file lists the lines to fix). */
export default function ImportCsv( { busy, onImport } ) {
	return (
		<div className="postwright-import">
			<h3>{ __( 'Import titles from a CSV file', 'postwright' ) }</h3>
			<p className="description">
				{ __( 'A header row with title and keywords (keywords separated by ; or |), and optionally notes and date (YYYY-MM-DD). Nothing is imported if a row needs fixing.', 'postwright' ) }
			</p>
			<FormFileUpload
				__next40pxDefaultSize
				accept=".csv,text/csv"
				variant="secondary"
				disabled={ busy }
				onChange={ async ( event ) => {
					const input = event.currentTarget;
					const file = input.files?.[ 0 ];
					if ( file ) {
						await onImport( await readText( file ) );
					}
					// The same file can be chosen again once fixed.
					input.value = '';
				} }
			>
				{ __( 'Choose a CSV file', 'postwright' ) }
			</FormFileUpload>
		</div>
	);
}
