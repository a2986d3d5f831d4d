// A time zone field of a react-hook-form form: free text with the browser's IANA zones suggested (the plan settings),
// or a choice from the list of those zones (`list`: the account's time zone).
import type { ReactNode } from "react";
import { useId, useMemo } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "../../components/ui/form";
import { Input, inputClassName } from "../../components/ui/input";
import { timeZoneSuggestions } from "./plan-format";

export function TimeZoneField<T extends FieldValues>({
  control,
  name,
  description,
  list = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  description?: ReactNode;
  /** A choice from the list instead of free text. */
  list?: boolean;
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
            {list ? (
              <select {...field} className={inputClassName}>
                {/* The saved zone stays choosable even where this browser does not list it (UTC, for one). */}
                {(zones.includes(field.value) ? zones : [field.value, ...zones]).map((zone: string) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            ) : (
              <Input list={zonesId} autoComplete="off" spellCheck={false} {...field} />
            )}
          </FormControl>
          {list ? null : (
            <datalist id={zonesId}>
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          )}
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
