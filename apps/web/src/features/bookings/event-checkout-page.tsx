import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { eventCodeOf, useEvent } from "../../lib/queries";
import { EventCheckoutForm } from "./event-checkout-form";
// The app's field styles (44 px controls, 16 px text) for the form on this page.
import "../../components/ui/content.css";
import "./bookings.css";
import { EventNotFound } from "../../components/ui/event-not-found";

/**
 * /booking/event/{code}?park={id}&vehicle_type_id={id}: the checkout of one park of an event
 * (signed in: an account route). Its texts are the events catalogue's.
 */
export function EventCheckoutPage() {
  const { t } = useTranslation("events");
  const { eventCode = "" } = useParams();
  const [params] = useSearchParams();
  const code = eventCodeOf(eventCode);
  const result = useEvent(code);
  if (code === null || (result.error instanceof ApiError && result.error.status === 404))
    return <EventNotFound eventCode={code} />;
  const parkId = Number(params.get("park"));
  const item = result.data?.parks.find((p) => p.park.id === parkId);
  const back = `/event/${code}`;
  const ended = result.data ? new Date(result.data.end_time) <= new Date() : false;

  return (
    <div className="container page booking-page">
      <p>
        <Link to={back}>{t("checkout.back")}</Link>
      </p>
      <h1>{t("checkout.title")}</h1>
      {result.isPending && <Spinner />}
      {result.isError && (
        <div role="alert" className="alert alert--error">
          <p>{result.error instanceof ApiError ? result.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {result.data &&
        (result.data.status === "cancelled" ? (
          <div role="alert" className="alert alert--error" data-testid="event-cancelled">
            <p>
              <strong>{t("event.cancelledTitle")}</strong>
            </p>
            <p>{t("event.cancelledText")}</p>
          </div>
        ) : ended ? (
          <div role="alert" className="alert alert--error">
            <p>{t("event.ended")}</p>
          </div>
        ) : item ? (
          <EventCheckoutForm event={result.data} item={item} />
        ) : (
          <div role="alert" className="alert alert--error">
            <p>{t("checkout.noPark")}</p>
            <Link to={back}>{t("checkout.choosePark")}</Link>
          </div>
        ))}
    </div>
  );
}
