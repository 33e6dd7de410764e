import type { ParkDetail } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format";
import { zoneAbbreviation } from "../../../lib/zoned-time";

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** The week's hours, stated as local time at the park (its zone named), whatever the phone's zone. */
export function OpeningHours({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  if (park.open_24h || !park.opening_hours)
    return <p className="park-tag park-tag--strong">{t("open24hLong")}</p>;
  return (
    <>
      <p className="park-muted" data-testid="hours-zone">
        {t("hoursZone", { zone: zoneAbbreviation(park.time_zone, i18n.language), city: park.city })}
      </p>
      <OpeningHoursTable park={park} />
    </>
  );
}

function OpeningHoursTable({ park }: { park: ParkDetail }) {
  const { t } = useTranslation("parks");
  return (
    <table className="park-table">
      <caption className="visually-hidden">{t("hoursTitle")}</caption>
      <tbody>
        {DAYS.map((d, i) => {
          const h = park.opening_hours?.[i];
          return (
            <tr key={d}>
              <th scope="row">{t(`day.${d}`)}</th>
              <td>{h ? `${h.open} – ${h.close}` : t("closed")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function RatesTable({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  return (
    <table className="park-table">
      <caption className="visually-hidden">{t("ratesTitle")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("vehicleLabel")}</th>
          <th scope="col">{t("hourly")}</th>
          <th scope="col">{t("dailyMax")}</th>
          <th scope="col">{t("spaces")}</th>
        </tr>
      </thead>
      <tbody>
        {park.rates.map((r) => (
          <tr key={r.vehicle_type_id}>
            <th scope="row">{t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type })}</th>
            <td>{formatMoney(r.hourly, r.currency, i18n.language)}</td>
            <td>{formatMoney(r.daily_max, r.currency, i18n.language)}</td>
            <td>{r.capacity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
