import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { usePark } from "../../lib/queries";
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
      {park.data && <CheckoutForm park={park.data} />}
    </div>
  );
}
