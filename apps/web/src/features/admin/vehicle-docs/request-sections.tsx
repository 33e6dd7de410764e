import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format";
import type { AdminVehicleDoc } from "./api";
import { useNigerianStates } from "./states";

/** The request page's sections on the vehicle and its comprehensive insurance. */

/** The vehicle as staff recognise it at the office: make, model, colour, year (null when none is saved). */
export function vehicleText(v: NonNullable<AdminVehicleDoc["vehicle"]>): string | null {
  const parts = [[v.make, v.model].filter(Boolean).join(" "), v.color, v.year?.toString()].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The vehicle renewed: its plate, what it is, the state of issue, and the details that price it. */
export function VehicleSection({ request, stateName }: { request: AdminVehicleDoc; stateName: string }) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const states = useNigerianStates();
  return (
    <section className="admin-park-section" aria-labelledby="vd-vehicle">
      <h2 id="vd-vehicle">{t("request.vehicle")}</h2>
      <p>
        {request.plate_number ? t("request.plate", { plate: request.plate_number }) : t("request.noVehicle")}
        <br />
        {request.vehicle && (
          <>
            {vehicleText(request.vehicle) ?? t("request.vehicleUnknown")}
            <br />
          </>
        )}
        {t("request.stateOfIssue", { state: stateName })}
      </p>
      {request.vehicle && (
        <dl className="mp-amounts" data-testid="vd-vehicle-details">
          {(
            [
              [
                "engine",
                request.vehicle.engine_cc !== null
                  ? t("request.engineCc", { cc: request.vehicle.engine_cc })
                  : null,
              ],
              ["vin", request.vehicle.vin],
              ["use", request.vehicle.vehicle_use ? t(`request.uses.${request.vehicle.vehicle_use}`) : null],
              [
                "registration",
                request.vehicle.registration_state
                  ? (states.data?.find((s) => s.code === request.vehicle?.registration_state)?.name ??
                    request.vehicle.registration_state)
                  : null,
              ],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`request.details.${key}`)}</dt>
              <dd className={key === "vin" ? "vd-code" : undefined}>{value ?? t("request.details.none")}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The comprehensive insurance priced: the insurer, the declared value, the rate and the premium. */
export function InsuranceSection({
  insurance,
  currency,
}: {
  insurance: NonNullable<AdminVehicleDoc["insurance"]>;
  currency: string;
}) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const money = (amount: number) => formatMoney(amount, currency, lang);
  return (
    <section className="admin-park-section" aria-labelledby="vd-insurance">
      <h2 id="vd-insurance">{t("request.insurance.title")}</h2>
      <dl className="mp-amounts">
        {(
          [
            ["insurer", insurance.insurer_name],
            ["value", money(insurance.vehicle_value)],
            ["rate", `${new Intl.NumberFormat(lang).format(insurance.rate)} %`],
            ["minimum", money(insurance.minimum_premium)],
            ["premium", money(insurance.premium)],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`request.insurance.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
