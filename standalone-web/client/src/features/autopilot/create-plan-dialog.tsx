// "Create a plan": where it publishes (one of the member's connections), its name, cadence, posts ahead and mode.
// Drafts wait for review unless the owner chooses otherwise.
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { Form, FormField, FormItem, FormMessage } from "../../components/ui/form";
import { Label } from "../../components/ui/label";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { zodResolver } from "../../lib/zod-resolver";
import { cn } from "../../lib/utils";
import { contentPlansKey, storePlan } from "./autopilot-queries";
import { useAuth } from "../../hooks/use-auth";
import { newPlanTimeZone } from "./plan-format";
import { createPlanSchema, type CreatePlanFields, type CreatePlanValues } from "./plan-form-schema";
import { DialogFormBody, FormDialog, type DialogFormTexts } from "./plan-dialogs";
import { PlanSettingsFields } from "./plan-settings-fields";
import type { PublishTarget } from "./publish-targets";

export interface CreatePlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targets: PublishTarget[];
}

export function CreatePlanDialog({ open, onOpenChange, targets }: CreatePlanDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-2xl">
      {() => <CreatePlanForm targets={targets} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

export interface CreatePlanRequest {
  name: string;
  platform: "shopify" | "wordpress";
  connectionId: number | null;
  blogId: string | null;
  cadence: { weekdays: number[]; time: string; timeZone: string };
  postsAhead: number;
  mode: "review" | "auto";
}

const createPlanTexts: DialogFormTexts = {
  title: "Create a plan",
  description:
    "Choose where and when to publish. You add the titles next; each post is written about a day before its slot.",
  submitLabel: "Create plan",
  pendingLabel: "Creating...",
};

function CreatePlanForm({ targets, onDone }: { targets: PublishTarget[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { user } = useAuth();
  const form = useForm<CreatePlanValues, unknown, CreatePlanFields>({
    resolver: zodResolver(createPlanSchema),
    defaultValues: {
      name: "",
      platform: targets[0]?.platform,
      weekdays: [1, 3, 5],
      time: "09:00",
      timeZone: newPlanTimeZone(user?.timeZone),
      postsAhead: "3",
      mode: "review",
    },
  });

  const create = useMutation({
    mutationFn: (body: CreatePlanRequest) => callRoute(contract.createContentPlan, { body }),
    onSuccess: async (plan) => {
      storePlan(queryClient, plan);
      toast({
        title: "Plan created",
        description: `Add titles to "${plan.name}" so the autopilot knows what to write.`,
      });
      onDone();
      navigate(`/autopilot/${plan.id}`);
      await queryClient.invalidateQueries({ queryKey: contentPlansKey, exact: true });
    },
    onError: (error) => {
      const message = errorMessage(error, "We could not create the plan. Please try again.");
      setRefusal(message);
      toast({ title: "Plan not created", description: message, variant: "destructive" });
    },
  });

  const submit = form.handleSubmit((fields) => {
    const target = targets.find((t) => t.platform === fields.platform);
    if (!target) return;
    setRefusal(null);
    create.mutate({
      name: fields.name,
      platform: target.platform,
      connectionId: target.connectionId,
      blogId: target.blogId,
      cadence: { weekdays: fields.weekdays, time: fields.time, timeZone: fields.timeZone },
      postsAhead: fields.postsAhead,
      mode: fields.mode,
    });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Create a plan">
        <DialogFormBody texts={createPlanTexts} refusal={refusal} onCancel={onDone} pending={create.isPending}>
          <FormField
            control={form.control}
            name="platform"
            render={({ field }) => (
              <FormItem>
                <TargetPicker targets={targets} value={field.value} onChange={field.onChange} firstRef={field.ref} />
                <FormMessage />
              </FormItem>
            )}
          />

          <PlanSettingsFields />
        </DialogFormBody>
      </form>
    </Form>
  );
}

function TargetPicker({
  targets,
  value,
  onChange,
  firstRef,
}: {
  targets: PublishTarget[];
  value: string | undefined;
  onChange: (platform: PublishTarget["platform"]) => void;
  firstRef: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Publish to</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {targets.map((target, index) => {
          const checked = value === target.platform;
          return (
            <div
              key={target.platform}
              className={cn(
                "flex items-center gap-3 rounded-lg border p-3 transition-colors",
                checked ? "border-primary bg-secondary" : "border-border",
              )}
            >
              <input
                ref={index === 0 ? firstRef : undefined}
                id={`${id}-${target.platform}`}
                type="radio"
                name={`${id}-target`}
                value={target.platform}
                checked={checked}
                onChange={() => onChange(target.platform)}
                className="size-4 shrink-0 accent-[var(--color-primary)]"
              />
              <Label htmlFor={`${id}-${target.platform}`} className="min-w-0 break-words">
                {target.label}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
