import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { bookingQuery } from "./api";
import { BookingSummary } from "./booking-summary";
import { resetBookingCreated, useBookingFlags, useResetOnLeave } from "./flags";
import { QrCode } from "../../components/ui/qr-code";
import "./bookings.css";

/** /booking-success?code=...: the booking just made, its QR code and where to go next. */
export function BookingSuccessPage() {
  const { t, i18n } = useTranslation("bookings");
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const booking = useQuery({ ...bookingQuery(code, i18n.language), enabled: code !== "" });
  const { bookingCreated } = useBookingFlags();
  useResetOnLeave(resetBookingCreated);

  return (
    <div className="container page booking-page">
      {/* "Booking confirmed" only over a booking it can show; a missing or unknown code claims nothing. */}
      <h1>{booking.data ? t("success.title") : t("success.neutralTitle")}</h1>
      {bookingCreated && (
        <div role="status" className="alert alert--success booking-flash">
          <p>
            {booking.data?.paid_by_company
              ? t("success.createdCompany", { company: booking.data.paid_by_company })
              : t("success.created")}
          </p>
          <button type="button" className="button" onClick={resetBookingCreated}>
            {t("dismiss")}
          </button>
        </div>
      )}
      {code === "" && <p role="alert">{t("success.noCode")}</p>}
      {booking.isPending && code !== "" && <p>{t("common:loading")}</p>}
      {booking.isError && (
        <p role="alert" className="alert alert--error">
          {booking.error instanceof ApiError ? booking.error.message : t("loadError")}
        </p>
      )}
      {booking.data && (
        <div className="booking-detail">
          {booking.data.qr !== null && (
            <section className="card booking-detail__qr">
              <QrCode value={booking.data.qr} label={t("qrAlt", { code: booking.data.booking_code })} />
              <p>{t("qrHint")}</p>
            </section>
          )}
          <section className="card">
            <BookingSummary booking={booking.data} />
          </section>
        </div>
      )}
      <p className="ctas">
        {booking.data && (
          <Link className="button button--accent" to={`/booking-details/${booking.data.booking_code}`}>
            {t("success.details")}
          </Link>
        )}
        <Link className="button" to="/bookings">
          {t("success.myBookings")}
        </Link>
      </p>
    </div>
  );
}
