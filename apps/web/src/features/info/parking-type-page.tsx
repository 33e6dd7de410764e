import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { PageHead } from "../../lib/seo/page-head";

export const PARKING_TYPES = ["airport", "city", "stadium", "station"] as const;
export type ParkingType = (typeof PARKING_TYPES)[number];

/**
 * /airport-parking, /city-parking, /stadium-parking, /station-parking (also under
 * /parking-types/...). The descriptive part is here; `listing` is the slot where the park search
 * feature puts the matching parks (the router passes it), so this page never shows made-up parks.
 */
export function ParkingTypePage({ type, listing }: { type: ParkingType; listing?: ReactNode }) {
  const { t } = useTranslation("parking");
  const sections = t(`${type}.sections`, { returnObjects: true }) as InfoSection[];
  return (
    <article className="info">
      {/* Also served under /parking-types/…: the short path is the page's one address. */}
      <PageHead title={t(`${type}.title`)} description={t(`${type}.lead`)} path={`/${type}-parking`} />
      <PageHeader title={t(`${type}.title`)} lead={t(`${type}.lead`)}>
        <p className="ctas">
          <Link
            className="button button--accent"
            to={`/parks-list?search=${encodeURIComponent(t(`${type}.searchTerm`))}`}
          >
            {t("findCta")}
          </Link>
        </p>
      </PageHeader>
      <Sections sections={Array.isArray(sections) ? sections : []} />
      <section className="container section" aria-labelledby="parking-list-title" data-slot="park-listing">
        <h2 id="parking-list-title">{t("listTitle")}</h2>
        {listing ?? (
          <p>
            {t("listIntro")} <Link to="/parks-list">{t("listLink")}</Link>
          </p>
        )}
      </section>
      <nav className="container section" aria-label={t("otherTypes")}>
        <h2>{t("otherTypes")}</h2>
        <ul className="chips">
          {PARKING_TYPES.filter((other) => other !== type).map((other) => (
            <li key={other}>
              <Link className="button" to={`/${other}-parking`}>
                {t(`${other}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
