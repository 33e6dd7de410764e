import {
  VehicleRenewalDetailsBodySchema,
  VEHICLE_USES,
  type VehicleRenewalDetails,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/ui/spinner";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextField } from "../../components/ui/form-field";
import { useSelectedCountry } from "../../lib/country";
import { useSchemaForm } from "../../lib/use-schema-form";
import { saveRenewalDetails, statesQuery } from "./api";

interface Values {
  year: string;
  engine_cc: string;
  vin: string;
  state_code: string;
  vehicle_use: string;
}

const valuesOf = (v: VehicleRenewalDetails): Values => ({
  year: v.year === null ? "" : String(v.year),
  engine_cc: v.engine_cc === null ? "" : String(v.engine_cc),
  vin: v.vin ?? "",
  state_code: v.state_code ?? "",
  vehicle_use: v.vehicle_use ?? "",
});

const numberOrText = (s: string) => (s.trim() === "" ? undefined : /^\d+$/.test(s.trim()) ? Number(s) : s);

/**
 * What renewal needs of a saved vehicle: year, engine capacity, chassis number, state of
 * registration (Nigeria's states, from the reference data) and use. Saved to the vehicle.
 */
export function DetailsForm({ vehicle }: { vehicle: VehicleRenewalDetails }) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  const country = useSelectedCountry();
  const states = useQuery(statesQuery(country.id));
  const client = useQueryClient();
  const form = useSchemaForm<Values, typeof VehicleRenewalDetailsBodySchema>({
    schema: VehicleRenewalDetailsBodySchema,
    defaultValues: valuesOf(vehicle),
    values: valuesOf(vehicle),
    toInput: (v) => ({
      year: numberOrText(v.year),
      engine_cc: numberOrText(v.engine_cc),
      vin: v.vin.trim() === "" ? undefined : v.vin,
      state_code: v.state_code === "" ? undefined : v.state_code,
      vehicle_use: v.vehicle_use === "" ? undefined : v.vehicle_use,
    }),
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveRenewalDetails>[1]) =>
      saveRenewalDetails(vehicle.vehicle_id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["vehicle-docs"] });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const errors = form.formState.errors;
  const alert = form.serverAlert(save.error);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("details.title", { plate: vehicle.plate_number })}</h2>
      <p className="field__hint">{t("details.hint")}</p>
      {/* The state's select gets its saved value once its options (the reference data) are there. */}
      {states.isPending ? (
        <Spinner />
      ) : (
        <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
          <div className="vd-fields">
            <SelectField
              label={t("details.state")}
              error={errors.state_code?.message}
              options={[
                ["", t("details.chooseState")],
                ...(states.data ?? []).map((s) => [s.code, s.name] as const),
              ]}
              {...form.register("state_code")}
            />
            <SelectField
              label={t("details.use")}
              error={errors.vehicle_use?.message}
              options={[
                ["", t("details.chooseUse")],
                ...VEHICLE_USES.map((u) => [u, t(`details.uses.${u}`)] as const),
              ]}
              {...form.register("vehicle_use")}
            />
            <TextField
              label={t("details.year")}
              inputMode="numeric"
              autoComplete="off"
              error={errors.year?.message}
              {...form.register("year")}
            />
            <TextField
              label={t("details.engine")}
              inputMode="numeric"
              autoComplete="off"
              error={errors.engine_cc?.message}
              {...form.register("engine_cc")}
            />
            <TextField
              label={t("details.vin")}
              autoComplete="off"
              autoCapitalize="characters"
              error={errors.vin?.message}
              {...form.register("vin")}
            />
          </div>
          <FormAlert message={alert} />
          {save.isSuccess && !form.formState.isDirty && (
            <p role="status" className="field__hint">
              {t("details.saved")}
            </p>
          )}
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? t("details.saving") : t("details.save")}
          </button>
        </form>
      )}
    </section>
  );
}
