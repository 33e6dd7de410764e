import { refundPercentAt, type Booking } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { setBookingStatus } from "./api";
import { CancellationLines } from "./cancellation-lines";
import { ChangeVehicleForm } from "./change-vehicle-form";
import { ChangeWindowForm } from "./change-window-form";
import { ExtendForm } from "./extend-form";
import { FlightForm } from "./flight-form";
import { markBookingUpdated } from "./flags";

/**
 * Extend (active, not ended), cancel, change the time and the vehicle (active, not started, the
 * car not in) and renew (cancelled, start ahead). An event's booking keeps the event's times: it
 * is neither extended, moved nor renewed (book the event again). A car that has left made its
 * booking completed. A booking with the space guarantee's offer open (`offerOpen`) is neither
 * extended nor moved: its offer's page moves it or refunds it (the API refuses both, 409 offer_open).
 */
export function BookingActions({ booking, offerOpen = false }: { booking: Booking; offerOpen?: boolean }) {
  const { t, i18n } = useTranslation("bookings");
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const now = new Date();
  const start = new Date(booking.start_time);
  const ended = new Date(booking.end_time) <= now;
  // The car came in at the gate: its space is held until it leaves, whatever the driver does.
  const inside = booking.checked_in_at !== null;
  const percent = refundPercentAt(start, now);
  // The policy's step changed since the server's figures (the last hour began): ask for them again.
  const stale = percent !== null && percent !== booking.cancellation.refund_percent;
  useEffect(() => {
    if (stale) void client.invalidateQueries({ queryKey: ["bookings", "detail", booking.booking_code] });
  }, [stale, client, booking.booking_code]);
  const money = (n: number) => formatMoney(n, booking.currency, i18n.language);

  const status = useMutation({
    mutationFn: (next: "cancelled" | "active") => setBookingStatus(booking.id, next),
    onSuccess: async () => {
      setConfirming(false);
      markBookingUpdated();
      await client.invalidateQueries({ queryKey: ["bookings"] });
      await client.invalidateQueries({ queryKey: ["wallet"] });
    },
  });
  const error =
    status.error instanceof ApiError ? status.error.message : status.error ? t("loadError") : null;

  return (
    <section className="card booking-actions" aria-labelledby="booking-actions-title">
      <h2 id="booking-actions-title">{t("details.manage")}</h2>
      {/* Keyed on the end: once an extension lands, the form starts over from the new end (an hour
          after it), not from the choice just paid for, which is no longer after the end. */}
      {booking.status === "active" && !ended && !booking.event && !offerOpen && (
        <ExtendForm key={booking.end_time} booking={booking} />
      )}
      {/* Keyed on the window: once moved, the form starts over, closed, from the new one. */}
      {booking.status === "active" && start > now && !inside && !booking.event && !offerOpen && (
        <ChangeWindowForm key={`${booking.start_time}/${booking.end_time}`} booking={booking} />
      )}
      {booking.status === "active" && start > now && !inside && <ChangeVehicleForm booking={booking} />}
      {/* An airport park's booking: the flight, until the booking ends (a delay moves the return). */}
      {booking.status === "active" && !ended && booking.park.type === "airport" && (
        <FlightForm booking={booking} />
      )}
      {booking.status === "active" && percent !== null && !inside && booking.cancellation.allowed && (
        <div className="booking-cancel">
          <p data-testid="refund-preview">
            {/* A parking tax (decision 049) comes back with the parking: the sentence says so. */}
            {t(
              booking.cancellation.refund.tax > 0 ? "details.refundPreviewWithTax" : "details.refundPreview",
              {
                percent,
              },
            )}
            {/* EV charging sold with the booking (per hour, decision 048) comes back with the parking. */}
            {booking.breakdown.charging !== undefined && ` ${t("details.refundPreviewCharging")}`}
          </p>
          {!stale && <CancellationLines booking={booking} testId="refund-preview" />}
          {!confirming ? (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t("details.cancel")}
            </button>
          ) : (
            <div role="group" aria-label={t("details.confirmCancel")}>
              <p>{t("details.confirmCancel")}</p>
              <button
                type="button"
                className="button button--accent"
                disabled={status.isPending}
                onClick={() => status.mutate("cancelled")}
              >
                {t("details.confirmYes")}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t("details.confirmNo")}
              </button>
            </div>
          )}
        </div>
      )}
      {booking.status === "active" && inside && <p>{t("details.checkedInNoCancel")}</p>}
      {booking.status === "active" && !inside && percent === null && <p>{t("details.cannotCancel")}</p>}
      {booking.status === "cancelled" && booking.event && start > now && (
        <p data-testid="event-rebook">
          <Link to={`/event/${booking.event.event_code}`}>{t("details.bookEventAgain")}</Link>
        </p>
      )}
      {booking.status === "cancelled" && !booking.event && start > now && (
        <button
          type="button"
          className="button button--accent"
          disabled={status.isPending}
          onClick={() => status.mutate("active")}
        >
          {t("details.renew", { amount: money(booking.amount) })}
        </button>
      )}
      {booking.status === "completed" && <p>{t("details.completed")}</p>}
      {error && (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      )}
    </section>
  );
}
