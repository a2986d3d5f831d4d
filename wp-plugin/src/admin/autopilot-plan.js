import {
	Button,
	Card,
	CardBody,
	CardHeader,
	ExternalLink,
	FormFileUpload,
	Modal,
	Notice,
	Spinner,
	TabPanel,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import * as api from '../api';
import ErrorNotice from '../components/error-notice';
import PlanCalendar from './autopilot-calendar';
import { cadenceText, ITEM_STATUS_LABELS, slotText } from './autopilot-format';
import PlanForm from './autopilot-plan-form';
import { usePlanViewQuery } from './autopilot-view-query';
import PostReview from './post-review';
import { splitKeywords } from './generator';

/** What each status lets the owner do with a title. */
const canMove = ( item ) => item.status === 'planned' && ! item.post;
const canEdit = canMove;
const canSkip = ( item ) => [ 'planned', 'to_review', 'approved' ].includes( item.status );
const canRemove = ( item ) =>
	[ 'planned', 'skipped', 'failed' ].includes( item.status ) && ( item.status !== 'planned' || ! item.post );

/**
 * Which titles a plan's answer holds: its itemsPage, or (from a service that does not page) all of them on one page.
 *
 * @param {Object} plan The plan as the service answers it.
 * @return {{page: number, pageSize: number, total: number}} The page.
 */
export const itemsPageOf = ( plan ) =>
	plan.itemsPage ?? { page: 1, pageSize: Math.max( 1, plan.items.length ), total: plan.items.length };

/**
 * "Showing 51–100 of 2,000 titles", or what a page after the last holds.
 *
 * @param {{page: number, pageSize: number, total: number}} page  The page.
 * @param {number}                                          shown How many titles it holds.
 * @return {string} The sentence.
 */
export function pageText( page, shown ) {
	const number = ( value ) => value.toLocaleString( 'en-US' );
	if ( shown === 0 ) {
		return sprintf(
			/* translators: %s: number of titles in the plan. */
			__( 'No titles on this page: the plan has %s.', 'postwright' ),
			number( page.total )
		);
	}
	const from = ( page.page - 1 ) * page.pageSize + 1;
	return sprintf(
		/* translators: 1: first title shown, 2: last title shown, 3: number of titles in the plan. */
		__( 'Showing %1$s–%2$s of %3$s titles', 'postwright' ),
		number( from ),
		number( from + shown - 1 ),
		number( page.total )
	);
}

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
	const added = ( answer ) =>
		sprintf(
			/* translators: %d: number of titles. */
			__( 'Titles added: %d.', 'postwright' ),
			answer.added
		);

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
					<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
					{ error?.problems?.length > 0 && (
						<ul className="postwright-problems" aria-label={ __( 'Lines to fix', 'postwright' ) }>
							{ error.problems.map( ( problem ) => (
								<li key={ `${ problem.line }-${ problem.reason }` }>
									{ sprintf(
										/* translators: 1: line number, 2: what is wrong. */
										__( 'Line %1$d: %2$s', 'postwright' ),
										problem.line,
										problem.reason
									) }
								</li>
							) ) }
						</ul>
					) }
					{ notice && (
						<Notice status="success" onRemove={ () => setNotice( null ) }>
							{ notice }
						</Notice>
					) }
					{ paused && (
						<Notice status="warning" isDismissible={ false }>
							{ plan.pausedReason ?? __( 'This plan is paused: nothing is written or published until you resume it.', 'postwright' ) }{ ' ' }
							{ plan.needsUpgrade && upgradeUrl && (
								<ExternalLink href={ upgradeUrl }>{ __( 'Upgrade your plan', 'postwright' ) }</ExternalLink>
							) }
						</Notice>
					) }
					{ plan.delayNotice && (
						<Notice status="warning" isDismissible={ false }>
							<strong>{ __( 'Preparation is delayed.', 'postwright' ) }</strong> { plan.delayNotice }
						</Notice>
					) }
					<dl className="postwright-plan__facts">
						<dt>{ __( 'Status', 'postwright' ) }</dt>
						<dd>{ paused ? __( 'Paused', 'postwright' ) : __( 'Active', 'postwright' ) }</dd>
						<dt>{ __( 'Publishes', 'postwright' ) }</dt>
						<dd>{ cadenceText( plan.cadence ) }</dd>
						<dt>{ __( 'Drafts', 'postwright' ) }</dt>
						<dd>
							{ plan.mode === 'auto'
								? __( 'Published automatically, without review', 'postwright' )
								: __( 'Wait for your approval', 'postwright' ) }
						</dd>
						<dt>{ __( 'Posts prepared ahead', 'postwright' ) }</dt>
						<dd>{ plan.postsAhead }</dd>
					</dl>
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
						<div className="postwright-actions">
							{ paused && plan.canResume === false ? (
								// The account's plan cannot run it (no scheduling): Resume would be refused, the upgrade is the way on.
								upgradeUrl && (
									<Button variant="primary" href={ upgradeUrl } target="_blank" rel="noreferrer">
										{ __( 'Upgrade your plan', 'postwright' ) }
									</Button>
								)
							) : (
								<Button
									variant="secondary"
									disabled={ busy }
									onClick={ () =>
										act(
											() => api.updatePlan( plan.id, { status: paused ? 'active' : 'paused' } ),
											paused ? __( 'Plan resumed.', 'postwright' ) : __( 'Plan paused.', 'postwright' )
										)
									}
								>
									{ paused ? __( 'Resume plan', 'postwright' ) : __( 'Pause plan', 'postwright' ) }
								</Button>
							) }
							<Button variant="secondary" disabled={ busy } onClick={ () => setEditing( true ) }>
								{ __( 'Change settings', 'postwright' ) }
							</Button>
							<Button variant="secondary" isDestructive disabled={ busy } onClick={ () => setConfirmDelete( true ) }>
								{ __( 'Delete plan', 'postwright' ) }
							</Button>
						</div>
					) }
					{ confirmDelete && (
						<Notice status="warning" isDismissible={ false }>
							{ __( 'Delete this plan and its titles? Approved drafts will not be published; posts already written stay in Postwright.', 'postwright' ) }
							<div className="postwright-actions">
								<Button
									variant="primary"
									isDestructive
									disabled={ busy }
									onClick={ async () => {
										setBusy( true );
										try {
											await api.deletePlan( plan.id );
											onDeleted( plan.name );
										} catch ( caught ) {
											setError( api.errorOf( caught ) );
											setConfirmDelete( false );
											setBusy( false );
										}
									} }
								>
									{ __( 'Yes, delete the plan', 'postwright' ) }
								</Button>
								<Button variant="tertiary" onClick={ () => setConfirmDelete( false ) }>
									{ __( 'Keep it', 'postwright' ) }
								</Button>
							</div>
						</Notice>
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

					<AddTitles busy={ busy } onAdd={ ( items ) => act( () => api.addPlanItems( plan.id, items ), added ) } />
					<ImportCsv busy={ busy } onImport={ ( csv ) => act( () => api.importPlanCsv( plan.id, csv ), added ) } />
					<Ideas
						planId={ plan.id }
						busy={ busy }
						onAdd={ ( idea ) =>
							act(
								() => api.addPlanItems( plan.id, [ { title: idea.title, keywords: idea.keywords } ] ),
								added
							)
						}
					/>
				</CardBody>
			</Card>
			{ editingTitle && (
				<EditTitle
					planId={ plan.id }
					item={ editingTitle }
					onSaved={ titleSaved }
					onClose={ () => setEditingTitle( null ) }
				/>
			) }
			{ reviewing && (
				<DraftReview
					item={ reviewing }
					canPublish={ canPublish }
					busy={ busy }
					onClose={ () => setReviewing( null ) }
					onApprove={ async () => {
						if (
							await act(
								() => api.approvePlanItem( plan.id, reviewing.id ),
								__( 'Approved: it will be published in its slot.', 'postwright' )
							)
						) {
							setReviewing( null );
						}
					} }
				/>
			) }
		</>
	);
}

/** Previous and Next through a long plan's titles, with which are shown (nothing when they fit on one page). */
function TitlePages( { plan, onPage } ) {
	const page = itemsPageOf( plan );
	const last = Math.max( 1, Math.ceil( page.total / page.pageSize ) );
	if ( last === 1 && page.page === 1 ) {
		return null;
	}
	return (
		<nav className="postwright-plan__pages" aria-label={ __( 'Pages of titles', 'postwright' ) }>
			<p aria-live="polite">{ pageText( page, plan.items.length ) }</p>
			<Button
				variant="secondary"
				size="small"
				disabled={ page.page <= 1 }
				onClick={ () => onPage( Math.min( page.page - 1, last ) ) }
			>
				{ __( 'Previous', 'postwright' ) }
			</Button>
			<Button variant="secondary" size="small" disabled={ page.page >= last } onClick={ () => onPage( page.page + 1 ) }>
				{ __( 'Next', 'postwright' ) }
			</Button>
		</nav>
	);
}

/** The plan's titles as a list or on a month calendar; the choice and the month are kept in the page's address. */
function PlanTitles( { plan, busy, canPublish, onReview, onEdit, act } ) {
	const { view, setView, month, setMonth } = usePlanViewQuery( plan.cadence.timeZone );
	return (
		<TabPanel
			className="postwright-plan__views"
			initialTabName={ view }
			onSelect={ setView }
			tabs={ [
				{ name: 'list', title: __( 'List', 'postwright' ) },
				{ name: 'calendar', title: __( 'Calendar', 'postwright' ) },
			] }
		>
			{ ( tab ) =>
				tab.name === 'calendar' ? (
					<PlanCalendar plan={ plan } month={ month } onMonthChange={ setMonth } onReview={ onReview } busy={ busy } />
				) : (
					<ItemsTable plan={ plan } busy={ busy } canPublish={ canPublish } onReview={ onReview } onEdit={ onEdit } act={ act } />
				)
			}
		</TabPanel>
	);
}

/** The plan's titles: slot, status, SEO score of drafts, the reason for a failure or a skip, and their actions. */
function ItemsTable( { plan, busy, canPublish, onReview, onEdit, act } ) {
	const waiting = plan.items.filter( canMove );
	// Waiting titles on the pages around this one can trade places with its first and last.
	const page = itemsPageOf( plan );
	const before = page.page > 1;
	const after = page.page * page.pageSize < page.total;
	return (
		<table className="widefat striped postwright-plan__items">
			<caption className="screen-reader-text">{ __( 'Titles of the plan', 'postwright' ) }</caption>
			<thead>
				<tr>
					<th scope="col">{ __( 'Title', 'postwright' ) }</th>
					<th scope="col">{ __( 'Slot', 'postwright' ) }</th>
					<th scope="col">{ __( 'Status', 'postwright' ) }</th>
					<th scope="col">{ __( 'Actions', 'postwright' ) }</th>
				</tr>
			</thead>
			<tbody>
				{ plan.items.map( ( item ) => {
					const position = waiting.indexOf( item );
					const label = ( text ) => `${ text }: ${ item.title }`;
					return (
						<tr key={ item.id }>
							<td>
								<strong>{ item.title }</strong>
								<br />
								<span className="description">{ item.keywords.join( ', ' ) }</span>
							</td>
							<td>{ slotText( item.slotAt, plan.cadence.timeZone ) }</td>
							<td>
								<span className={ `postwright-status is-${ item.status }` }>
									{ ITEM_STATUS_LABELS[ item.status ] ?? item.status }
								</span>
								{ item.post && item.status === 'to_review' && (
									<>
										<br />
										<span>
											{ sprintf(
												/* translators: %d: SEO score out of 100. */
												__( 'SEO score: %d/100', 'postwright' ),
												item.post.seoScore
											) }
										</span>
									</>
								) }
								{ item.lastError && [ 'failed', 'skipped' ].includes( item.status ) && (
									<>
										<br />
										<span className="postwright-plan__reason">{ item.lastError }</span>
									</>
								) }
							</td>
							<td className="postwright-actions">
								{ item.status === 'to_review' && item.post && (
									<Button variant="secondary" size="small" disabled={ busy } onClick={ () => onReview( item ) } label={ label( __( 'Review draft', 'postwright' ) ) } showTooltip={ false }>
										{ __( 'Review draft', 'postwright' ) }
									</Button>
								) }
								{ item.status === 'to_review' && canPublish && (
									<Button
										variant="primary"
										size="small"
										disabled={ busy }
										label={ label( __( 'Approve', 'postwright' ) ) }
										showTooltip={ false }
										onClick={ () =>
											act(
												() => api.approvePlanItem( plan.id, item.id ),
												__( 'Approved: it will be published in its slot.', 'postwright' )
											)
										}
									>
										{ __( 'Approve', 'postwright' ) }
									</Button>
								) }
								{ canMove( item ) && (
									<>
										<Button
											variant="tertiary"
											size="small"
											disabled={ busy || ( position <= 0 && ! before ) }
											label={ label( __( 'Move earlier', 'postwright' ) ) }
											showTooltip={ false }
											onClick={ () => act( () => api.movePlanItem( plan.id, item.id, 'earlier' ) ) }
										>
											{ __( 'Earlier', 'postwright' ) }
										</Button>
										<Button
											variant="tertiary"
											size="small"
											disabled={ busy || ( position === waiting.length - 1 && ! after ) }
											label={ label( __( 'Move later', 'postwright' ) ) }
											showTooltip={ false }
											onClick={ () => act( () => api.movePlanItem( plan.id, item.id, 'later' ) ) }
										>
											{ __( 'Later', 'postwright' ) }
										</Button>
									</>
								) }
								{ canEdit( item ) && (
									<Button
										variant="secondary"
										size="small"
										disabled={ busy }
										label={ label( __( 'Edit', 'postwright' ) ) }
										showTooltip={ false }
										onClick={ () => onEdit( item ) }
									>
										{ __( 'Edit', 'postwright' ) }
									</Button>
								) }
								{ canSkip( item ) && (
									<Button
										variant="tertiary"
										size="small"
										disabled={ busy }
										label={ label( __( 'Skip', 'postwright' ) ) }
										showTooltip={ false }
										onClick={ () => act( () => api.skipPlanItem( plan.id, item.id ), __( 'Skipped: it will not be published.', 'postwright' ) ) }
									>
										{ __( 'Skip', 'postwright' ) }
									</Button>
								) }
								{ canRemove( item ) && (
									<Button
										variant="tertiary"
										size="small"
										isDestructive
										disabled={ busy }
										label={ label( __( 'Remove', 'postwright' ) ) }
										showTooltip={ false }
										onClick={ () => act( () => api.removePlanItem( plan.id, item.id ), __( 'Title removed.', 'postwright' ) ) }
									>
										{ __( 'Remove', 'postwright' ) }
									</Button>
								) }
							</td>
						</tr>
					);
				} ) }
			</tbody>
		</table>
	);
}

/** A title's fields, as adding one and editing one show them. */
function TitleFields( { titleLabel, title, keywords, notes, setTitle, setKeywords, setNotes } ) {
	return (
		<>
			<TextControl __nextHasNoMarginBottom __next40pxDefaultSize label={ titleLabel } value={ title } onChange={ setTitle } />
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Its keywords (separated by commas)', 'postwright' ) }
				value={ keywords }
				onChange={ setKeywords }
			/>
			<TextareaControl __nextHasNoMarginBottom label={ __( 'Notes for the writer (optional)', 'postwright' ) } value={ notes } onChange={ setNotes } />
		</>
	);
}

/**
 * A title and its keywords as typed, checked before anything is sent.
 *
 * @param {string} title    The title typed.
 * @param {string} keywords The keywords typed, separated by commas.
 * @return {{title: string, keywords: string[]}|{problem: string}} The title and its keywords, or what is missing.
 */
function readTitle( title, keywords ) {
	const words = splitKeywords( keywords );
	if ( ! title.trim() || words.length === 0 ) {
		return { problem: __( 'Give the title and at least one keyword.', 'postwright' ) };
	}
	return { title: title.trim(), keywords: words };
}

/** A form to add one title with its keywords. */
function AddTitles( { busy, onAdd } ) {
	const [ title, setTitle ] = useState( '' );
	const [ keywords, setKeywords ] = useState( '' );
	const [ notes, setNotes ] = useState( '' );
	const [ problem, setProblem ] = useState( null );

	const submit = async ( event ) => {
		event.preventDefault();
		const typed = readTitle( title, keywords );
		setProblem( typed.problem ?? null );
		if ( typed.problem ) {
			return;
		}
		if ( await onAdd( [ { ...typed, ...( notes.trim() ? { notes: notes.trim() } : {} ) } ] ) ) {
			setTitle( '' );
			setKeywords( '' );
			setNotes( '' );
		}
	};

	return (
		<form className="postwright-add-title" onSubmit={ submit } noValidate>
			<h3>{ __( 'Add a title', 'postwright' ) }</h3>
			{ problem && (
				<Notice status="error" isDismissible={ false }>
					{ problem }
				</Notice>
			) }
			<TitleFields
				titleLabel={ __( 'New title', 'postwright' ) }
				{ ...{ title, keywords, notes, setTitle, setKeywords, setNotes } }
			/>
			<Button variant="secondary" type="submit" disabled={ busy }>
				{ __( 'Add title', 'postwright' ) }
			</Button>
		</form>
	);
}

/** A waiting title's title, keywords and notes, in a dialog; the service's answer is what the list then shows. */
function EditTitle( { planId, item, onSaved, onClose } ) {
	const [ title, setTitle ] = useState( item.title );
	const [ keywords, setKeywords ] = useState( item.keywords.join( ', ' ) );
	const [ notes, setNotes ] = useState( item.notes ?? '' );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState( null );

	const save = async ( event ) => {
		event.preventDefault();
		const typed = readTitle( title, keywords );
		if ( typed.problem ) {
			setError( { message: typed.problem } );
			return;
		}
		setSaving( true );
		setError( null );
		try {
			// Emptied notes are sent as null, which clears them.
			onSaved( await api.updatePlanItem( planId, item.id, { ...typed, notes: notes.trim() || null } ) );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
			setSaving( false );
		}
	};

	return (
		<Modal title={ __( 'Edit title', 'postwright' ) } className="postwright-edit-title" onRequestClose={ onClose }>
			<form onSubmit={ save } noValidate>
				<p className="description">
					{ __( 'Changes apply when the post is written, about a day before its slot.', 'postwright' ) }
				</p>
				<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
				<TitleFields titleLabel={ __( 'Title', 'postwright' ) } { ...{ title, keywords, notes, setTitle, setKeywords, setNotes } } />
				<div className="postwright-actions">
					<Button variant="primary" type="submit" disabled={ saving } isBusy={ saving }>
						{ __( 'Save', 'postwright' ) }
					</Button>
					<Button variant="tertiary" disabled={ saving } onClick={ onClose }>
						{ __( 'Cancel', 'postwright' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}

/** A chosen file's text. */
function readText( file ) {
	return new Promise( ( resolve, reject ) => {
		const reader = new window.FileReader();
		reader.onload = () => resolve( String( reader.result ) );
		reader.onerror = () => reject( { message: __( 'The file could not be read. Choose it again.', 'postwright' ) } );
		reader.readAsText( file );
	} );
}

/** Import titles from a CSV file (all or nothing: a refused file lists the lines to fix). */
function ImportCsv( { busy, onImport } ) {
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

/** Title ideas from the owner's niche, each added with one click; ideas too close to an existing topic are left out. */
function Ideas( { planId, busy, onAdd } ) {
	const [ niche, setNiche ] = useState( '' );
	const [ answer, setAnswer ] = useState( null );
	const [ asking, setAsking ] = useState( false );
	const [ error, setError ] = useState( null );
	const [ addedTitles, setAddedTitles ] = useState( [] );

	const ask = async ( event ) => {
		event.preventDefault();
		setAsking( true );
		setError( null );
		try {
			setAnswer( await api.suggestPlanIdeas( planId, { niche } ) );
			setAddedTitles( [] );
		} catch ( caught ) {
			setError( api.errorOf( caught ) );
		} finally {
			setAsking( false );
		}
	};

	return (
		<form className="postwright-ideas" onSubmit={ ask } noValidate>
			<h3>{ __( 'Ideas', 'postwright' ) }</h3>
			<ErrorNotice error={ error } onRemove={ () => setError( null ) } />
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Your niche', 'postwright' ) }
				help={ __( 'For example: organic gardening supplies. Each request counts as a title suggestion.', 'postwright' ) }
				value={ niche }
				onChange={ setNiche }
			/>
			<Button variant="secondary" type="submit" disabled={ asking || busy } isBusy={ asking }>
				{ __( 'Suggest ideas', 'postwright' ) }
			</Button>
			{ asking && <Spinner /> }
			{ answer && (
				<>
					{ answer.ideas.length === 0 && <p>{ __( 'No new ideas this time. Try describing your niche differently.', 'postwright' ) }</p> }
					<ul className="postwright-ideas__list">
						{ answer.ideas.map( ( idea ) => (
							<li key={ idea.title }>
								<strong>{ idea.title }</strong> <span className="description">({ idea.keywords.join( ', ' ) })</span>
								{ idea.overlap && (
									<>
										{ ' ' }
										{ sprintf(
											/* translators: 1: an existing title, 2: percent of shared words. */
											__( 'Close to “%1$s” (%2$d%% shared).', 'postwright' ),
											idea.overlap.title,
											idea.overlap.percent
										) }
									</>
								) }{ ' ' }
								{ addedTitles.includes( idea.title ) ? (
									<span>{ __( 'Added', 'postwright' ) }</span>
								) : (
									<Button
										variant="link"
										disabled={ busy }
										label={ `${ __( 'Add to the plan', 'postwright' ) }: ${ idea.title }` }
										showTooltip={ false }
										onClick={ async () => {
											if ( await onAdd( idea ) ) {
												setAddedTitles( [ ...addedTitles, idea.title ] );
											}
										} }
									>
										{ __( 'Add to the plan', 'postwright' ) }
									</Button>
								) }
							</li>
						) ) }
					</ul>
					{ answer.excluded > 0 && (
						<p className="description">
							{ sprintf(
								/* translators: %d: number of ideas left out. */
								__( '%d ideas were left out because you already cover their topic.', 'postwright' ),
								answer.excluded
							) }
						</p>
					) }
				</>
			) }
		</form>
	);
}

/** A prepared draft, opened from its title: the same review as a generated post, then approve it for its slot. */
function DraftReview( { item, canPublish, busy, onClose, onApprove } ) {
	const [ post, setPost ] = useState( null );
	const [ error, setError ] = useState( null );

	useEffect( () => {
		api.getPost( item.post.id ).then( setPost, ( caught ) => setError( api.errorOf( caught ) ) );
	}, [ item.post.id ] );

	return (
		<div className="postwright-draft" aria-label={ __( 'Draft to review', 'postwright' ) } role="region">
			<div className="postwright-actions">
				{ canPublish ? (
					<Button variant="primary" disabled={ busy || ! post } onClick={ onApprove }>
						{ __( 'Approve this draft', 'postwright' ) }
					</Button>
				) : (
					<span>{ __( 'An editor or an administrator of this site approves drafts.', 'postwright' ) }</span>
				) }
				<Button variant="tertiary" onClick={ onClose }>
					{ __( 'Close the draft', 'postwright' ) }
				</Button>
			</div>
			<ErrorNotice error={ error } />
			{ ! post && ! error && <Spinner /> }
			{ post && (
				<PostReview
					key={ `${ post.id }-${ post.updatedAt }` }
					post={ post }
					keywords={ item.keywords }
					canPublish={ false }
					showPublishing={ false }
					onChange={ setPost }
				/>
			) }
		</div>
	);
}
