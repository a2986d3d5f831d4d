import {
	Button,
	Card,
	CardBody,
	CardHeader,
	ExternalLink,
	Notice,
	Panel,
	PanelBody,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import SiteIndexStatus from './site-index-status';

/**
 * Connection status and posts left; for administrators also the account's email and plan, connect/disconnect and the
 * service address (the plugin sends account details only to those who manage the connection).
 */
export default function ConnectionPanel( { status, onChange, redirect } ) {
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ serviceUrl, setServiceUrl ] = useState( status.serviceUrl );
	// The address was saved: said beside the button that saved it.
	const [ saved, setSaved ] = useState( false );
	const [ saveError, setSaveError ] = useState( null );

	const run = async ( action ) => {
		setBusy( true );
		setError( null );
		try {
			await action();
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	const usage = status.account?.usage;
	return (
		<Card className="postwright-connection">
			<CardHeader>
				<h2>{ __( 'Connection', 'postwright' ) }</h2>
			</CardHeader>
			<CardBody>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				{ status.error && (
					<ErrorNotice error={ status.error } />
				) }
				{ status.connected ? (
					<>
						<p>
							{ status.account?.email
								? sprintf(
										/* translators: %s: the Postwright account's email address. */
										__( 'Connected to Postwright as %s.', 'postwright' ),
										status.account.email
								  )
								: __( 'This site is connected to Postwright.', 'postwright' ) }
						</p>
						{ status.site?.name && (
							<p className="postwright-site-name">
								{ sprintf(
									/* translators: %s: this site's name as Postwright shows it. */
									__( 'Postwright shows this site as “%s”.', 'postwright' ),
									status.site.name
								) }
							</p>
						) }
						{ status.account?.plan && (
							<p>
								{ sprintf(
									/* translators: %s: plan name. */
									__( 'Plan: %s', 'postwright' ),
									status.account.plan.name
								) }
							</p>
						) }
						{ usage && (
							<p className="postwright-usage">
								{ usage.postsLimit === null
									? __( 'Unlimited posts this month.', 'postwright' )
									: sprintf(
											/* translators: 1: posts left, 2: posts in the plan each month. */
											__( 'Posts left this month: %1$d of %2$d', 'postwright' ),
											usage.postsLeft,
											usage.postsLimit
									  ) }
							</p>
						) }
						<SiteIndexStatus canRefresh={ status.canManage } />
						{ status.upgradeUrl && (
							<ExternalLink href={ status.upgradeUrl }>
								{ __( 'Change plan', 'postwright' ) }
							</ExternalLink>
						) }
						{ status.canManage && (
							<p>
								<Button
									variant="secondary"
									isDestructive
									isBusy={ busy }
									disabled={ busy }
									onClick={ () =>
										run( async () => {
											await api.disconnect();
											await onChange();
										} )
									}
								>
									{ __( 'Disconnect', 'postwright' ) }
								</Button>
							</p>
						) }
					</>
				) : (
					<>
						<p>{ __( 'This site is not connected to Postwright.', 'postwright' ) }</p>
						{ status.canManage ? (
							<Button
								variant="primary"
								isBusy={ busy }
								disabled={ busy }
								onClick={ () =>
									run( async () => {
										const { url } = await api.connect();
										redirect( url );
									} )
								}
							>
								{ __( 'Connect to Postwright', 'postwright' ) }
							</Button>
						) : (
							<p>
								{ __( 'Ask an administrator of this site to connect it to Postwright.', 'postwright' ) }
							</p>
						) }
					</>
				) }
				{ status.canManage && (
					// Rarely changed (a self-hosted or test service): out of the way, as WordPress keeps its own.
					<Panel className="postwright-advanced">
						<PanelBody title={ __( 'Advanced', 'postwright' ) } initialOpen={ false }>
							<form
								className="postwright-settings"
								onSubmit={ async ( event ) => {
									event.preventDefault();
									setSaved( false );
									setSaveError( null );
									setBusy( true );
									try {
										await api.saveSettings( serviceUrl );
										setSaved( true );
										await onChange();
									} catch ( caught ) {
										setSaveError( api.errorOf( caught ) );
									} finally {
										setBusy( false );
									}
								} }
							>
								<TextControl
									__nextHasNoMarginBottom
									__next40pxDefaultSize
									label={ __( 'Postwright service address', 'postwright' ) }
									help={ __(
										'Change it only if Postwright asked you to: the site then talks to that service.',
										'postwright'
									) }
									type="url"
									value={ serviceUrl }
									onChange={ ( value ) => {
										setSaved( false );
										setServiceUrl( value );
									} }
								/>
								<Button variant="secondary" type="submit" disabled={ busy }>
									{ __( 'Save address', 'postwright' ) }
								</Button>
								<ErrorNotice error={ saveError } onRemove={ () => setSaveError( null ) } />
								{ saved && (
									<Notice status="success" onRemove={ () => setSaved( false ) }>
										{ __( 'Service address saved.', 'postwright' ) }
									</Notice>
								) }
							</form>
						</PanelBody>
					</Panel>
				) }
			</CardBody>
		</Card>
	);
}
