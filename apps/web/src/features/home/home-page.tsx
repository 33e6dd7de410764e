import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { EXTERNAL_LINKS } from "../../lib/links";
import { SearchBox } from "./search-box";

// Fetch the home text with the app's first catalogue, not after the first render asks for it.
void i18n.loadNamespaces("home");

/** The figures the home page states (SPEC 1: over 500,000 locations, users, bookings, satisfaction). */
const STATS = [
  { value: 500_000, suffix: "+", key: "statLocations" },
  { value: 120_000, suffix: "+", key: "statUsers" },
  { value: 45_000, suffix: "+", key: "statBookings" },
  { value: 98, suffix: "%", key: "statSatisfaction" },
] as const;

const TYPES = [
  { to: "/airport-parking", title: "typeAirport", text: "typeAirportText", icon: "✈" },
  { to: "/city-parking", title: "typeCity", text: "typeCityText", icon: "🏙" },
  { to: "/stadium-parking", title: "typeStadium", text: "typeStadiumText", icon: "🏟" },
  { to: "/station-parking", title: "typeStation", text: "typeStationText", icon: "🚉" },
] as const;

export function HomePage() {
  const { t, i18n } = useTranslation("home");
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1>{t("title")}</h1>
          <p className="hero__lead">{t("subtitle")}</p>
          <SearchBox />
        </div>
      </section>

      <section className="container section" aria-labelledby="how-title">
        <h2 id="how-title">{t("howTitle")}</h2>
        <ol className="steps">
          {([1, 2, 3] as const).map((n) => (
            <li key={n} className="card">
              <span className="steps__number" aria-hidden="true">
                {n}
              </span>
              <h3>{t(`how${n}Title`)}</h3>
              <p>{t(`how${n}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container section" aria-labelledby="types-title">
        <h2 id="types-title">{t("typesTitle")}</h2>
        <ul className="grid grid--4">
          {TYPES.map((type) => (
            <li key={type.to}>
              <Link to={type.to} className="card card--link">
                <span className="card__icon" aria-hidden="true">
                  {type.icon}
                </span>
                <h3>{t(type.title)}</h3>
                <p>{t(type.text)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="stats" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title">{t("statsTitle")}</h2>
          <dl className="grid grid--4">
            {STATS.map((s) => (
              <div key={s.key} className="stats__item">
                <dt>{t(s.key)}</dt>
                <dd>
                  {formatNumber(s.value, i18n.language)}
                  {s.suffix}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="container section apps" aria-labelledby="apps-title">
        <h2 id="apps-title">{t("appsTitle")}</h2>
        <p>{t("appsText")}</p>
        <p className="apps__links">
          <a className="button" href={EXTERNAL_LINKS.appStore} rel="noopener">
            {t("common:footer.appStore")}
          </a>
          <a className="button" href={EXTERNAL_LINKS.googlePlay} rel="noopener">
            {t("common:footer.googlePlay")}
          </a>
        </p>
      </section>
    </>
  );
}
