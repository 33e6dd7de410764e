import "./content.css";
import { useId, type ReactNode } from "react";
import { ZonedDateTimeInput } from "./zoned-date-time-input";

interface BaseProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

/** A labelled control with its hint and error wired through aria-describedby. */
function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  children,
}: Omit<BaseProps, "name"> & { id: string; children: ReactNode }) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

export function TextField(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    type?: "text" | "email" | "tel" | "number";
    autoComplete?: string;
    multiline?: boolean;
    maxLength?: number;
  },
) {
  const id = useId();
  const common = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy(id, props.hint, props.error),
    maxLength: props.maxLength,
  };
  return (
    <FieldShell {...props} id={id}>
      {props.multiline ? (
        <textarea {...common} rows={6} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          inputMode={props.type === "number" ? "numeric" : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    options: [value: string, label: string][];
  },
) {
  const id = useId();
  return (
    <FieldShell {...props} id={id}>
      <select
        id={id}
        name={props.name}
        value={props.value}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A date and time on a park's clock (ZonedDateTimeInput) as a field: label, error, and `note`, the id of a shared hint. */
export function ZonedDateTimeField(
  props: Omit<BaseProps, "name"> & {
    zone: string;
    value: string | undefined;
    min?: string | undefined;
    note: string;
    onChange: (iso: string | undefined) => void;
  },
) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <ZonedDateTimeInput
        id={id}
        zone={props.zone}
        value={props.value}
        min={props.min}
        invalid={Boolean(props.error)}
        describedBy={[describedBy(id, props.hint, props.error), props.note].filter(Boolean).join(" ")}
        onChange={props.onChange}
      />
    </FieldShell>
  );
}
