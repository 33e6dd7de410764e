import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** An unknown or withdrawn item (or one of another country): one answer for all. */
export function ItemNotFound() {
  const { t } = useTranslation("marketplace");
  return (
    <section className="container page" data-testid="item-not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p className="ctas">
        <Link className="button button--accent" to="/marketplace">
          {t("notFound.all")}
        </Link>
      </p>
    </section>
  );
}
