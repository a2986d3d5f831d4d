// A time zone field of a react-hook-form form: free text with the browser's IANA zones suggested. Used by the plan
// settings and the account's time zone.
import type { ReactNode } from "react";
import { useId, useMemo } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { timeZoneSuggestions } from "./plan-format";

export function TimeZoneField<T extends FieldValues>({
  control,
  name,
  description,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  description?: ReactNode;
}) {
  const zonesId = useId();
  const zones = useMemo(timeZoneSuggestions, []);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Time zone</FormLabel>
          <FormControl>
            <Input list={zonesId} autoComplete="off" spellCheck={false} {...field} />
          </FormControl>
          <datalist id={zonesId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
