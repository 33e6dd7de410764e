import { formatCalendarDay } from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { gateErrorText } from "./errors";
import { chargerKind } from "../../../lib/charger-text";
import { formatMoney, vehicleTypeLabel } from "../../../lib/format";
import { formatShortZoned, formatZonedClock } from "../../../lib/zoned-time";
import { LoadingState } from "../ui/states";
import type { CheckoutResult, GateToday } from "./api";
import { PassList } from "./pass-parts";

type GateBooking = GateToday["arrivals"][number];

/**
 * A booking at the gate: the plate large, then the type, the EV charger it holds, the window on
 * the park's clock, the driver.
 */
export function BookingCard({
  booking,
  headline,
  tone,
  children,
}: {
  booking: GateBooking;
  headline: string;
  tone: "ok" | "warn";
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  // The booked charger's connector and power, in the park page's words.
  const { t: tp } = useTranslation("parks");
  const zone = booking.park.time_zone;
  return (
    <article className={`gate-card gate-card--${tone}`} data-testid="gate-card" aria-label={headline}>
      <p className="gate-card__headline">{headline}</p>
      <p className="gate-card__plate">{booking.plate_number ?? t("result.noPlate")}</p>
      <dl className="gate-card__facts">
        <div>
          <dt>{t("result.vehicle")}</dt>
          <dd>{vehicleTypeLabel(t, booking.vehicle_type_id, booking.vehicle_type)}</dd>
        </div>
        {booking.charger && (
          <div data-testid="gate-charger">
            <dt>{t("result.charger")}</dt>
            <dd>{chargerKind(tp, booking.charger, i18n.language)}</dd>
          </div>
        )}
        <div>
          <dt>{t("result.window")}</dt>
          <dd>
            {formatShortZoned(booking.start_time, i18n.language, zone)} –{" "}
            {formatShortZoned(booking.end_time, i18n.language, zone)}
          </dd>
        </div>
        <div>
          <dt>{t("result.driver")}</dt>
          <dd>{booking.driver_first_name}</dd>
        </div>
        <div>
          <dt>{t("result.code")}</dt>
          <dd className="gate-mono">{booking.booking_code}</dd>
        </div>
        <div>
          <dt>{t("result.park")}</dt>
          <dd>{booking.park.name}</dd>
        </div>
        {booking.flight && (
          <div data-testid="gate-flight">
            <dt>{t("result.flight")}</dt>
            <dd>
              {[
                booking.flight.flight_number,
                booking.flight.return_date &&
                  t("result.returns", { day: formatCalendarDay(booking.flight.return_date, i18n.language) }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </dd>
          </div>
        )}
        {booking.event_name && (
          <div>
            <dt>{t("result.event")}</dt>
            <dd>{booking.event_name}</dd>
          </div>
        )}
        {booking.checked_in_at && (
          <div>
            <dt>{t("result.inAt")}</dt>
            <dd>{formatShortZoned(booking.checked_in_at, i18n.language, zone)}</dd>
          </div>
        )}
      </dl>
      {children}
    </article>
  );
}

/** The exit: the booking, the time, and the overstay charged to the wallet or owed at the gate. */
export function CheckoutSummary({ result }: { result: CheckoutResult }) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  const money = (n: number) => formatMoney(n, result.currency, i18n.language);
  const owed = result.owed > 0;
  return (
    <BookingCard
      booking={result.booking}
      headline={owed ? t("result.checkedOutOwed") : t("result.checkedOut")}
      tone={owed ? "warn" : "ok"}
    >
      <dl className="gate-card__facts">
        <div>
          <dt>{t("result.exit")}</dt>
          <dd>{formatShortZoned(result.exit_time, i18n.language, result.booking.park.time_zone)}</dd>
        </div>
        <div>
          <dt>{t("result.overstay")}</dt>
          <dd>
            {result.overstay_minutes > 0
              ? t("result.minutes", { count: result.overstay_minutes })
              : t("result.noOverstay")}
          </dd>
        </div>
      </dl>
      {result.overstay_amount > 0 && (
        <p className={owed ? "gate-owed" : "gate-charged"} data-testid="gate-overstay">
          {owed
            ? t("result.owed", { amount: money(result.owed) })
            : t("result.charged", { amount: money(result.charged) })}
        </p>
      )}
    </BookingCard>
  );
}

function stateOf(b: GateBooking): "out" | "in" | "expected" {
  return b.checked_out_at ? "out" : b.checked_in_at ? "in" : "expected";
}

function BookingList({
  title,
  items,
  timeOf,
  onPick,
  empty,
}: {
  title: string;
  items: GateBooking[];
  timeOf: (b: GateBooking) => string;
  onPick: (code: string) => void;
  empty: string;
}) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  // A booked charger in the park page's words, so the attendant sends the car to the right bay.
  const { t: tp } = useTranslation("parks");
  return (
    <section className="gate-list" aria-label={title}>
      <h3>
        {title} <span className="gate-count">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="gate-note">{empty}</p>
      ) : (
        <ul>
          {items.map((b) => (
            <li key={b.id} className="gate-row">
              <span className="gate-row__time">
                {formatZonedClock(timeOf(b), i18n.language, b.park.time_zone)}
              </span>
              <span className="gate-row__car">
                <strong>{b.plate_number ?? t("result.noPlate")}</strong> ·{" "}
                {vehicleTypeLabel(t, b.vehicle_type_id, b.vehicle_type)} · {b.driver_first_name}
                {b.event_name && ` · ${b.event_name}`}
                {b.flight?.flight_number && ` · ${t("today.flight", { number: b.flight.flight_number })}`}
              </span>
              <span className={`gate-badge gate-badge--${stateOf(b)}`}>{t(`today.state.${stateOf(b)}`)}</span>
              {b.charger && (
                <span className="gate-row__charger" data-testid="gate-row-charger">
                  {t("today.charger")}{" "}
                  <span className="gate-row__kind">{chargerKind(tp, b.charger, i18n.language)}</span>
                </span>
              )}
              <button
                type="button"
                className="gate-row__code gate-mono"
                onClick={() => onPick(b.booking_code)}
                aria-label={t("today.use", { code: b.booking_code })}
              >
                {b.booking_code}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Today's arrivals and departures at the park, the monthly passes expected, and the drive-up cars parked now. */
export function TodayLists({
  query,
  onPick,
}: {
  query: UseQueryResult<GateToday>;
  onPick: (code: string) => void;
}) {
  const { t, i18n } = useTranslation(["admin-gate", "auth", "bookings"]);
  return (
    <section className="gate-today" aria-labelledby="gate-today-title">
      <h2 id="gate-today-title" className="gate-section-title">
        {t("today.title")}
      </h2>
      {query.isPending ? (
        <LoadingState text={t("today.loading")} />
      ) : query.isError ? (
        <FormAlert message={gateErrorText(t, query.error)} />
      ) : (
        <div className="gate-today__lists">
          <BookingList
            title={t("today.arrivals")}
            items={query.data.arrivals}
            timeOf={(b) => b.start_time}
            onPick={onPick}
            empty={t("today.noArrivals")}
          />
          <BookingList
            title={t("today.departures")}
            items={query.data.departures}
            timeOf={(b) => b.end_time}
            onPick={onPick}
            empty={t("today.noDepartures")}
          />
          <PassList passes={query.data.passes} onPick={onPick} />
          <section className="gate-list" aria-label={t("today.parked")}>
            <h3>
              {t("today.parked")} <span className="gate-count">{query.data.parked.length}</span>
            </h3>
            {query.data.parked.length === 0 ? (
              <p className="gate-note">{t("today.noParked")}</p>
            ) : (
              <ul>
                {query.data.parked.map((s) => (
                  <li key={s.id} className="gate-row">
                    <span className="gate-row__time">
                      {formatZonedClock(s.start_time, i18n.language, s.park.time_zone)}
                    </span>
                    <span className="gate-row__car">
                      <strong>{s.plate_number}</strong> ·{" "}
                      {vehicleTypeLabel(t, s.vehicle_type_id, s.vehicle_type)}
                    </span>
                    <span className="gate-row__code gate-mono">{s.sale_code}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
