import type { VehicleDocType, VehicleRenewalDetails } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { saveVehicleExpiries } from "./api";

/**
 * The expiry dates of a vehicle's papers renewed elsewhere, typed by the driver (PUT
 * /vehicle-docs/vehicles/{id}/expiries): a closed disclosure under the vehicle's statuses, which
 * follow the saved dates.
 */
export function ExpiriesForm({
  vehicle,
  documents,
}: {
  vehicle: VehicleRenewalDetails;
  documents: readonly VehicleDocType[];
}) {
  const { t } = useTranslation("vehicle-docs");
  const client = useQueryClient();
  const saved = () =>
    Object.fromEntries(vehicle.expiries.map((e) => [e.document_type, e.expires_on])) as Partial<
      Record<VehicleDocType, string>
    >;
  const [dates, setDates] = useState(saved);
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: (expiries: { document_type: VehicleDocType; expires_on: string }[]) =>
      saveVehicleExpiries(vehicle.vehicle_id, expiries),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["vehicle-docs"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const expiries = documents
      .filter((d) => dates[d])
      .map((d) => ({ document_type: d, expires_on: dates[d]! }));
    setMissing(expiries.length === 0);
    if (expiries.length > 0) save.mutate(expiries);
  };
  const fieldError = (d: VehicleDocType) => {
    const fields = save.error instanceof ApiError ? save.error.fields : undefined;
    const index = documents.filter((x) => dates[x]).indexOf(d);
    return fields?.[`expiries.${index}.expires_on`];
  };
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const shownAtField = Object.keys(fields).some((k) => /^expiries\.\d+\.expires_on$/.test(k));
  return (
    <details className="vd-expiries">
      <summary>{t("expiries.title")}</summary>
      <form noValidate onSubmit={submit} aria-label={`${t("expiries.title")} · ${vehicle.plate_number}`}>
        <p className="field__hint">{t("expiries.hint")}</p>
        <div className="vd-fields">
          {documents.map((d) => (
            <TextField
              key={d}
              type="date"
              label={t(`docs.${d}`)}
              value={dates[d] ?? ""}
              error={fieldError(d)}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDates((x) => ({ ...x, [d]: value }));
              }}
            />
          ))}
        </div>
        <FormAlert
          message={
            missing
              ? t("expiries.none")
              : save.error instanceof ApiError && !shownAtField
                ? save.error.message
                : null
          }
        />
        <FormAlert tone="success" message={save.isSuccess ? t("expiries.saved") : null} />
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t("expiries.saving") : t("expiries.save")}
        </button>
      </form>
    </details>
  );
}
