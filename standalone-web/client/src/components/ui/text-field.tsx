// Labelled form controls bound to a react-hook-form field: label, control, optional hint and the field's error, wired
// for assistive technology by the form primitives. TextField and TextareaField are the two common controls;
// LabelledField takes any control.
import type { ChangeEvent, InputHTMLAttributes, ReactElement, ReactNode, TextareaHTMLAttributes } from "react";
import type { ControllerProps, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./form";
import { Input } from "./input";
import { Textarea } from "./textarea";

interface FieldBindingProps<
  T extends FieldValues,
  TName extends FieldPath<T> = FieldPath<T>,
  TTransformed = T,
> extends Pick<ControllerProps<T, TName, TTransformed>, "control" | "name" | "rules"> {
  label: ReactNode;
  /** Classes for the label (e.g. sr-only where the context names the field). */
  labelClassName?: string;
  /** A hint shown under the control. */
  description?: ReactNode;
}

export interface LabelledFieldProps<
  T extends FieldValues,
  TName extends FieldPath<T> = FieldPath<T>,
  TTransformed = T,
> extends FieldBindingProps<T, TName, TTransformed> {
  /** The control, given the field's value and handlers. */
  children: (field: ControllerRenderProps<T, TName>) => ReactElement;
}

export function LabelledField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>, TTransformed = T>({
  control,
  name,
  rules,
  label,
  labelClassName,
  description,
  children,
}: LabelledFieldProps<T, TName, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <FormItem>
          <FormLabel className={labelClassName}>{label}</FormLabel>
          <FormControl>{children(field)}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Calls the field's own change handler, then the one given by the caller, if any. */
function chainChange<E>(field: (event: E) => void, own: ((event: E) => void) | undefined) {
  if (!own) return field;
  return (event: E) => {
    field(event);
    own(event);
  };
}

/** Splits a field component's props into the field's binding (for LabelledField) and the control's own props. */
function splitBinding<T extends FieldValues, TName extends FieldPath<T>, TTransformed, P>(
  props: FieldBindingProps<T, TName, TTransformed> & P,
): [FieldBindingProps<T, TName, TTransformed>, Omit<P, keyof FieldBindingProps<T, TName, TTransformed>>] {
  const { control, name, rules, label, labelClassName, description, ...own } = props;
  return [{ control, name, rules, label, labelClassName, description }, own];
}

type ControlProps<A> = Omit<A, "name" | "form" | "value" | "defaultValue">;

export type TextFieldProps<
  T extends FieldValues,
  TName extends FieldPath<T> = FieldPath<T>,
  TTransformed = T,
> = FieldBindingProps<T, TName, TTransformed> & ControlProps<InputHTMLAttributes<HTMLInputElement>>;

export function TextField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>, TTransformed = T>(
  props: TextFieldProps<T, TName, TTransformed>,
) {
  const [binding, { onChange, ...inputProps }] = splitBinding(props);
  return (
    <LabelledField {...binding}>
      {(field) => (
        <Input
          {...inputProps}
          {...field}
          onChange={chainChange<ChangeEvent<HTMLInputElement>>(field.onChange, onChange)}
        />
      )}
    </LabelledField>
  );
}

export type TextareaFieldProps<
  T extends FieldValues,
  TName extends FieldPath<T> = FieldPath<T>,
  TTransformed = T,
> = FieldBindingProps<T, TName, TTransformed> &
  Omit<ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>, "onChange">;

/** A labelled textarea; an empty (null) value shows as an empty box. */
export function TextareaField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>, TTransformed = T>(
  props: TextareaFieldProps<T, TName, TTransformed>,
) {
  const [binding, textareaProps] = splitBinding(props);
  return (
    <LabelledField {...binding}>
      {(field) => <Textarea {...textareaProps} {...field} value={field.value ?? ""} />}
    </LabelledField>
  );
}

/** A field's name marked "(optional)" in a muted weight, for labels and legends. */
export function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}
