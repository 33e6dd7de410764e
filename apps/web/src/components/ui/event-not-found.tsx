import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** An unknown, unpublished or private (without its grant) event: one answer for all three (event page, event checkout). */
export function EventNotFound() {
  const { t } = useTranslation("events");
  return (
    <section className="container page" data-testid="event-not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p className="ctas">
        <Link className="button button--accent" to="/private-event-access">
          {t("notFound.access")}
        </Link>
        <Link className="button" to="/events">
          {t("notFound.all")}
        </Link>
      </p>
    </section>
  );
}
