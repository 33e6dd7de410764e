import type { Vehicle } from "@parkwell/contract";
import { useController, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/ui/form-field";

/** The two fields of a booking's vehicle, as the form holds them. */
export interface VehicleChoice {
  vehicle_id: string;
  plate_number: string;
}

interface Props {
  control: Control<VehicleChoice>;
  /** The driver's saved vehicles of the booked type. */
  vehicles: Vehicle[];
  /** Told of every change too (the checkout keeps its choices in the URL). */
  onChange?: (changes: Partial<VehicleChoice>) => void;
}

/** A saved vehicle of the chosen type, or a plate typed for this booking. */
export function VehicleFields({ control, vehicles, onChange }: Props) {
  const { t } = useTranslation("bookings");
  const {
    field: { ref: vehicleRef, ...vehicle },
    fieldState: { error: vehicleError },
  } = useController({ control, name: "vehicle_id" });
  const {
    field: { ref: plateRef, ...plate },
    fieldState: { error: plateError },
  } = useController({ control, name: "plate_number" });
  const chosen = vehicles.some((v) => String(v.id) === vehicle.value) ? vehicle.value : "";
  // The server's word on the vehicle (already booked then) shows at the vehicle the driver gave:
  // the saved one chosen, or the plate typed.
  const vehicleText = vehicleError?.message;
  return (
    <>
      {vehicles.length > 0 && (
        <SelectField
          label={t("checkout.savedVehicle")}
          name={vehicle.name}
          ref={vehicleRef}
          value={chosen}
          error={chosen === "" ? undefined : vehicleText}
          onBlur={vehicle.onBlur}
          onChange={(e) => {
            vehicle.onChange(e.target.value);
            onChange?.({ vehicle_id: e.target.value });
          }}
          options={[
            ["", t("checkout.otherPlate")],
            ...vehicles.map(
              (v) => [v.id, v.nickname ? `${v.nickname} (${v.plate_number})` : v.plate_number] as const,
            ),
          ]}
        />
      )}
      {chosen === "" && (
        <TextField
          label={t("checkout.plate")}
          autoComplete="off"
          name={plate.name}
          ref={plateRef}
          value={plate.value}
          onBlur={plate.onBlur}
          onChange={(e) => {
            plate.onChange(e.target.value);
            onChange?.({ plate_number: e.target.value });
          }}
          error={plateError?.message ?? (vehicles.length > 0 ? vehicleText : undefined)}
        />
      )}
    </>
  );
}
