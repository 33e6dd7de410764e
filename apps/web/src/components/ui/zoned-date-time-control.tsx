import type { ComponentProps } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { ZonedDateTimeField } from "./zoned-date-time-input";

type Shown = Omit<ComponentProps<typeof ZonedDateTimeField>, "ref" | "value" | "onChange">;

/**
 * ZonedDateTimeField bound to a react-hook-form field: its value, ref (focus on a refused submit)
 * and error. `error` is shown when the form has none for the field; `onValue` hears each change.
 * Apart from zoned-date-time-input.tsx so that pages without forms load no form library.
 */
export function ZonedDateTimeControl<V extends FieldValues, Out = V>({
  control,
  name,
  error,
  onValue,
  ...shown
}: Shown & {
  control: Control<V, unknown, Out>;
  name: Path<V>;
  onValue?: (iso: string | undefined) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ZonedDateTimeField
          {...shown}
          name={field.name}
          ref={field.ref}
          value={(field.value as string) || undefined}
          error={fieldState.error?.message ?? error}
          onChange={(iso) => {
            field.onChange(iso ?? "");
            onValue?.(iso);
          }}
        />
      )}
    />
  );
}
