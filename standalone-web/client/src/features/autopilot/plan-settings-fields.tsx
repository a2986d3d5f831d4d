// A plan's settings as form fields (name, weekdays, time, time zone, posts ahead, mode), shared by the create and
// edit forms; they read the form from its <Form> provider.
import { AlertTriangle } from "lucide-react";
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormField, FormItem, FormMessage, useFormField } from "../../components/ui/form";
import { Label } from "../../components/ui/label";
import { TextField } from "../../components/ui/text-field";
import { cn } from "../../lib/utils";
import { weekdays } from "./plan-format";
import { POSTS_AHEAD_MAX, type PlanSettingsValues } from "./plan-form-schema";
import { TimeZoneField } from "./time-zone-field";

export function PlanSettingsFields() {
  const form = useFormContext<PlanSettingsValues>();

  return (
    <>
      <TextField
        control={form.control}
        name="name"
        label="Plan name"
        placeholder="e.g. Spring trail guides"
        autoComplete="off"
      />

      <FormField
        control={form.control}
        name="weekdays"
        render={({ field }) => (
          <FormItem>
            <WeekdayPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} firstRef={field.ref} />
            <FormMessage />
          </FormItem>
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="time" label="Time" type="time" />
        <TimeZoneField control={form.control} name="timeZone" />
      </div>

      <TextField
        control={form.control}
        name="postsAhead"
        label="Posts ahead"
        type="number"
        inputMode="numeric"
        min={1}
        max={POSTS_AHEAD_MAX}
        className="w-28"
        description="How many upcoming slots get a title at a time. Each post is written about a day before its slot."
      />

      <ModeField />
    </>
  );
}

const modes = [
  {
    value: "review",
    label: "Drafts for review (recommended)",
    hint: "Each draft waits for your approval. A draft you have not approved by its slot is skipped, never published unseen.",
  },
  {
    value: "auto",
    label: "Publish automatically",
    hint: "Each post is published in its slot without waiting for you.",
  },
] as const;

/** Drafts for review or published automatically; choosing the latter shows what it means. */
function ModeField() {
  const form = useFormContext<PlanSettingsValues>();
  const mode = useWatch({ control: form.control, name: "mode" });
  const modeName = useId();
  return (
    <FormField
      control={form.control}
      name="mode"
      render={({ field }) => (
        <FormItem>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">When a post is written</legend>
            {modes.map((option) => (
              <ModeOption
                key={option.value}
                name={modeName}
                {...option}
                checked={field.value === option.value}
                onChange={field.onChange}
                inputRef={field.value === option.value ? field.ref : undefined}
              />
            ))}
          </fieldset>
          {mode === "auto" ? (
            <div role="note" className="flex gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
              <p>
                Posts will go live on your site without anyone reading them first. You can pause the plan at any time,
                but a post that is already published stays published.
              </p>
            </div>
          ) : null}
        </FormItem>
      )}
    />
  );
}

function ModeOption({
  name,
  value,
  checked,
  onChange,
  inputRef,
  label,
  hint,
}: {
  name: string;
  value: "review" | "auto";
  checked: boolean;
  onChange: (value: "review" | "auto") => void;
  inputRef?: (element: HTMLInputElement | null) => void;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border p-3 transition-colors",
        checked ? "border-primary bg-secondary" : "border-border",
      )}
    >
      <input
        ref={inputRef}
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The publishing weekdays as a group of checkboxes (Tab to the group, Space to tick a day). */
function WeekdayPicker({
  value,
  onChange,
  onBlur,
  firstRef,
}: {
  value: number[];
  onChange: (days: number[]) => void;
  onBlur: () => void;
  firstRef: (element: HTMLInputElement | null) => void;
}) {
  const { error, formMessageId } = useFormField();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? formMessageId : undefined}>
      <legend className={cn("mb-2 text-sm font-medium", error && "text-destructive")}>Publish on</legend>
      <div className="flex flex-wrap gap-2">
        {weekdays.map((day, index) => {
          const checked = value.includes(day.value);
          return (
            <div key={day.value}>
              <input
                ref={index === 0 ? firstRef : undefined}
                id={`${id}-${day.value}`}
                type="checkbox"
                className="peer sr-only"
                checked={checked}
                onBlur={onBlur}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value.filter((d) => d !== day.value), day.value].sort((a, b) => a - b)
                      : value.filter((d) => d !== day.value),
                  )
                }
              />
              <label
                htmlFor={`${id}-${day.value}`}
                className={cn(
                  "inline-flex h-9 min-w-12 cursor-pointer select-none items-center justify-center rounded-full border px-3 text-sm font-medium transition-colors",
                  "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2",
                  checked
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-card text-foreground hover:bg-muted",
                )}
              >
                <span aria-hidden="true">{day.short}</span>
                <span className="sr-only">{day.long}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
