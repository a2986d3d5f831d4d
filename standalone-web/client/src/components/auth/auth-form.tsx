// The form of a sign-in page (log in, register, verify the email, forgot or reset the password): its fields, then a
// full-width submit button that says it is busy while the request runs.
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useHydrated } from "../../hooks/use-hydrated";
import { Button } from "../ui/button";
import { Form } from "../ui/form";

export function AuthForm<T extends FieldValues, TTransformed>({
  form,
  mutation,
  submitLabels,
  waitForHydration = false,
  children,
}: {
  form: UseFormReturn<T, unknown, TTransformed>;
  /** What the form's values are sent with, and whether that is under way. */
  mutation: { mutate: (values: TTransformed) => void; isPending: boolean };
  /** The submit button's label, idle and while the request runs. */
  submitLabels: { idle: string; pending: string };
  /** Keep the fields disabled until React has taken over the prerendered page (see useHydrated). */
  waitForHydration?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const body = (
    <>
      {children}
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        {mutation.isPending ? submitLabels.pending : submitLabels.idle}
      </Button>
    </>
  );
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
        {waitForHydration ? (
          <fieldset disabled={!hydrated} className="contents">
            {body}
          </fieldset>
        ) : (
          body
        )}
      </form>
    </Form>
  );
}
