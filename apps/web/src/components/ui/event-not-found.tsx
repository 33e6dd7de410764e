import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * An unknown, unpublished or private (without its grant) event: one answer for all three (event
 * page, event checkout). The access link carries the event's code when the address had one, so the
 * driver who followed a private event's link types only the access code.
 */
export function EventNotFound({ eventCode }: { eventCode?: string | null | undefined }) {
  const { t } = useTranslation("events");
  return (
    <section className="container page" data-testid="event-not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p className="ctas">
        <Link
          className="button button--accent"
          to={
            eventCode
              ? `/private-event-access?${new URLSearchParams({ event: eventCode }).toString()}`
              : "/private-event-access"
          }
        >
          {t("notFound.access")}
        </Link>
        <Link className="button" to="/events">
          {t("notFound.all")}
        </Link>
      </p>
    </section>
  );
}
