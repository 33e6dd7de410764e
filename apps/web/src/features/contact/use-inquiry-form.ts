import type { InquiryReceipt } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ApiError } from "../../lib/api";
import { validate, type FieldMessage } from "./validation";

export type InquiryStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "sent"; receipt: InquiryReceipt }
  | { kind: "failed"; message: string | null };

/**
 * State of a form stored on the server: checks it with the contract schema first, then posts it;
 * a 422 from the server puts its messages on the fields, anything else becomes one error line.
 */
export function useInquiryForm<V extends Record<string, string>, S extends z.ZodType>(options: {
  initial: V;
  schema: S;
  toPayload: (values: V) => unknown;
  send: (body: z.infer<S>) => Promise<InquiryReceipt>;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Record<string, FieldMessage | string>>({});
  const [status, setStatus] = useState<InquiryStatus>({ kind: "idle" });

  const set = (name: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name as string]: _gone, ...rest } = e;
      return rest;
    });
  };

  const focusFirstError = (form: HTMLFormElement) => {
    requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = validate(options.schema, options.toPayload(values));
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form);
      return;
    }
    setStatus({ kind: "submitting" });
    try {
      const receipt = await options.send(checked.data);
      setStatus({ kind: "sent", receipt });
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        setStatus({ kind: "idle" });
        focusFirstError(form);
      } else {
        setStatus({ kind: "failed", message: err instanceof ApiError ? err.message : null });
      }
    }
  };

  const reset = () => {
    setValues(options.initial);
    setErrors({});
    setStatus({ kind: "idle" });
  };

  return { values, set, errors, status, onSubmit, reset };
}

/** A field's message in the visitor's language (ours) or as the server wrote it. */
export function errorText(
  t: (key: string, values?: Record<string, unknown>) => string,
  error: FieldMessage | string | undefined,
): string | undefined {
  if (!error) return undefined;
  return typeof error === "string" ? error : t(error.key, error.values);
}
