// A form bound to react-hook-form: the provider its fields read, and a <form> that checks the values before it
// submits them. The browser's own validation is off (noValidate): the fields show their errors themselves.
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Form } from "./form";

export function BoundForm<T extends FieldValues, TTransformed>({
  form,
  onSubmit,
  label,
  className = "grid gap-4",
  children,
}: {
  form: UseFormReturn<T, unknown, TTransformed>;
  /** Called with the checked values. */
  onSubmit: (values: TTransformed) => void;
  /** The form's accessible name, where a page holds several forms. */
  label?: string;
  /** The form's layout; by default its fields stand one under another. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form noValidate aria-label={label} onSubmit={form.handleSubmit(onSubmit)} className={className}>
        {children}
      </form>
    </Form>
  );
}
