import type { Ref } from "react";
import { Field, type FieldProps } from "./form-field";
import { isoToZonedInput, zonedInputToIso } from "../../lib/zoned-time";

/**
 * A date and time typed on a park's clock (`zone`), whatever the phone's zone: the value and `min`
 * are ISO instants, `onChange` gives one back (undefined while the field is incomplete).
 */
export function ZonedDateTimeInput({
  ref,
  ...props
}: {
  id: string;
  /** The form field's name (a server's message for it finds it by name). */
  name?: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  zone: string;
  value: string | undefined;
  min?: string | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  onChange: (iso: string | undefined) => void;
}) {
  return (
    <input
      id={props.id}
      name={props.name}
      ref={ref}
      type="datetime-local"
      value={isoToZonedInput(props.value, props.zone)}
      {...(props.min !== undefined ? { min: isoToZonedInput(props.min, props.zone) } : {})}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid ?? false}
      onChange={(e) => props.onChange(zonedInputToIso(e.target.value, props.zone))}
    />
  );
}

/** ZonedDateTimeInput as a Field: label, hint, error (apart from form-field.tsx so that a page without it loads no zone code). */
export function ZonedDateTimeField({
  ref,
  name,
  zone,
  value,
  min,
  onChange,
  ...props
}: FieldProps & {
  name?: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  zone: string;
  value: string | undefined;
  min?: string | undefined;
  onChange: (iso: string | undefined) => void;
}) {
  return (
    <Field {...props}>
      {(control) => (
        <ZonedDateTimeInput
          ref={ref}
          id={control.id}
          name={name}
          zone={zone}
          value={value}
          min={min}
          invalid={control["aria-invalid"]}
          describedBy={control["aria-describedby"]}
          onChange={onChange}
        />
      )}
    </Field>
  );
}
