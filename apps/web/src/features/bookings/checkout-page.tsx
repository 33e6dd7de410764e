import { useTranslation } from "react-i18next";
import { dayOnClock, type ParkDetail } from "@parkwell/contract";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { usePark } from "../../lib/queries";
import { formatShortZoned, zoneAbbreviation } from "../../lib/zoned-time";
import { CheckoutForm } from "./checkout-form";
// The app's field styles (44 px controls, 16 px text) for the forms on this page.
import "../../components/ui/content.css";
import "./bookings.css";

/** /checkout/{slug}: the park, then the booking form (its state lives in the query string). */
export function CheckoutPage() {
  const { t } = useTranslation("bookings");
  const { slug = "" } = useParams();
  const park = usePark(slug);

  return (
    <div className="container page booking-page">
      <h1>{t("checkout.title")}</h1>
      {park.isPending && <p>{t("common:loading")}</p>}
      {park.isError && (
        <div role="alert" className="alert alert--error">
          <p>{park.error instanceof ApiError ? park.error.message : t("loadError")}</p>
          <Link to="/parks-list">{t("checkout.findPark")}</Link>
        </div>
      )}
      {park.data && <ClosedNotice park={park.data} />}
      {park.data && <CheckoutForm park={park.data} />}
    </div>
  );
}

/**
 * From the QR sign of a park closed now: says so, and when the booking below starts (its next
 * opening, on the park's clock): "closed today" when that opening is on a later day. Gone once
 * the driver picks another start.
 */
function ClosedNotice({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("bookings");
  const [params] = useSearchParams();
  const opens = params.get("closed_until");
  if (!opens || params.get("start_time") !== opens || Number.isNaN(Date.parse(opens))) return null;
  const zone = park.time_zone;
  const at = new Date(opens);
  const today = dayOnClock(new Date(), zone) === dayOnClock(at, zone);
  return (
    <p className="alert alert--notice" role="status" data-testid="closed-notice">
      {t(today ? "landing.closedNow" : "landing.closedToday", {
        park: park.name,
        when: `${formatShortZoned(opens, i18n.language, zone)} ${zoneAbbreviation(zone, i18n.language, at)}`,
      })}
    </p>
  );
}
