import { useId, type InputHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId} className="acc-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="acc-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | null;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <p className={`acc-alert acc-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
