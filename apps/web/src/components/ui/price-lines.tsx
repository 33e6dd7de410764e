import type { Booking } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatMoney, signedPercent, taxLines } from "../../lib/format";
import "./price-lines.css";

type Breakdown = Booking["breakdown"];

/**
 * The server's price breakdown (parking, a coupon's discount off it, the EV charging sold with a
 * booking of a per-hour charger and its hours, fees, each tax, total) as a definition list: a
 * booking's, an event parking's and a monthly pass's checkout show it; its texts are the bookings
 * catalogue's. Parking priced by a busy-time rule (decision 059) is called the busy-time price, with
 * the rule's percentage, and the normal price is said under the lines.
 */
export function PriceLines({ breakdown, currency }: { breakdown: Breakdown; currency: string }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (n: number) => formatMoney(n, currency, i18n.language);
  const busy = breakdown.busy_time;
  const rows: [string, number][] = [
    [
      busy
        ? t("price.busyTime", {
            percent: signedPercent(busy.adjustment_percent, i18n.language),
            rule: busy.rule,
          })
        : t("price.parking"),
      breakdown.parking,
    ],
    [t("price.coupon", { code: breakdown.coupon_code ?? "" }), -(breakdown.coupon_discount ?? 0)],
    // Charging sold with the booking (a charger priced per hour, decision 048), for its hours.
    [t("price.chargingHours", { count: breakdown.charging_hours ?? 0 }), breakdown.charging ?? 0],
    [t("price.serviceFee"), breakdown.service_fee],
    [t("price.bookingFee"), breakdown.booking_fee],
    // Each tax by name and rate (GST 5%, QST 9.975%); a breakdown without them, the one tax line.
    ...taxLines(t, breakdown, i18n.language),
  ];
  return (
    <>
      <dl className="booking-lines">
        {rows
          .filter(([, v]) => v !== 0)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="booking-lines__amount">{money(value)}</dd>
            </div>
          ))}
        <div className="booking-lines__total">
          <dt>{t("price.total")}</dt>
          <dd data-testid="booking-total">{money(breakdown.total)}</dd>
        </div>
      </dl>
      {busy && (
        <p className="booking-lines__normal" data-testid="normal-price">
          {t("price.normalPrice", { amount: money(busy.normal_parking) })}
        </p>
      )}
    </>
  );
}
