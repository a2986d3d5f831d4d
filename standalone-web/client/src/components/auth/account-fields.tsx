// The fields an account is identified with: its email address, a password, and a one-time code sent by email.
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { CODE_LENGTH } from "../../lib/verification";
import { TextField, type TextFieldProps } from "../ui/text-field";

/** The account's email address, as the sign-in pages ask for it. */
export function EmailField<T extends FieldValues & { email: string }, TTransformed>({
  control,
}: {
  control: Control<T, unknown, TTransformed>;
}) {
  return (
    <TextField<T, FieldPath<T>, TTransformed>
      control={control}
      name={"email" as FieldPath<T>}
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
    />
  );
}

type FieldProps<T extends FieldValues, TName extends FieldPath<T>, TTransformed, Fixed extends string> = Omit<
  TextFieldProps<T, TName, TTransformed>,
  Fixed
>;

/** A password: the one in use (current) or one being chosen (new), which the browser's password manager tells apart. */
export function PasswordField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>, TTransformed = T>({
  purpose,
  ...props
}: FieldProps<T, TName, TTransformed, "type" | "autoComplete"> & { purpose: "current" | "new" }) {
  return <TextField {...props} type="password" autoComplete={`${purpose}-password`} />;
}

/** The 6-digit code an email carried, which the browser may offer to fill in. */
export function CodeField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>, TTransformed = T>(
  props: FieldProps<T, TName, TTransformed, "inputMode" | "autoComplete" | "maxLength">,
) {
  return <TextField {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} />;
}
