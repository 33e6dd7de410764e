import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NotYet, PageHeader } from "../../components/ui/info-content";

export const INTRO_PAGES = {
  blog: "/",
  post: "/blog",
} as const;
export type IntroPageId = keyof typeof INTRO_PAGES;

/**
 * A feature's own page while it is not open: a clear heading, a note saying it is not open yet and
 * what a driver can do today, what the feature will do, and where to go meanwhile. No invented data.
 */
export function IntroPage({ id }: { id: IntroPageId }) {
  const { t } = useTranslation("intro");
  const points = t(`${id}.points`, { returnObjects: true }) as string[];
  return (
    <article className="info">
      <PageHeader title={t(`${id}.title`)} lead={t(`${id}.lead`)}>
        <p className="ctas">
          <Link className="button button--accent" to={INTRO_PAGES[id]}>
            {t(`${id}.cta`)}
          </Link>
        </p>
      </PageHeader>
      <NotYet title={t("notYet")} text={t(`${id}.today`)} />
      <div className="container prose">
        <ul className="bullets">{Array.isArray(points) && points.map((p) => <li key={p}>{p}</li>)}</ul>
      </div>
    </article>
  );
}
