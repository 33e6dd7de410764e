import { isoToZonedInput, zonedInputToIso } from "../../lib/zoned-time";

/**
 * A date and time typed on a park's clock (`zone`), whatever the phone's zone: the value and `min`
 * are ISO instants, `onChange` gives one back (undefined while the field is incomplete).
 */
export function ZonedDateTimeInput(props: {
  id: string;
  zone: string;
  value: string | undefined;
  min?: string | undefined;
  describedBy: string;
  invalid?: boolean;
  onChange: (iso: string | undefined) => void;
}) {
  return (
    <input
      id={props.id}
      type="datetime-local"
      value={isoToZonedInput(props.value, props.zone)}
      {...(props.min !== undefined ? { min: isoToZonedInput(props.min, props.zone) } : {})}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid ?? false}
      onChange={(e) => props.onChange(zonedInputToIso(e.target.value, props.zone))}
    />
  );
}
