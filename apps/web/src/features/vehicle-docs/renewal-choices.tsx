import {
  COMMERCIAL_ONLY_DOC_TYPES,
  VEHICLE_PAPER_TYPES,
  type VehicleDocRequestType,
  type VehicleDocType,
  type VehicleRenewalDetails,
} from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/form-field";
import { Spinner } from "../../components/ui/spinner";
import { ExpiriesForm } from "./expiries-form";
import { PaperStatuses } from "./papers";

/** The renewal page's choices (what to renew, the licence, the vehicle), each its own section. */

/** The documents a vehicle may renew: the hackney permit only for a vehicle in commercial use. */
export function applicable(vehicle: VehicleRenewalDetails | undefined): VehicleDocType[] {
  if (!vehicle?.vehicle_use) return [];
  return VEHICLE_PAPER_TYPES.filter(
    (d) => vehicle.vehicle_use === "commercial" || !COMMERCIAL_ONLY_DOC_TYPES.includes(d),
  );
}

/** The papers whose expiry a driver may type: the use's, or all but the commercial-only ones. */
function typable(vehicle: VehicleRenewalDetails): VehicleDocType[] {
  return vehicle.vehicle_use
    ? applicable(vehicle)
    : VEHICLE_PAPER_TYPES.filter((d) => !COMMERCIAL_ONLY_DOC_TYPES.includes(d));
}

export const LICENCE_YEARS = ["3y", "5y"] as const;

/** What the driver renews: a vehicle's papers or a driver's licence. */
export function KindChoice({
  kind,
  onKind,
}: {
  kind: VehicleDocRequestType;
  onKind: (kind: VehicleDocRequestType) => void;
}) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  return (
    <fieldset className="vd-options vd-kind">
      <legend>{t("kind.title")}</legend>
      {(["vehicle_papers", "drivers_licence"] as const).map((k) => (
        <label key={k} className="vd-option">
          <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => onKind(k)} />
          <span className="vd-option__name">{t(`kind.${k}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The driver's licence to renew: for 3 or 5 years, and the state that issues it. */
export function LicenceChoice({
  licence,
  licenceState,
  states,
  onLicence,
  onState,
}: {
  licence: (typeof LICENCE_YEARS)[number] | undefined;
  licenceState: string | undefined;
  states: UseQueryResult<{ code: string; name: string }[]>;
  onLicence: (years: (typeof LICENCE_YEARS)[number]) => void;
  onState: (state: string | undefined) => void;
}) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-licence`}>
      <h2 id={`${id}-licence`}>{t("licence.title")}</h2>
      <p className="field__hint">{t("licence.hint")}</p>
      <fieldset className="vd-options">
        <legend>{t("licence.years")}</legend>
        {LICENCE_YEARS.map((y) => (
          <label key={y} className="vd-option">
            <input
              type="radio"
              name={`${id}-licence`}
              checked={licence === y}
              onChange={() => onLicence(y)}
            />
            <span className="vd-option__name">{t(`licence.y${y.slice(0, 1)}`)}</span>
          </label>
        ))}
      </fieldset>
      {states.isPending ? (
        <Spinner />
      ) : (
        <SelectField
          label={t("licence.state")}
          value={licenceState ?? ""}
          onChange={(e) => onState(e.currentTarget.value || undefined)}
          options={[
            ["", t("licence.chooseState")],
            ...(states.data ?? []).map((s) => [s.code, s.name] as const),
          ]}
        />
      )}
    </section>
  );
}

/** The driver's vehicles, one chosen, each with its papers' statuses and their typed expiries. */
export function VehicleChoice({
  vehicles,
  chosen,
  onChoose,
}: {
  vehicles: VehicleRenewalDetails[];
  chosen: number;
  onChoose: (vehicleId: number) => void;
}) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-vehicles`}>
      <h2 id={`${id}-vehicles`}>{t("vehicles.title")}</h2>
      <ul className="vd-vehicles">
        {vehicles.map((v) => (
          <li key={v.vehicle_id} data-vehicle={v.vehicle_id}>
            <label className="vd-option">
              <input
                type="radio"
                name={`${id}-vehicle`}
                checked={v.vehicle_id === chosen}
                onChange={() => onChoose(v.vehicle_id)}
              />
              <span className="vd-option__name">
                <strong>{v.plate_number}</strong>
                {[v.make, v.model, v.color].some(Boolean) && (
                  <> · {[v.make, v.model, v.color].filter(Boolean).join(" ")}</>
                )}
                {v.state_name && <> · {v.state_name}</>}
              </span>
            </label>
            <PaperStatuses expiries={v.expiries} />
            <ExpiriesForm vehicle={v} documents={typable(v)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
