import { PASS_MAX_PLATES, PassVehiclesSchema, type PassDetail } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { ClosedForm, useOpenedForm } from "../../components/ui/opened-form";
import { TextField } from "../../components/ui/form-field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { setPassPlates } from "./pass-api";
import { plateFieldOf, platesOf, type PlatesForm } from "./pass-format";

/** Changes the pass's plates (one or two), at once: a plate taken off is no longer let in. */
export function PassPlatesForm({ pass }: { pass: PassDetail }) {
  const { t } = useTranslation("passes");
  const client = useQueryClient();
  const panel = useOpenedForm();
  const form = useSchemaForm<PlatesForm, typeof PassVehiclesSchema>({
    schema: PassVehiclesSchema,
    defaultValues: { plates: [pass.plates[0] ?? "", pass.plates[1] ?? ""] },
    toInput: (v) => ({ plates: platesOf(v) }),
    fieldOf: plateFieldOf,
  });
  const save = useMutation({
    mutationFn: (plates: string[]) => setPassPlates(pass.pass_code, plates),
    onSuccess: async (changed) => {
      panel.close(changed.plates.join(", "));
      client.setQueryData(["passes", "detail", pass.pass_code], changed);
      form.reset({ plates: [changed.plates[0] ?? "", changed.plates[1] ?? ""] });
      await client.invalidateQueries({ queryKey: ["passes", "list"] });
    },
    onError: (err) => void form.showServerErrors(err),
  });
  const submit = form.handleSubmit((body) => {
    if (!save.isPending) save.mutate(body.plates);
  });
  const errors = form.formState.errors.plates;

  if (!panel.open) {
    return (
      <ClosedForm
        className="pass-plates"
        title={t("plates.title")}
        done={panel.done === undefined ? undefined : t("plates.changed", { plates: panel.done })}
        opener={panel.opener}
        openLabel={t("plates.open")}
        onOpen={panel.show}
      />
    );
  }
  return (
    <form
      className="pass-plates pass-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("plates.title")}
    >
      <h3>{t("plates.title")}</h3>
      <p className="field__hint">{t("plates.hint", { count: PASS_MAX_PLATES })}</p>
      <TextField
        label={t("plates.first")}
        required
        autoComplete="off"
        autoCapitalize="characters"
        error={errors?.[0]?.message}
        {...form.register("plates.0")}
      />
      <TextField
        label={t("plates.second")}
        autoComplete="off"
        autoCapitalize="characters"
        error={errors?.[1]?.message}
        {...form.register("plates.1")}
      />
      <p className="field__hint">{t("plates.atOnce")}</p>
      <FormAlert message={form.serverAlert(save.error)} />
      <div className="pass-buttons">
        <button type="submit" className="button button--accent" disabled={save.isPending}>
          {t("plates.save")}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            form.reset();
            panel.close();
          }}
        >
          {t("plates.keep")}
        </button>
      </div>
    </form>
  );
}
