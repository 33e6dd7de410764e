import { VehicleInputSchema, type Vehicle, type VehicleInput } from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/ui/form-field";
import { errorText } from "../../lib/form-errors";
import { vehicleTypesQuery } from "../../lib/queries";
import { useSchemaForm } from "../../lib/use-schema-form";
import { createVehicle, updateVehicle } from "./api";
import { FormAlert } from "../../components/ui/form-alert";
import { vehicleTypeLabel } from "../../lib/format";

interface Values {
  plate_number: string;
  vehicle_type_id: string;
  make: string;
  model: string;
  color: string;
  nickname: string;
}

export function VehicleForm({
  vehicle,
  onDone,
  onCancel,
}: {
  vehicle: Vehicle | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["account", "auth", "bookings"]);
  const types = useQuery(vehicleTypesQuery());
  const form = useSchemaForm<Values, typeof VehicleInputSchema>({
    schema: VehicleInputSchema,
    defaultValues: {
      plate_number: vehicle?.plate_number ?? "",
      vehicle_type_id: String(vehicle?.vehicle_type_id ?? 1),
      make: vehicle?.make ?? "",
      model: vehicle?.model ?? "",
      color: vehicle?.color ?? "",
      nickname: vehicle?.nickname ?? "",
    },
    toInput: (v) => ({ ...v, vehicle_type_id: Number(v.vehicle_type_id) }),
  });
  const save = useMutation({
    mutationFn: (body: VehicleInput) => (vehicle ? updateVehicle(vehicle.id, body) : createVehicle(body)),
    onSuccess: onDone,
    onError: (err) => void form.showServerErrors(err),
  });
  const errors = form.formState.errors;
  const text = (k: "plate_number" | "make" | "model" | "color" | "nickname", label: string) => (
    <TextField label={label} autoComplete="off" error={errors[k]?.message} {...form.register(k)} />
  );

  return (
    <form
      className="acc-form acc-section"
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      aria-label={vehicle ? t("vehicles.editTitle") : t("vehicles.addTitle")}
    >
      <h3>{vehicle ? t("vehicles.editTitle") : t("vehicles.addTitle")}</h3>
      <FormAlert message={save.isError ? errorText(t, save.error) : null} />
      <div className="acc-grid">
        {text("plate_number", t("vehicles.plate"))}
        <SelectField
          label={t("vehicles.type")}
          error={errors.vehicle_type_id?.message}
          options={(types.data ?? [{ id: 1, name: "Car" }]).map(
            (vt) => [vt.id, vehicleTypeLabel(t, vt.id, vt.name)] as const,
          )}
          {...form.register("vehicle_type_id")}
        />
        {text("make", t("vehicles.make"))}
        {text("model", t("vehicles.model"))}
        {text("color", t("vehicles.color"))}
        {text("nickname", t("vehicles.nickname"))}
      </div>
      <div className="acc-row">
        <button type="submit" className="button button--accent" disabled={save.isPending || save.isSuccess}>
          {save.isPending ? t("loading") : t("vehicles.save")}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t("vehicles.cancel")}
        </button>
      </div>
    </form>
  );
}
