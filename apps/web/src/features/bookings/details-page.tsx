import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { WithCode } from "../../components/ui/with-code";
import { ApiError } from "../../lib/api";
import { useFocusWhenTurnsOn } from "../../lib/use-focus";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { bookingQuery } from "./api";
import { BookingActions } from "./booking-actions";
import { OfferNotice } from "./offer-notice";
import { BookingSummary } from "./booking-summary";
import { CancellationLines } from "./cancellation-lines";
import { ReviewSection } from "./review-section";
import { resetBookingUpdated, useBookingFlags, useResetOnLeave } from "./flags";
import { QrCode } from "../../components/ui/qr-code";
import { ReceiptLinks } from "../../components/ui/receipt-links";
import { SavedCopyNotice } from "../../components/ui/saved-copy-notice";
import { WalletLinks } from "../../components/ui/wallet-links";
import { ReportProblem } from "../../components/claims/report-problem";
// The app's field styles (44 px controls, 16 px text) for the forms on this page.
import "../../components/ui/content.css";
import "./bookings.css";

/** /booking-details/{code}: QR code, directions, and extend / cancel / renew. */
export function BookingDetailsPage() {
  const { t, i18n } = useTranslation("bookings");
  const { bookingCode = "" } = useParams();
  const booking = useQuery(bookingQuery(bookingCode, i18n.language));
  const { bookingUpdated } = useBookingFlags();
  useResetOnLeave(resetBookingUpdated);
  // Cancelled, renewed or extended: the button pressed is gone, the focus goes to what changed.
  const flash = useFocusWhenTurnsOn<HTMLDivElement>(bookingUpdated);
  const b = booking.data;
  const money = (n: number) => formatMoney(n, b?.currency ?? "", i18n.language);
  const cancelled = b?.status === "cancelled";
  const refund = b?.refunds.at(-1);

  return (
    <div className="container page booking-page">
      <p>
        <Link to="/bookings">{t("details.back")}</Link>
      </p>
      <h1>
        <WithCode text={t("details.title", { code: bookingCode })} code={bookingCode} />
      </h1>
      {bookingUpdated && (
        <div ref={flash} tabIndex={-1} role="status" className="alert alert--success booking-flash">
          {cancelled && b ? (
            <>
              <p data-testid="cancelled-flash">
                <strong>
                  {refund
                    ? b.paid_by_company
                      ? t("details.cancelledRefundedCompany", {
                          amount: money(refund.amount),
                          company: b.paid_by_company,
                        })
                      : t("details.cancelledRefunded", { amount: money(refund.amount) })
                    : t("details.cancelledNoRefund")}
                </strong>
              </p>
              <CancellationLines booking={b} testId="cancelled-flash" />
            </>
          ) : (
            <p>{t("details.updated")}</p>
          )}
          <button type="button" className="button" onClick={resetBookingUpdated}>
            {t("dismiss")}
          </button>
        </div>
      )}
      {booking.isPending && <p>{t("common:loading")}</p>}
      {booking.isError && (
        <p role="alert" className="alert alert--error">
          {booking.error instanceof ApiError ? booking.error.message : t("loadError")}
        </p>
      )}
      {b?.saved_copy && <SavedCopyNotice copy={b.saved_copy} zone={b.park.time_zone} />}
      {/* The space guarantee's offer, for a driver who did not open its e-mail: the page says it first. */}
      {b && <OfferNotice booking={b} status />}
      {b && (
        <div className="booking-detail">
          {cancelled ? (
            <section className="card booking-detail__qr" data-testid="cancelled-card">
              <p>
                <strong>{t("details.cancelledTitle")}</strong>
              </p>
              <p>{t("details.cancelledNoEntry")}</p>
            </section>
          ) : b.open_offer && b.status === "active" ? (
            // Moved by the space guarantee: no code to enter with here (the gate refuses a cut's).
            <section className="card booking-detail__qr" data-testid="offer-card">
              <p>
                <strong>{t("details.offerNoEntry", { park: b.park.name })}</strong>
              </p>
            </section>
          ) : b.checked_out_at ? (
            <section className="card booking-detail__qr" data-testid="left-card">
              <p>
                <strong>{t("details.leftTitle")}</strong>
              </p>
              <p>{t("details.leftText")}</p>
            </section>
          ) : b.qr === null ? (
            // The window ended without the car coming in: no code to enter with (the API gives none).
            <section className="card booking-detail__qr" data-testid="ended-card">
              <p>
                <strong>
                  {t("details.endedTitle", {
                    end: formatZonedDateTime(b.end_time, i18n.language, b.park.time_zone),
                  })}
                </strong>
              </p>
              <p>{t("details.endedText")}</p>
            </section>
          ) : (
            <section className="card booking-detail__qr">
              <QrCode value={b.qr} label={t("qrAlt", { code: b.booking_code })} />
              <p>{t(b.checked_in_at ? "qrHintExit" : "qrHint")}</p>
              <a
                className="button"
                href={`https://www.openstreetmap.org/directions?to=${b.park.lat}%2C${b.park.lng}`}
                target="_blank"
                rel="noreferrer"
              >
                {t("details.directions")}
              </a>
              {!b.saved_copy && (
                <WalletLinks
                  wallet={b.wallet}
                  fetchedAt={booking.dataUpdatedAt}
                  refresh={async () => (await booking.refetch()).data?.wallet}
                />
              )}
            </section>
          )}
          <section className="card">
            <BookingSummary booking={b} />
            {b.park.entry_instructions && (
              <p>
                <strong>{t("details.entry")}</strong>{" "}
                <span lang={b.park.text_language}>{b.park.entry_instructions}</span>
              </p>
            )}
          </section>
          {/* A copy kept on this device (offline): what needs the API waits for the connection. */}
          {!b.saved_copy && (
            <>
              <ReviewSection booking={b} />
              <BookingActions booking={b} offerOpen={b.open_offer !== null} />
              {!cancelled && <ReportProblem subject={{ booking_id: b.id }} />}
              <ReceiptLinks reference={b.booking_code} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
