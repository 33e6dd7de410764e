import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { DefaultValues, FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormAlert } from "../../../components/ui/form-alert";
import { formAlertText, serverFields } from "../../../lib/form-errors";
import { useSchemaForm, type SchemaForm } from "../../../lib/use-schema-form";
import { FormDialog } from "../people/form-dialog";

/** A form field's name for a server field: `name.en` is the form's `name_en`. */
export const formName = (field: string) => field.replace(/\./g, "_");

/**
 * A catalogue record's form in a dialog (new or edit): the contract's rules checked as the user
 * submits, the server's field messages shown at their fields, anything else above the buttons.
 */
export function RecordDialog<V extends FieldValues, S extends z.ZodType>({
  open,
  title,
  schema,
  values,
  toInput,
  save,
  onClose,
  onSaved,
  submitLabel,
  children,
}: {
  open: boolean;
  title: string;
  schema: S;
  values: V;
  toInput: (v: V) => unknown;
  save: (body: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => Promise<unknown> | void;
  submitLabel: string;
  children: (form: SchemaForm<V, z.output<S>>) => ReactNode;
}) {
  return (
    <FormDialog open={open} title={title} onClose={onClose}>
      <RecordForm
        schema={schema}
        values={values}
        toInput={toInput}
        save={save}
        onClose={onClose}
        onSaved={onSaved}
        submitLabel={submitLabel}
      >
        {children}
      </RecordForm>
    </FormDialog>
  );
}

function RecordForm<V extends FieldValues, S extends z.ZodType>({
  schema,
  values,
  toInput,
  save,
  onClose,
  onSaved,
  submitLabel,
  children,
}: {
  schema: S;
  values: V;
  toInput: (v: V) => unknown;
  save: (body: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => Promise<unknown> | void;
  submitLabel: string;
  children: (form: SchemaForm<V, z.output<S>>) => ReactNode;
}) {
  const { t } = useTranslation(["admin-marketplace", "admin", "auth"]);
  const form = useSchemaForm<V, S>({ schema, defaultValues: values as DefaultValues<V>, toInput });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await onSaved();
      onClose();
    },
    onError: (err) => {
      const known = form.getValues();
      for (const [field, message] of Object.entries(serverFields(err))) {
        const name = formName(field);
        if (name in known) form.setError(name as Path<V>, { type: "server", message });
      }
    },
  });
  const shown = Object.keys(serverFields(mutation.error)).filter((f) => formName(f) in form.getValues());
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))}>
      <fieldset className="mp-dialog-fields" disabled={mutation.isPending}>
        {children(form)}
      </fieldset>
      <FormAlert message={formAlertText(t, mutation.error, shown)} />
      <div className="admin-dialog__actions">
        <button type="button" className="button" disabled={mutation.isPending} onClick={onClose}>
          {t("admin:confirm.cancel")}
        </button>
        <button type="submit" className="button button--accent" disabled={mutation.isPending}>
          {mutation.isPending ? t("saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}
