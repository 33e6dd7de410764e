import { formatCalendarDay, shownStatus, type Booking } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { chargerKind, chargerPrice } from "../../lib/charger-text";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";

/**
 * Code, status, the event parked for, park, vehicle, the EV charger kept, window and the car's entry and exit (local
 * time at the park, zone named) and amount of one booking, and who paid it (the wallet or the company).
 */
export function BookingSummary({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation("bookings");
  // A charger's connector, power and price in the park page's words.
  const { t: tp } = useTranslation("parks");
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, booking.park.time_zone);
  const rows: [string, string][] = [
    [t("summary.code"), booking.booking_code],
    [t("summary.status"), t(`status.${shownStatus(booking, new Date())}`)],
    ...(booking.event
      ? ([
          [
            t("summary.event"),
            t("summary.eventLine", {
              name: booking.event.name,
              venue: booking.event.venue_name,
              start: when(booking.event.start_time),
            }),
          ],
        ] as [string, string][])
      : []),
    [t("summary.park"), `${booking.park.name}, ${booking.park.address}`],
    [
      t("summary.vehicle"),
      [
        t(`vehicleId.${booking.vehicle.vehicle_type_id}`, { defaultValue: booking.vehicle.vehicle_type }),
        booking.vehicle.plate_number,
      ]
        .filter(Boolean)
        .join(" · "),
    ],
    // The charger kept for the window, and where its charging is paid: with the booking when it
    // was sold with it (priced per hour: the price's `charging`), else at the charger.
    ...(booking.charger
      ? ([
          [
            t("summary.charger"),
            t(booking.breakdown.charging === undefined ? "summary.chargerLine" : "summary.chargerLineHour", {
              kind: chargerKind(tp, booking.charger, i18n.language),
              price: chargerPrice(tp, booking.charger, i18n.language),
            }),
          ],
        ] as [string, string][])
      : []),
    // An airport park's booking: the driver's flight and the day they fly back.
    ...(booking.flight?.flight_number
      ? ([[t("summary.flight"), booking.flight.flight_number]] as [string, string][])
      : []),
    ...(booking.flight?.return_date
      ? ([[t("summary.returnDate"), formatCalendarDay(booking.flight.return_date, i18n.language)]] as [
          string,
          string,
        ][])
      : []),
    [t("summary.start"), when(booking.start_time)],
    [t("summary.end"), when(booking.end_time)],
    ...(booking.checked_in_at
      ? ([[t("summary.checkedIn"), when(booking.checked_in_at)]] as [string, string][])
      : []),
    ...(booking.checked_out_at
      ? ([[t("summary.checkedOut"), when(booking.checked_out_at)]] as [string, string][])
      : []),
    [t("summary.amount"), formatMoney(booking.amount, booking.currency, i18n.language)],
    [
      booking.paid_by_company ? t("summary.paidBy", { company: booking.paid_by_company }) : t("summary.paid"),
      formatMoney(booking.paid, booking.currency, i18n.language),
    ],
  ];
  return (
    <dl className="booking-lines" data-testid="booking-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
