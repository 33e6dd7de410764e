import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { nextBookableWindow } from "../../lib/park-window";
import { usePark } from "../../lib/queries";
import { nextQuarterHour } from "./time";

/**
 * /booking/{parkCode}: the QR sign at the gate books from now (the next quarter hour) for two
 * hours, or, when the park is closed then, from its next opening, as the park page does; the
 * checkout is then told (`closed_until`) so it says the park is closed now, not only later times.
 */
export function QrLandingPage() {
  const { t } = useTranslation("bookings");
  const { parkCode = "" } = useParams();
  const navigate = useNavigate();
  const park = usePark(parkCode);

  useEffect(() => {
    if (!park.data) return;
    const from = nextQuarterHour(new Date());
    const { start, end } = nextBookableWindow(park.data, from);
    const query = new URLSearchParams({
      vehicle_type_id: String(park.data.rates[0]?.vehicle_type_id ?? 1),
      start_time: start,
      end_time: end,
    });
    if (new Date(start) > from) query.set("closed_until", start);
    void navigate(`/checkout/${park.data.slug}?${query.toString()}`, { replace: true });
  }, [park.data, navigate]);

  return (
    <div className="container page">
      <h1>{t("landing.title")}</h1>
      {park.isError ? (
        <div role="alert" className="alert alert--error">
          <p>{park.error instanceof ApiError ? park.error.message : t("loadError")}</p>
          <Link to="/parks-list">{t("checkout.findPark")}</Link>
        </div>
      ) : (
        <p>{t("landing.resolving")}</p>
      )}
    </div>
  );
}
