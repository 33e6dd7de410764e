import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { PageTitle } from "../../lib/seo/page-head";
import { useFocusWhenTurnsOn } from "../../lib/use-focus";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { bookingByLinkQuery } from "./api";
import { BookingSummary } from "./booking-summary";
import { ExtendForm } from "./extend-form";
import { resetBookingUpdated, useBookingFlags, useResetOnLeave } from "./flags";
// The app's field styles (44 px controls, 16 px text) for the form on this page.
import "../../components/ui/content.css";
import "./bookings.css";

/**
 * /extend/{id}?link=…: an airport booking extended from its wallet pass, with no sign-in
 * (decision 068). The pass's link stands for its owner for this booking alone: the page reads the
 * booking with it, and the extension form quotes and extends with it, paid from the owner's
 * wallet. A link that has expired or names another booking says so and offers the sign-in.
 */
export function ExtendLinkPage() {
  const { t, i18n } = useTranslation("bookings");
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const link = params.get("link") ?? "";
  const booking = useQuery({ ...bookingByLinkQuery(id, link, i18n.language), enabled: link !== "" });
  const { bookingUpdated } = useBookingFlags();
  useResetOnLeave(resetBookingUpdated);
  const flash = useFocusWhenTurnsOn<HTMLDivElement>(bookingUpdated);
  const b = booking.data;
  // As the booking's own page offers it: an active booking not over, not an event's, no offer open.
  const extendable =
    b?.status === "active" && new Date(b.end_time) > new Date() && !b.event && b.open_offer === null;

  return (
    <div className="container page booking-page">
      <PageTitle title={t("extendLink.title")} />
      <h1>{t("extendLink.title")}</h1>
      {bookingUpdated && b && (
        <div ref={flash} tabIndex={-1} role="status" className="alert alert--success booking-flash">
          <p>
            {t("extendLink.done", { end: formatZonedDateTime(b.end_time, i18n.language, b.park.time_zone) })}
          </p>
        </div>
      )}
      {booking.isPending && link !== "" && <p>{t("common:loading")}</p>}
      {(link === "" || booking.isError) && (
        <div role="alert" className="alert alert--error">
          <p>
            {booking.error instanceof ApiError
              ? booking.error.message
              : link === ""
                ? t("extendLink.noLink")
                : t("loadError")}
          </p>
        </div>
      )}
      {b && (
        <div className="booking-detail booking-detail--extend">
          <section className="card booking-actions" aria-labelledby="extend-link-title">
            <h2 id="extend-link-title">{t("extendLink.choose")}</h2>
            {extendable ? (
              <>
                <p>{t("extendLink.intro")}</p>
                {/* Keyed on the end: once extended, the form starts over from the new end. */}
                <ExtendForm key={b.end_time} booking={b} link={link} />
              </>
            ) : (
              <p>{t("extendLink.over")}</p>
            )}
          </section>
          <section className="card">
            <BookingSummary booking={b} />
          </section>
        </div>
      )}
      <p>
        <Link to="/bookings">{t("extendLink.signIn")}</Link>
      </p>
    </div>
  );
}
