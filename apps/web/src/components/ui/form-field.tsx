import "./field.css";
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/**
 * The one field of the web app (`.field`): a label, an optional hint, the control, and the
 * field's error, tied to the control with aria-describedby and aria-invalid. It knows no form
 * library: react-hook-form's `register()` spreads onto the controls below, and a form without it
 * (the home search) uses the same markup.
 */
export interface FieldProps {
  label: string;
  /** The field's error: its sentence, or a sentence with a code kept whole (WithCode). */
  error?: ReactNode;
  hint?: string | undefined;
  /** Marks the label with an asterisk (and the control as required). */
  required?: boolean | undefined;
  /** Spans every column of a grid of fields. */
  wide?: boolean | undefined;
  /** The error is announced at once (role=alert): for a dialog's single field. */
  announce?: boolean | undefined;
  /** The control's id, when something else needs it; otherwise one is made. */
  id?: string | undefined;
  /** Ids of hints outside the field that describe the control too. */
  describedBy?: string | undefined;
}

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function Field({
  label,
  error,
  hint,
  required,
  wide,
  announce,
  id: givenId,
  describedBy,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const made = useId();
  const id = givenId ?? made;
  const className = ["field", wide && "field--wide", error && "field--error"].filter(Boolean).join(" ");
  const control: ControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hint && `${id}-hint`, error && `${id}-error`, describedBy].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children(control)}
      {error && (
        <p className="field__error" id={`${id}-error`} role={announce ? "alert" : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

type Own = keyof FieldProps | "children";

const FIELD_KEYS = [
  "label",
  "error",
  "hint",
  "required",
  "wide",
  "announce",
  "id",
  "describedBy",
] as const satisfies readonly (keyof FieldProps)[];

/** A field component's props, split into the Field's own and the control's. */
function splitField<P extends FieldProps>(props: P): [FieldProps, Omit<P, keyof FieldProps>] {
  const control = { ...props } as Record<string, unknown>;
  const field: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) {
    field[key] = control[key];
    delete control[key];
  }
  return [field as unknown as FieldProps, control as Omit<P, keyof FieldProps>];
}

export function TextField({
  ref,
  ...props
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, Own> & { ref?: Ref<HTMLInputElement> | undefined }) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <input
          type="text"
          inputMode={input.type === "number" ? "numeric" : undefined}
          required={field.required}
          {...input}
          {...control}
          ref={ref}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  ref,
  ...props
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own> & { ref?: Ref<HTMLTextAreaElement> | undefined }) {
  const [field, textarea] = splitField(props);
  return (
    <Field {...field}>
      {(control) => <textarea rows={6} required={field.required} {...textarea} {...control} ref={ref} />}
    </Field>
  );
}

export function SelectField({
  ref,
  options,
  ...props
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, Own> & {
    ref?: Ref<HTMLSelectElement> | undefined;
    options: readonly (readonly [value: string | number, label: string])[];
  }) {
  const [field, select] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <select required={field.required} {...select} {...control} ref={ref}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
