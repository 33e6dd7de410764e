import { ChangeVehicleBodySchema, type Booking, type ChangeVehicleBody } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { ClosedForm, useOpenedForm } from "../../components/ui/opened-form";
import { savedVehiclesQuery } from "../../lib/queries";
import { useSchemaForm } from "../../lib/use-schema-form";
import { changeBookingVehicle } from "./api";
import { preselectedVehicle } from "../../lib/vehicle-choice";
import { VehicleFields, type VehicleChoice } from "./vehicle-fields";

/**
 * Puts another vehicle on an upcoming booking: one of the driver's saved vehicles of the booked
 * type, or a plate typed for it. The space and the price stay as they are.
 */
export function ChangeVehicleForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation(["bookings", "auth"]);
  const client = useQueryClient();
  const panel = useOpenedForm();
  const vehicles = useQuery({ ...savedVehiclesQuery(), enabled: panel.open });
  const form = useSchemaForm<VehicleChoice, typeof ChangeVehicleBodySchema>({
    schema: ChangeVehicleBodySchema,
    defaultValues: { vehicle_id: "", plate_number: "" },
    toInput: (v) =>
      Number(v.vehicle_id) ? { vehicle_id: Number(v.vehicle_id) } : { plate_number: v.plate_number },
  });

  // Opened with nothing chosen yet: the saved vehicle of the booked type (the default, else the only one).
  const preset = panel.open
    ? preselectedVehicle(vehicles.data ?? [], booking.vehicle_type_id)?.id
    : undefined;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (preset !== undefined && !getValues("vehicle_id") && !getValues("plate_number"))
      setValue("vehicle_id", String(preset));
  }, [preset, getValues, setValue]);

  const change = useMutation({
    mutationFn: (body: ChangeVehicleBody) =>
      changeBookingVehicle(
        booking.id,
        body.vehicle_id ? { vehicle_id: body.vehicle_id } : { plate_number: body.plate_number ?? "" },
      ),
    onSuccess: async (changed) => {
      panel.close(changed.vehicle.plate_number ?? "");
      form.reset();
      await client.invalidateQueries({ queryKey: ["bookings"] });
    },
    onError: (err) => void form.showServerErrors(err),
  });
  const submit = form.handleSubmit((body) => {
    if (!change.isPending) change.mutate(body);
  });

  if (!panel.open) {
    return (
      <ClosedForm
        className="booking-vehicle"
        title={t("details.vehicleTitle")}
        done={panel.done === undefined ? undefined : t("details.vehicleChanged", { plate: panel.done })}
        opener={panel.opener}
        openLabel={t("details.changeVehicle")}
        onOpen={panel.show}
      />
    );
  }
  return (
    <form
      className="booking-vehicle"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("details.changeVehicle")}
    >
      <h3>{t("details.vehicleTitle")}</h3>
      <VehicleFields
        control={form.control as unknown as Control<VehicleChoice>}
        vehicles={(vehicles.data ?? []).filter((v) => v.vehicle_type_id === booking.vehicle_type_id)}
      />
      <p className="field__hint">{t("details.vehicleLocked")}</p>
      <FormAlert message={form.serverAlert(change.error)} />
      <button type="submit" className="button button--accent" disabled={change.isPending}>
        {t("details.saveVehicle")}
      </button>
      <button type="button" className="button" onClick={() => panel.close()}>
        {t("details.keepVehicle")}
      </button>
    </form>
  );
}
