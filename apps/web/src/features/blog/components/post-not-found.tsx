import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../../lib/seo/page-head";

/** An unknown, unpublished or not yet published post: one answer for all, as an unknown page gets. */
export function PostNotFound() {
  const { t } = useTranslation("blog");
  return (
    <section className="container page" data-testid="post-not-found">
      <PageTitle title={t("notFound.title")} />
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p className="ctas">
        <Link className="button button--accent" to="/blog">
          {t("notFound.all")}
        </Link>
      </p>
    </section>
  );
}
