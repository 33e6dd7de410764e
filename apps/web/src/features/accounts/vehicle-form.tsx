import { VehicleInputSchema, type Vehicle } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { createVehicle, updateVehicle } from "./api";
import { errorText, serverFields, zodFields } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";

const vehicleTypesQuery = {
  queryKey: ["vehicle-types"],
  queryFn: () => api<{ id: number; name: string }[]>("/vehicles/public"),
  staleTime: Infinity,
};

export function VehicleForm({
  vehicle,
  onDone,
  onCancel,
}: {
  vehicle: Vehicle | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["account", "auth"]);
  const types = useQuery(vehicleTypesQuery);
  const [form, setForm] = useState({
    plate_number: vehicle?.plate_number ?? "",
    vehicle_type_id: vehicle?.vehicle_type_id ?? 1,
    make: vehicle?.make ?? "",
    model: vehicle?.model ?? "",
    color: vehicle?.color ?? "",
    nickname: vehicle?.nickname ?? "",
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const text = (
    k: "plate_number" | "make" | "model" | "color" | "nickname",
    label: string,
    autoComplete = "off",
  ) => (
    <Field
      label={label}
      name={k}
      autoComplete={autoComplete}
      value={form[k]}
      onChange={(e) => setForm({ ...form, [k]: e.target.value })}
      error={fields[k]}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = VehicleInputSchema.safeParse(form);
    if (!parsed.success) {
      setFields(zodFields(parsed.error, t));
      return;
    }
    setFields({});
    setSaving(true);
    try {
      if (vehicle) await updateVehicle(vehicle.id, form);
      else await createVehicle(form);
      onDone();
    } catch (err) {
      setFields(serverFields(t, err));
      setError(errorText(t, err));
      setSaving(false);
    }
  };

  return (
    <form
      className="acc-form acc-section"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={vehicle ? t("vehicles.editTitle") : t("vehicles.addTitle")}
    >
      <h3>{vehicle ? t("vehicles.editTitle") : t("vehicles.addTitle")}</h3>
      <FormAlert message={error} />
      <div className="acc-grid">
        {text("plate_number", t("vehicles.plate"))}
        <div className="acc-field">
          <label htmlFor="vehicle-type">{t("vehicles.type")}</label>
          <select
            id="vehicle-type"
            value={form.vehicle_type_id}
            onChange={(e) => setForm({ ...form, vehicle_type_id: Number(e.target.value) })}
          >
            {(types.data ?? [{ id: 1, name: "Car" }]).map((vt) => (
              <option key={vt.id} value={vt.id}>
                {vt.name}
              </option>
            ))}
          </select>
        </div>
        {text("make", t("vehicles.make"))}
        {text("model", t("vehicles.model"))}
        {text("color", t("vehicles.color"))}
        {text("nickname", t("vehicles.nickname"))}
      </div>
      <div className="acc-row">
        <button type="submit" className="button button--accent" disabled={saving}>
          {saving ? t("loading") : t("vehicles.save")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("vehicles.cancel")}
        </button>
      </div>
    </form>
  );
}
