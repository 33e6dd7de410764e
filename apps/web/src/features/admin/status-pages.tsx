import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The 403 page: for a user without back-office permission (then `backLink` is off: the back
 * office has nothing to go back to), a page whose section the user lacks, and any admin API
 * call answered with 403.
 */
export function ForbiddenPage({ backLink = true }: { backLink?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-status" aria-labelledby="admin-status-title">
      <h1 id="admin-status-title">{t("forbidden.title")}</h1>
      <p>{t("forbidden.text")}</p>
      <p className="admin-status__actions">
        {backLink && (
          <Link className="button button--accent" to="/admin">
            {t("forbidden.back")}
          </Link>
        )}
        <Link className="button" to="/">
          {t("forbidden.home")}
        </Link>
      </p>
    </section>
  );
}

/** An unknown path under /admin, inside the back-office layout. */
export function AdminNotFoundPage() {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-status" aria-labelledby="admin-status-title">
      <h1 id="admin-status-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p className="admin-status__actions">
        <Link className="button button--accent" to="/admin">
          {t("notFound.back")}
        </Link>
      </p>
    </section>
  );
}
