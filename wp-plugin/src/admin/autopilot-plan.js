import { Button, Card, CardBody, CardHeader, Spinner } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import DraftReview from './autopilot-draft-review';
import { ConfirmDelete, PlanActions } from './autopilot-plan-actions';
import PlanForm from './autopilot-plan-form';
import Ideas from './autopilot-plan-ideas';
import ImportCsv from './autopilot-plan-import';
import PlanTitles from './autopilot-plan-items';
import TitlePages, { itemsPageOf } from './autopilot-plan-pages';
import PlanRefreshes from './autopilot-plan-refreshes';
import { PlanFacts, PlanNotices } from './autopilot-plan-summary';
import { AddTitles, EditTitle } from './autopilot-plan-titles';

/** One content plan: its settings, its titles with their slots and statuses, and everything the owner does with them. */
export default function PlanView( { id, canPublish, upgradeUrl, onBack, onDeleted } ) {
	const [ plan, setPlan ] = useState( null );
	// The page of titles shown (50 a page, as the service pages them).
	const [ page, setPage ] = useState( 1 );
	const [ loadError, setLoadError ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ notice, setNotice ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ editing, setEditing ] = useState( false );
	const [ confirmDelete, setConfirmDelete ] = useState( false );
	const [ reviewing, setReviewing ] = useState( null );
	const [ editingTitle, setEditingTitle ] = useState( null );

	const load = useCallback( async () => {
		try {
			setPlan( await api.getPlan( id, page ) );
			setLoadError( null );
		} catch ( caught ) {
			setLoadError( api.errorOf( caught ) );
		}
	}, [ id, page ] );

	useEffect( () => {
		load();
	}, [ load ] );

	/** Runs a change, then shows the plan as it now stands. */
	const act = async ( action, done ) => {
		setBusy( true );
		setError( null );
		setNotice( null );
		try {
			const answer = await action();
			await load();
			if ( done ) {
				setNotice( typeof done === 'function' ? done( answer ) : done );
			}
			return true;
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			return false;
		} finally {
			setBusy( false );
		}
	};

	const back = (
		<Button variant="link" onClick={ onBack }>
			{ __( '← All plans', 'postwright' ) }
		</Button>
	);

	if ( loadError ) {
		return (
			<Card className="postwright-autopilot">
				<CardBody>
					{ back }
					<ErrorNotice error={ loadError } />
					<Button variant="secondary" onClick={ load }>
						{ __( 'Try again', 'postwright' ) }
					</Button>
				</CardBody>
			</Card>
		);
	}
	if ( ! plan ) {
		return <Spinner />;
	}

	const paused = plan.status === 'paused';
	/** The service's answer to an edit replaces the title in the list. */
	const titleSaved = ( saved ) => {
		setPlan( ( current ) => ( {
			...current,
			items: current.items.map( ( one ) => ( one.id === saved.id ? { ...one, ...saved } : one ) ),
		} ) );
		setEditingTitle( null );
		setError( null );
		setNotice( __( 'Title saved.', 'postwright' ) );
	};
	/** Adds titles to the plan, then says how many were added. */
	const addTitles = ( send ) =>
		act( send, ( answer ) =>
			sprintf(
				/* translators: %d: number of titles. */
				__( 'Titles added: %d.', 'postwright' ),
				answer.added
			)
		);
	const deletePlan = async () => {
		setBusy( true );
		try {
			await api.deletePlan( plan.id );
			onDeleted( plan.name );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setConfirmDelete( false );
			setBusy( false );
		}
	};
	/** Approves a prepared draft for its slot. */
	const approve = async () => {
		if (
			await act(
				() => api.approvePlanItem( plan.id, reviewing.id ),
				__( 'Approved: it will be published in its slot.', 'postwright' )
			)
		) {
			setReviewing( null );
		}
	};

	return (
		<>
			<Card className="postwright-autopilot postwright-plan">
				<CardHeader>
					<div>
						{ back }
						<h2>{ plan.name }</h2>
					</div>
				</CardHeader>
				<CardBody>
					<PlanNotices
						plan={ plan }
						paused={ paused }
						upgradeUrl={ upgradeUrl }
						error={ error }
						onErrorRemove={ () => setError( null ) }
						notice={ notice }
						onNoticeRemove={ () => setNotice( null ) }
					/>
					<PlanFacts plan={ plan } paused={ paused } />
					{ editing ? (
						<PlanForm
							initial={ plan }
							canPublish={ canPublish }
							submitLabel={ __( 'Save settings', 'postwright' ) }
							busy={ busy }
							onCancel={ () => setEditing( false ) }
							onSubmit={ async ( data ) => {
								if ( await act( () => api.updatePlan( plan.id, data ), __( 'Settings saved.', 'postwright' ) ) ) {
									setEditing( false );
								}
							} }
						/>
					) : (
						<PlanActions
							plan={ plan }
							paused={ paused }
							busy={ busy }
							upgradeUrl={ upgradeUrl }
							onPause={ () =>
								act(
									() => api.updatePlan( plan.id, { status: paused ? 'active' : 'paused' } ),
									paused ? __( 'Plan resumed.', 'postwright' ) : __( 'Plan paused.', 'postwright' )
								)
							}
							onEdit={ () => setEditing( true ) }
							onDelete={ () => setConfirmDelete( true ) }
						/>
					) }
					{ confirmDelete && (
						<ConfirmDelete busy={ busy } onConfirm={ deletePlan } onKeep={ () => setConfirmDelete( false ) } />
					) }

					<h3>{ __( 'Titles', 'postwright' ) }</h3>
					{ itemsPageOf( plan ).total === 0 ? (
						<p>{ __( 'No titles yet. Add titles below, import a CSV file or ask for ideas.', 'postwright' ) }</p>
					) : (
						<>
							<PlanTitles
								plan={ plan }
								busy={ busy }
								canPublish={ canPublish }
								onReview={ setReviewing }
								onEdit={ setEditingTitle }
								act={ act }
							/>
							<TitlePages plan={ plan } onPage={ setPage } />
						</>
					) }

					<PlanRefreshes plan={ plan } />

					<AddTitles busy={ busy } onAdd={ ( items ) => addTitles( () => api.addPlanItems( plan.id, items ) ) } />
					<ImportCsv busy={ busy } onImport={ ( csv ) => addTitles( () => api.importPlanCsv( plan.id, csv ) ) } />
					<Ideas
						planId={ plan.id }
						busy={ busy }
						onAdd={ ( idea ) =>
							addTitles( () => api.addPlanItems( plan.id, [ { title: idea.title, keywords: idea.keywords } ] ) )
						}
					/>
				</CardBody>
			</Card>
			{ editingTitle && (
				<EditTitle planId={ plan.id } item={ editingTitle } onSaved={ titleSaved } onClose={ () => setEditingTitle( null ) } />
			) }
			{ reviewing && (
				<DraftReview
					item={ reviewing }
					canPublish={ canPublish }
					busy={ busy }
					onClose={ () => setReviewing( null ) }
					onApprove={ approve }
				/>
			) }
		</>
	);
}
