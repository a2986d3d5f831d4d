import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	Spinner,
} from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import { cadenceText, defaultTimeZone, slotText } from './autopilot-format';
import PlanForm from './autopilot-plan-form';
import PlanView from './autopilot-plan';

/**
 * The Autopilot tab: this site's content plans (kept and run by the Postwright service, which writes a draft for each
 * title before its slot and publishes it here), a form to build one, and one plan at a time.
 */
export default function Autopilot( { canPublish, timeZone, upgradeUrl } ) {
	const [ plans, setPlans ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ creating, setCreating ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	const [ openId, setOpenId ] = useState( null );
	const [ notice, setNotice ] = useState( null );

	const load = useCallback( async () => {
		setError( null );
		try {
			setPlans( ( await api.listPlans() ).plans );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		}
	}, [] );

	useEffect( () => {
		load();
	}, [ load ] );

	const create = async ( data ) => {
		setBusy( true );
		setError( null );
		try {
			const plan = await api.createPlan( data );
			setCreating( false );
			setOpenId( plan.id );
			load();
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setBusy( false );
		}
	};

	if ( openId !== null ) {
		return (
			<PlanView
				id={ openId }
				canPublish={ canPublish }
				upgradeUrl={ upgradeUrl }
				onBack={ () => {
					setOpenId( null );
					load();
				} }
				onDeleted={ ( name ) => {
					setOpenId( null );
					setNotice(
						sprintf(
							/* translators: %s: plan name. */
							__( 'The plan “%s” was deleted.', 'postwright' ),
							name
						)
					);
					load();
				} }
			/>
		);
	}

	return (
		<Card className="postwright-autopilot">
			<CardHeader>
				<h2>{ __( 'Autopilot', 'postwright' ) }</h2>
			</CardHeader>
			<CardBody>
				<p>
					{ __(
						'A content plan publishes on the days and at the time you choose: Postwright writes a draft for each title a day before its slot, and publishes it on this site once you approve it (or by itself, for automatic plans).',
						'postwright'
					) }
				</p>
				{ notice && (
					<Notice status="success" onRemove={ () => setNotice( null ) }>
						{ notice }
					</Notice>
				) }
				<ErrorNotice error={ error } onRemove={ plans ? () => setError( null ) : undefined } />
				{ error && ! plans && (
					<Button variant="secondary" onClick={ load }>
						{ __( 'Try again', 'postwright' ) }
					</Button>
				) }
				{ ! plans && ! error && <Spinner /> }
				{ plans && plans.length === 0 && ! creating && (
					<p>{ __( 'No content plans yet. Create one to publish on a schedule.', 'postwright' ) }</p>
				) }
				{ plans && plans.length > 0 && (
					<table className="widefat striped postwright-plans">
						<caption className="screen-reader-text">
							{ __( 'Content plans', 'postwright' ) }
						</caption>
						<thead>
							<tr>
								<th scope="col">{ __( 'Plan', 'postwright' ) }</th>
								<th scope="col">{ __( 'Publishes', 'postwright' ) }</th>
								<th scope="col">{ __( 'Status', 'postwright' ) }</th>
								<th scope="col">{ __( 'Next post', 'postwright' ) }</th>
								<th scope="col">{ __( 'To review', 'postwright' ) }</th>
							</tr>
						</thead>
						<tbody>
							{ plans.map( ( plan ) => (
								<tr key={ plan.id }>
									<td>
										<Button variant="link" onClick={ () => setOpenId( plan.id ) }>
											{ plan.name }
										</Button>
									</td>
									<td>{ cadenceText( plan.cadence ) }</td>
									<td>
										{ plan.status === 'paused'
											? __( 'Paused', 'postwright' )
											: __( 'Active', 'postwright' ) }
										{ plan.mode === 'auto' && ` · ${ __( 'Automatic', 'postwright' ) }` }
									</td>
									<td>
										{ plan.nextSlotAt
											? slotText( plan.nextSlotAt, plan.cadence.timeZone )
											: __( 'Nothing planned', 'postwright' ) }
									</td>
									<td>{ plan.counts?.to_review ?? 0 }</td>
								</tr>
							) ) }
						</tbody>
					</table>
				) }
				{ plans && ! creating && (
					<div className="postwright-actions">
						<Button variant="primary" onClick={ () => setCreating( true ) }>
							{ __( 'Create a plan', 'postwright' ) }
						</Button>
					</div>
				) }
				{ creating && (
					<>
						<h3>{ __( 'New content plan', 'postwright' ) }</h3>
						<PlanForm
							timeZone={ defaultTimeZone( timeZone ) }
							canPublish={ canPublish }
							submitLabel={ __( 'Create plan', 'postwright' ) }
							busy={ busy }
							onSubmit={ create }
							onCancel={ () => setCreating( false ) }
						/>
					</>
				) }
			</CardBody>
		</Card>
	);
}
