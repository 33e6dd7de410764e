import type { Booking } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText, serverFields } from "../../lib/form-errors";
import { savedVehiclesQuery } from "../../lib/queries";
import { changeBookingVehicle } from "./api";
import { plateProblem, VehicleFields } from "./vehicle-fields";

/**
 * Puts another vehicle on an upcoming booking: one of the driver's saved vehicles of the booked
 * type, or a plate typed for it. The space and the price stay as they are.
 */
export function ChangeVehicleForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation(["bookings", "auth"]);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<{ vehicle_id?: number; plate: string }>({ plate: "" });
  const [plateError, setPlateError] = useState<string>();
  const [done, setDone] = useState<string>();
  const vehicles = useQuery({ ...savedVehiclesQuery(), enabled: open });

  const change = useMutation({
    mutationFn: () =>
      changeBookingVehicle(
        booking.id,
        choice.vehicle_id ? { vehicle_id: choice.vehicle_id } : { plate_number: choice.plate },
      ),
    onSuccess: async (changed) => {
      setOpen(false);
      setDone(changed.vehicle.plate_number ?? "");
      await client.invalidateQueries({ queryKey: ["bookings"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const problem = choice.vehicle_id ? undefined : plateProblem(t, choice.plate);
    setPlateError(problem);
    if (!problem) change.mutate();
  };
  const serverPlate = serverFields(t, change.error).plate_number;

  if (!open) {
    return (
      <div className="booking-vehicle">
        <h3>{t("details.vehicleTitle")}</h3>
        {done !== undefined && (
          <p role="status" className="alert alert--success">
            {t("details.vehicleChanged", { plate: done })}
          </p>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            setDone(undefined);
            setOpen(true);
          }}
        >
          {t("details.changeVehicle")}
        </button>
      </div>
    );
  }
  return (
    <form className="booking-vehicle" onSubmit={submit} noValidate aria-label={t("details.changeVehicle")}>
      <h3>{t("details.vehicleTitle")}</h3>
      <VehicleFields
        vehicles={(vehicles.data ?? []).filter((v) => v.vehicle_type_id === booking.vehicle_type_id)}
        vehicleId={choice.vehicle_id}
        plate={choice.plate}
        plateError={plateError ?? serverPlate}
        onChange={(changes) => {
          setPlateError(undefined);
          setChoice((c) => ({
            vehicle_id: "vehicle_id" in changes ? Number(changes.vehicle_id) || undefined : c.vehicle_id,
            plate: changes.plate_number ?? ("plate_number" in changes ? "" : c.plate),
          }));
        }}
      />
      <p className="field__hint">{t("details.vehicleLocked")}</p>
      {change.error && !serverPlate && (
        <p role="alert" className="alert alert--error">
          {errorText(t, change.error)}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={change.isPending}>
        {t("details.saveVehicle")}
      </button>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        {t("details.keepVehicle")}
      </button>
    </form>
  );
}
