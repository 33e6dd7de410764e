import { PlateSchema, type Vehicle } from "@parkwell/contract";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../lib/form-errors";

/**
 * What is wrong with a typed plate, in the page's language (the contract's rule), or undefined.
 * `t` must have the `auth` namespace loaded, where the contract's messages are translated.
 */
export function plateProblem(t: TFunction, plate: string): string | undefined {
  const parsed = PlateSchema.safeParse(plate);
  return parsed.success ? undefined : translateMessage(t, parsed.error.issues[0]?.message ?? "");
}

interface Props {
  vehicles: Vehicle[];
  vehicleId: number | undefined;
  plate: string;
  plateError: string | undefined;
  onChange: (changes: Record<string, string | undefined>) => void;
}

/** A saved vehicle of the chosen type, or a plate typed for this booking. */
export function VehicleFields({ vehicles, vehicleId, plate, plateError, onChange }: Props) {
  const { t } = useTranslation("bookings");
  const id = useId();
  const chosen = vehicles.some((v) => v.id === vehicleId) ? vehicleId : undefined;
  return (
    <>
      {vehicles.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-v`}>{t("checkout.savedVehicle")}</label>
          <select
            id={`${id}-v`}
            value={chosen ?? ""}
            onChange={(e) => onChange({ vehicle_id: e.target.value || undefined })}
          >
            <option value="">{t("checkout.otherPlate")}</option>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.nickname ? `${v.nickname} (${v.plate_number})` : v.plate_number}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen === undefined && (
        <div className={plateError ? "field field--error" : "field"}>
          <label htmlFor={`${id}-p`}>{t("checkout.plate")}</label>
          <input
            id={`${id}-p`}
            value={plate}
            autoComplete="off"
            aria-invalid={Boolean(plateError)}
            aria-describedby={plateError ? `${id}-pe` : undefined}
            onChange={(e) => onChange({ plate_number: e.target.value })}
          />
          {plateError && (
            <p id={`${id}-pe`} className="field__error">
              {plateError}
            </p>
          )}
        </div>
      )}
    </>
  );
}
