import { useRef } from "react";
import {
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { fieldText, formAlertText, issueMessages, serverFields, valueAt } from "./form-errors";

export type SchemaForm<V extends FieldValues, Out> = UseFormReturn<V, unknown, Out> & {
  /**
   * A refused request's field messages (`fields`, already in the page's language) at their fields
   * shown in the form; the first on the page takes the focus. Returns whether any field got one.
   */
  showServerErrors: (err: unknown) => boolean;
  /**
   * The form's alert for a refused request: what no field of the form shows (formAlertText), so
   * that no server message is dropped. Null when there is no error or the fields say it all.
   */
  serverAlert: (err: unknown) => string | null;
};

/**
 * The web forms' one way (react-hook-form): the values, as `toInput` turns them into the request
 * body, are checked with the contract's zod schema, the same rules the server applies; each
 * field's first problem is shown at the field in the page's language (form-errors.ts maps the
 * issue codes), and on submit the first invalid field takes the focus. `handleSubmit` hands the
 * schema's output to the submit function, which sends it with a TanStack mutation.
 */
export function useSchemaForm<V extends FieldValues, S extends z.ZodType>(options: {
  schema: S;
  defaultValues: DefaultValues<V>;
  /** The request body made of the form's values (strings to numbers, "" to null, ...). */
  toInput?: (values: V) => unknown;
  /** A field's own text (catalogue key, `ns:key`) when it is empty, instead of "This field is required!". */
  requiredText?: Partial<Record<Path<V>, string>>;
  /** Values kept outside the form (the URL): the form follows them. */
  values?: UseFormProps<V>["values"];
  /**
   * The form's field (dotted: "rows.2.hourly") a problem at a path of the body is shown at, for a
   * form whose fields are not the body's top-level ones (a table of cells, a day's hours): the
   * schema's issues and the server's 422 `fields` ("rates.2.hourly") alike. Without it, a problem
   * is shown at the body's top-level field of the same name.
   */
  fieldOf?: (path: readonly PropertyKey[], values: V) => string;
}): SchemaForm<V, z.output<S>> {
  const { t } = useTranslation("auth");
  const { schema, toInput, requiredText, fieldOf } = options;
  // A new resolver each render: react-hook-form reads its options afresh, so `toInput` sees the
  // current park, vehicle type or language.
  const resolver: Resolver<V, unknown, z.output<S>> = async (values) => {
    const input = toInput ? toInput(values) : values;
    const result = await schema.safeParseAsync(input);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    const messages = fieldOf
      ? issueMessages(result.error.issues, input, (path) => fieldOf(path, values), values)
      : issueMessages(result.error.issues, input);
    for (const [field, message] of Object.entries(messages)) {
      const own = message.key === "validation.required" ? requiredText?.[field as Path<V>] : undefined;
      set(errors, field, { type: message.key, message: fieldText(t, own ? { key: own } : message) });
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
  const form = useForm<V, unknown, z.output<S>>({
    defaultValues: options.defaultValues,
    // Values kept elsewhere (the checkout's URL) flow in without wiping the fields' errors.
    ...(options.values ? { values: options.values, resetOptions: { keepErrors: true } } : {}),
    resolver,
    // Focus goes to the first invalid field on the page (below), not in the order fields registered.
    shouldFocusError: false,
  });
  const element = useRef<HTMLFormElement | null>(null);
  // Per refused request, the fields whose message is shown at them (the rest goes to the alert).
  const placed = useRef(new WeakMap<object, string[]>());
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      element.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
    );
  return {
    ...form,
    handleSubmit: (onValid, onInvalid) => async (event) => {
      if (event?.currentTarget instanceof HTMLFormElement) element.current = event.currentTarget;
      await form.handleSubmit(onValid, async (errors, e) => {
        await onInvalid?.(errors, e);
        focusFirstInvalid();
      })(event);
    },
    showServerErrors: (err) => {
      const known = form.getValues();
      const at = (name: string) =>
        fieldOf
          ? fieldOf(
              name.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
              known,
            )
          : name;
      // A field of the form's values that is not on the page (a saved vehicle's select when the
      // driver has none) would hold its message unseen: that message is the alert's.
      const onPage = (name: string) =>
        !element.current || element.current.querySelector(`[name="${CSS.escape(name)}"]`) !== null;
      // [the server's name, the form's field, the message]: the alert leaves out the server's names shown.
      const fields = Object.entries(serverFields(err))
        .map(([name, message]) => [name, at(name), message] as const)
        .filter(([, name]) => (fieldOf ? valueAt(known, name) !== undefined : name in known) && onPage(name));
      for (const [, name, message] of fields) form.setError(name as Path<V>, { type: "server", message });
      if (err && typeof err === "object")
        placed.current.set(
          err,
          fields.map(([name]) => name),
        );
      if (fields.length > 0) focusFirstInvalid();
      return fields.length > 0;
    },
    serverAlert: (err) =>
      formAlertText(t, err, err && typeof err === "object" ? (placed.current.get(err) ?? []) : []),
  };
}
