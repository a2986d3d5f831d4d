// A plan's titles by where they stand: drafts to review (approve or skip), upcoming ones (a planned title can be
// edited or removed), the published ones, and the ones skipped or failed with the reason.
import type { ContentPlanDetailView, ContentPlanItemView, PlanItemAction } from "@postwright/core/contracts";
import {
  AlertCircle,
  ArrowDown,
  ArrowUp,
  CalendarClock,
  Check,
  FileText,
  Loader2,
  Pencil,
  SkipForward,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge";
import { Button, type ButtonProps } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { seoRating, seoToneSurface, seoToneText } from "../dashboard/seo-rating";
import { formatDay, formatSlot, itemStatusLabel } from "./plan-format";

export interface ItemActions {
  onOpen: (item: ContentPlanItemView) => void;
  onApprove: (item: ContentPlanItemView) => void;
  onSkip: (item: ContentPlanItemView) => void;
  onEdit: (item: ContentPlanItemView) => void;
  onRemove: (item: ContentPlanItemView) => void;
  /** Moves a waiting title one place earlier or later. */
  onMove: (item: ContentPlanItemView, direction: "earlier" | "later") => void;
  /** The title being approved or skipped right now, if any. */
  reviewing: { itemId: number; action: "approve" | "skip" } | null;
}

export function PlanSection({
  id,
  title,
  description,
  count,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div>
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          {title}
          {count !== undefined ? (
            <Badge variant="outline" aria-hidden="true">
              {count}
            </Badge>
          ) : null}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function EmptySection({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** A title as the owner reads it: its post's title once written. */
export const itemTitle = (item: ContentPlanItemView) => item.post?.title ?? item.title;

function SeoScore({ score }: { score: number }) {
  const rating = seoRating(score);
  return (
    <div
      className={cn(
        "grid w-20 shrink-0 place-items-center rounded-lg border px-2 py-2 text-center",
        seoToneSurface[rating.tone],
      )}
    >
      <span className="text-[0.65rem] font-medium uppercase tracking-wide text-muted-foreground">SEO score</span>
      <span className={cn("text-xl font-semibold tabular-nums", seoToneText[rating.tone])}>
        {score}
        <span className="sr-only"> out of 100, {rating.label}</span>
      </span>
    </div>
  );
}

function Slot({ item, timeZone, prefix }: { item: ContentPlanItemView; timeZone: string; prefix: string }) {
  if (item.slotAt) {
    return (
      <span className="inline-flex items-center gap-1">
        <CalendarClock className="size-3.5 text-primary" aria-hidden="true" />
        {prefix} {formatSlot(item.slotAt, timeZone)}
      </span>
    );
  }
  if (item.preferredDate) return <span>Waiting for a slot (wanted on {formatDay(item.preferredDate, timeZone)})</span>;
  return <span>Waiting for a slot</span>;
}

function Keywords({ keywords }: { keywords: string[] }) {
  if (keywords.length === 0) return null;
  return (
    <span className="text-muted-foreground">
      <span className="sr-only">Keywords: </span>
      {keywords.join(", ")}
    </span>
  );
}

/** "Approve" for screen readers names the title too, as the list may hold several drafts. */
function Named({ children, title }: { children: string; title: string }) {
  return (
    <>
      {children}
      <span className="sr-only"> &ldquo;{title}&rdquo;</span>
    </>
  );
}

/** A button acting on one title: its icon (a spinner while busy) and a label that names the title. */
function ItemButton({
  icon: Icon,
  title,
  busy = false,
  variant = "ghost",
  children,
  ...props
}: Omit<ButtonProps, "children" | "size" | "loading"> & {
  icon: LucideIcon;
  title: string;
  busy?: boolean;
  children: string;
}) {
  return (
    <Button variant={variant} size="sm" loading={busy} {...props}>
      {busy ? null : <Icon aria-hidden="true" />}
      <Named title={title}>{children}</Named>
    </Button>
  );
}

interface ItemListProps {
  plan: ContentPlanDetailView;
  items: ContentPlanItemView[];
  actions: ItemActions;
}

export function ReviewList({ plan, items, actions }: ItemListProps) {
  const zone = plan.cadence.timeZone;
  return (
    <ul className="grid gap-3">
      {items.map((item) => {
        const title = itemTitle(item);
        const busy = actions.reviewing?.itemId === item.id ? actions.reviewing.action : null;
        return (
          <li
            key={item.id}
            className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-card p-4 shadow-sm sm:flex-row sm:items-center"
          >
            {item.post ? <SeoScore score={item.post.seoScore} /> : null}
            <div className="grid min-w-0 flex-1 gap-1">
              <h3 className="font-semibold leading-snug break-words">{title}</h3>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                <Slot item={item} timeZone={zone} prefix="Publishes" />
                <Keywords keywords={item.keywords} />
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {item.post ? (
                <ItemButton icon={FileText} title={title} variant="outline" onClick={() => actions.onOpen(item)}>
                  Open draft
                </ItemButton>
              ) : null}
              {can(item, "approve") ? (
                <ItemButton
                  icon={Check}
                  title={title}
                  variant="default"
                  onClick={() => actions.onApprove(item)}
                  busy={busy === "approve"}
                  disabled={busy !== null}
                >
                  {busy === "approve" ? "Approving..." : "Approve"}
                </ItemButton>
              ) : null}
              {can(item, "skip") ? (
                <ItemButton
                  icon={SkipForward}
                  title={title}
                  onClick={() => actions.onSkip(item)}
                  busy={busy === "skip"}
                  disabled={busy !== null}
                >
                  {busy === "skip" ? "Skipping..." : "Skip"}
                </ItemButton>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function StatusBadge({ status }: { status: ContentPlanItemView["status"] }) {
  const variant =
    status === "published" || status === "approved"
      ? "success"
      : status === "failed"
        ? "destructive"
        : status === "skipped" || status === "to_review"
          ? "warning"
          : "secondary";
  return (
    <Badge variant={variant}>
      {status === "preparing" ? (
        <Loader2 className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : null}
      {itemStatusLabel[status]}
    </Badge>
  );
}

/** A title in a list by status: its status and title, what is known about it, and what can be done with it. */
function StatusRow({
  item,
  title,
  children,
  buttons,
}: {
  item: ContentPlanItemView;
  title: string;
  children: ReactNode;
  buttons: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={item.status} />
          <h3 className="min-w-0 font-medium leading-snug break-words">{title}</h3>
        </div>
        {children}
      </div>
      <div className="flex flex-wrap gap-2">{buttons}</div>
    </li>
  );
}

/** Titles as status rows; `row` says, for each, what is known about it and its buttons. */
function StatusRows({
  items,
  row,
}: {
  items: ContentPlanItemView[];
  row: (item: ContentPlanItemView, title: string) => { details: ReactNode; buttons: ReactNode };
}) {
  return (
    <ul className="grid divide-y divide-border rounded-xl border border-border bg-card">
      {items.map((item) => {
        const title = itemTitle(item);
        const { details, buttons } = row(item, title);
        return (
          <StatusRow key={item.id} item={item} title={title} buttons={buttons}>
            {details}
          </StatusRow>
        );
      })}
    </ul>
  );
}

/** Planned, being written and approved titles, in the plan's order (slots first). */
export function UpcomingList({
  plan,
  items,
  actions,
  edges = { before: false, after: false },
}: ItemListProps & {
  /** Whether waiting titles come before and after these (on other pages), so the first and last can move. */
  edges?: { before: boolean; after: boolean };
}) {
  const zone = plan.cadence.timeZone;
  const waiting = items.filter((candidate) => candidate.status === "planned");
  return (
    <StatusRows
      items={items}
      row={(item, title) => {
        const place = waiting.indexOf(item);
        const skipping = actions.reviewing?.itemId === item.id;
        return {
          details: (
            <>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                <Slot item={item} timeZone={zone} prefix={item.status === "approved" ? "Publishes" : "Slot"} />
                <Keywords keywords={item.keywords} />
              </p>
              {item.notes ? <p className="text-sm text-muted-foreground break-words">Notes: {item.notes}</p> : null}
            </>
          ),
          // Each button is one of the title's actions, as the core allows them for its status (item.actions).
          buttons:
            item.status === "planned" ? (
              <>
                {can(item, "move") ? (
                  <>
                    <ItemButton
                      icon={ArrowUp}
                      title={title}
                      disabled={place < 0 || (place === 0 && !edges.before)}
                      onClick={() => actions.onMove(item, "earlier")}
                    >
                      Earlier
                    </ItemButton>
                    <ItemButton
                      icon={ArrowDown}
                      title={title}
                      disabled={place < 0 || (place >= waiting.length - 1 && !edges.after)}
                      onClick={() => actions.onMove(item, "later")}
                    >
                      Later
                    </ItemButton>
                  </>
                ) : null}
                {can(item, "edit") ? (
                  <ItemButton icon={Pencil} title={title} variant="outline" onClick={() => actions.onEdit(item)}>
                    Edit
                  </ItemButton>
                ) : null}
                {can(item, "remove") ? <RemoveButton item={item} title={title} actions={actions} /> : null}
              </>
            ) : (
              <>
                <OpenPostButton item={item} title={title} actions={actions} />
                {item.status === "approved" && can(item, "skip") ? (
                  <ItemButton icon={SkipForward} title={title} onClick={() => actions.onSkip(item)} busy={skipping}>
                    {skipping ? "Skipping..." : "Skip"}
                  </ItemButton>
                ) : null}
              </>
            ),
        };
      }}
    />
  );
}

/** Published, skipped and failed titles; skipped and failed ones say why. */
export function DoneList({ plan, items, actions }: ItemListProps) {
  const zone = plan.cadence.timeZone;
  return (
    <StatusRows
      items={items}
      row={(item, title) => ({
        details: (
          <>
            {item.slotAt ? (
              <p className="text-sm">
                <Slot item={item} timeZone={zone} prefix={item.status === "published" ? "Published" : "Slot"} />
              </p>
            ) : null}
            {item.lastError && item.status !== "published" ? (
              <p className="flex gap-1.5 text-sm text-destructive">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{item.lastError}</span>
              </p>
            ) : null}
          </>
        ),
        buttons: (
          <>
            <OpenPostButton item={item} title={title} actions={actions} />
            {can(item, "remove") ? <RemoveButton item={item} title={title} actions={actions} /> : null}
          </>
        ),
      })}
    />
  );
}

/** Whether the core allows `action` on the title now. */
const can = (item: ContentPlanItemView, action: PlanItemAction) => item.actions.includes(action);

interface ItemButtonProps {
  item: ContentPlanItemView;
  title: string;
  actions: ItemActions;
}

/** "Open post", once the title's post is written. */
function OpenPostButton({ item, title, actions }: ItemButtonProps) {
  if (!item.post) return null;
  return (
    <ItemButton icon={FileText} title={title} variant="outline" onClick={() => actions.onOpen(item)}>
      Open post
    </ItemButton>
  );
}

function RemoveButton({ item, title, actions }: ItemButtonProps) {
  return (
    <ItemButton icon={Trash2} title={title} onClick={() => actions.onRemove(item)}>
      Remove
    </ItemButton>
  );
}
