import type { BookingListItem } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The space guarantee's offer still waiting for the driver's choice (its park closed for the window,
 * or cut its spaces): why, and the link to the offer's page. Nothing for a booking without one, or
 * no longer active. The booking's page says it first (`status`: announced), the list under the booking.
 */
export function OfferNotice({
  booking: b,
  status = false,
}: {
  booking: Pick<BookingListItem, "open_offer" | "status" | "booking_code" | "park">;
  status?: boolean;
}) {
  const { t } = useTranslation("bookings");
  if (!b.open_offer || b.status !== "active") return null;
  return (
    <div
      className="alert alert--notice alert--topup"
      data-testid="offer-notice"
      {...(status ? { role: "status" } : {})}
    >
      <p>{t(`details.offerWhy.${b.open_offer}`, { park: b.park.name })}</p>
      <Link className="button button--accent" to={`/booking-offers/${encodeURIComponent(b.booking_code)}`}>
        {t("details.offerLink")}
      </Link>
    </div>
  );
}
