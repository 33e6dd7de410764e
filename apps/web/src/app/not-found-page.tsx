import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../lib/seo/page-head";

/** The page of an address no route has, and of a loader's 404 (its route's head: its title). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container page">
      <PageTitle title={t("notFound.title")} />
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <Link className="button" to="/">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
