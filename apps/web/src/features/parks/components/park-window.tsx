import type { ParkDetail } from "@parkwell/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ZonedDateTimeInput } from "../../../components/ui/zoned-date-time-input";
import { Link } from "react-router";
import { useAvailability } from "../api";
import { formatMoney } from "../../../lib/format";
import { nextWholeHour, zoneAbbreviation } from "../../../lib/zoned-time";

function defaultWindow(timeZone: string): [string, string] {
  const start = nextWholeHour(new Date(), timeZone);
  return [start, new Date(new Date(start).getTime() + 2 * 3_600_000).toISOString()];
}

/**
 * Vehicle and time window -> spaces left and the total the server computes; Book goes to checkout.
 * The pickers are on the park's clock (its zone is named), not the phone's.
 */
export function ParkWindow({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  const id = useId();
  const zone = park.time_zone;
  const [[initialStart, initialEnd]] = useState(() => defaultWindow(zone));
  const [vehicle, setVehicle] = useState(park.rates[0]?.vehicle_type_id ?? 1);
  const [start, setStart] = useState<string | undefined>(initialStart);
  const [end, setEnd] = useState<string | undefined>(initialEnd);
  const ordered = Boolean(start && end && end > start);
  const result = useAvailability(park.id, vehicle, ordered ? start : undefined, ordered ? end : undefined);
  const price = result.data?.price;
  const checkout = `/checkout/${park.slug}?${new URLSearchParams({
    vehicle_type_id: String(vehicle),
    ...(start ? { start_time: start } : {}),
    ...(end ? { end_time: end } : {}),
  }).toString()}`;

  return (
    <section className="park-window card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("windowTitle")}</h2>
      <div className="park-field">
        <label htmlFor={`${id}-v`}>{t("vehicleLabel")}</label>
        <select id={`${id}-v`} value={vehicle} onChange={(e) => setVehicle(Number(e.target.value))}>
          {park.rates.map((r) => (
            <option key={r.vehicle_type_id} value={r.vehicle_type_id}>
              {t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type })}
            </option>
          ))}
        </select>
      </div>
      <div className="park-field">
        <label htmlFor={`${id}-s`}>{t("startLabel")}</label>
        <ZonedDateTimeInput
          id={`${id}-s`}
          zone={zone}
          value={start}
          describedBy={`${id}-zone`}
          onChange={setStart}
        />
      </div>
      <div className="park-field">
        <label htmlFor={`${id}-e`}>{t("endLabel")}</label>
        <ZonedDateTimeInput
          id={`${id}-e`}
          zone={zone}
          value={end}
          min={start}
          describedBy={`${id}-zone`}
          onChange={setEnd}
        />
      </div>
      <p id={`${id}-zone`} className="park-muted" data-testid="window-zone">
        {t("windowZone", {
          zone: zoneAbbreviation(zone, i18n.language, start ? new Date(start) : new Date()),
          city: park.city,
        })}
      </p>
      <div className="park-window__result" aria-live="polite">
        {!ordered && <p className="park-error">{t("windowInvalid")}</p>}
        {ordered && result.isPending && <p>{t("checking")}</p>}
        {result.isError && <p className="park-error">{result.error.message}</p>}
        {price && result.data && (
          <>
            <p className="park-window__spaces">{t("spacesLeft", { count: result.data.available })}</p>
            <dl className="park-breakdown">
              <dt>{t("breakdown.parking", { count: price.breakdown.days * 24 + price.breakdown.hours })}</dt>
              <dd>{formatMoney(price.breakdown.parking, price.currency, i18n.language)}</dd>
              <dt>{t("breakdown.fees")}</dt>
              <dd>
                {formatMoney(
                  price.breakdown.service_fee + price.breakdown.booking_fee,
                  price.currency,
                  i18n.language,
                )}
              </dd>
              {price.breakdown.tax > 0 && (
                <>
                  <dt>{price.breakdown.tax_name}</dt>
                  <dd>{formatMoney(price.breakdown.tax, price.currency, i18n.language)}</dd>
                </>
              )}
              <dt className="park-breakdown__total">{t("breakdown.total")}</dt>
              <dd className="park-breakdown__total" data-testid="window-total">
                {formatMoney(price.amount, price.currency, i18n.language)}
              </dd>
            </dl>
          </>
        )}
      </div>
      {result.data && result.data.available > 0 && ordered ? (
        <Link className="button button--accent park-window__book" to={checkout}>
          {t("book")}
        </Link>
      ) : (
        <button type="button" className="button park-window__book" disabled>
          {t("book")}
        </button>
      )}
    </section>
  );
}
