// The plan page's dialogs: confirm a removal, edit a planned title, change a plan's settings.
import type { ContentPlanDetailView, ContentPlanItemView } from "@postwright/core/contracts";
import { AlertCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { Form } from "../../components/ui/form";
import { errorMessage } from "../../lib/api";
import { zodResolver } from "../../lib/zod-resolver";
import { TitleFields } from "./add-titles";
import {
  planItemSchema,
  planSettingsSchema,
  type PlanItemFields,
  type PlanItemValues,
  type PlanSettings,
  type PlanSettingsValues,
} from "./plan-form-schema";
import { useEditItem, useUpdatePlan } from "./plan-mutations";
import { PlanSettingsFields } from "./plan-settings-fields";

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeading title={title} description={description} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ServerRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/** A dialog whose form is mounted only while it is open, so every opening starts from fresh values. */
export function FormDialog({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: () => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open ? children() : null}</DialogContent>
    </Dialog>
  );
}

/** What a dialog form says: its heading and description, and its submit button's label idle and while pending. */
export interface DialogFormTexts {
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
}

/** A dialog form's heading, fields, the server's refusal if any, and its Cancel and submit buttons. */
export function DialogFormBody({
  texts: { title, description, submitLabel, pendingLabel },
  refusal,
  onCancel,
  pending,
  children,
}: {
  texts: DialogFormTexts;
  refusal: string | null;
  onCancel: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <DialogHeading title={title} description={description} />
      {children}
      <ServerRefusal message={refusal} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

export function EditItemDialog({
  planId,
  item,
  onClose,
}: {
  planId: number;
  item: ContentPlanItemView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{item ? <EditItemForm planId={planId} item={item} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

const editItemTexts: DialogFormTexts = {
  title: "Edit title",
  description: "Changes apply when the post is written, about a day before its slot.",
  submitLabel: "Save",
  pendingLabel: "Saving...",
};

function EditItemForm({ planId, item, onDone }: { planId: number; item: ContentPlanItemView; onDone: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<PlanItemValues, unknown, PlanItemFields>({
    resolver: zodResolver(planItemSchema),
    defaultValues: { title: item.title, keywords: item.keywords.join(", "), notes: item.notes ?? "" },
  });
  const edit = useEditItem(planId, item.id, onDone);
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((fields) => {
          setRefusal(null);
          edit.mutate(fields, {
            onError: (error) => setRefusal(errorMessage(error, "We could not save the title. Please try again.")),
          });
        })}
      >
        <DialogFormBody texts={editItemTexts} refusal={refusal} onCancel={onDone} pending={edit.isPending}>
          <TitleFields control={form.control} />
        </DialogFormBody>
      </form>
    </Form>
  );
}

export function EditPlanDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: ContentPlanDetailView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-2xl">
      {() => <EditPlanForm plan={plan} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

const editPlanTexts: DialogFormTexts = {
  title: "Plan settings",
  description: "Titles not written yet move to the new schedule; drafts already written keep their slots.",
  submitLabel: "Save settings",
  pendingLabel: "Saving...",
};

function EditPlanForm({ plan, onDone }: { plan: ContentPlanDetailView; onDone: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<PlanSettingsValues, unknown, PlanSettings>({
    resolver: zodResolver(planSettingsSchema),
    defaultValues: {
      name: plan.name,
      weekdays: plan.cadence.weekdays,
      time: plan.cadence.time,
      timeZone: plan.cadence.timeZone,
      postsAhead: String(plan.postsAhead),
      mode: plan.mode,
    },
  });
  const update = useUpdatePlan(plan.id);
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((fields) => {
          setRefusal(null);
          update.mutate(
            {
              name: fields.name,
              cadence: { weekdays: fields.weekdays, time: fields.time, timeZone: fields.timeZone },
              postsAhead: fields.postsAhead,
              mode: fields.mode,
            },
            {
              onSuccess: onDone,
              onError: (error) => setRefusal(errorMessage(error, "We could not change the plan. Please try again.")),
            },
          );
        })}
      >
        <DialogFormBody texts={editPlanTexts} refusal={refusal} onCancel={onDone} pending={update.isPending}>
          <PlanSettingsFields />
        </DialogFormBody>
      </form>
    </Form>
  );
}
