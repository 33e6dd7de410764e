import type { ParkFigures } from "@parkwell/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { AppStoreLink } from "../../components/ui/app-store-link";
import { OptionalSection } from "../../components/ui/optional-section";
import { PageHead } from "../../lib/seo/page-head";
import { SearchBox } from "./search-box";

// Fetch the home text with the app's first catalogue, not after the first render asks for it.
void i18n.loadNamespaces("home");

/**
 * The network in figures, counted from the database (parks, cities, countries served; the last
 * 30 days' active drivers and bookings; the last 12 months' satisfaction rate). No invented
 * number: while they load, or if they cannot be had, the section is left out, and an activity
 * figure the API leaves out (too little data to mean something: null) is not shown.
 */
const FIGURES = [
  { key: "parks", label: "statParks" },
  { key: "cities", label: "statCities" },
  { key: "countries", label: "statCountries" },
  { key: "monthly_active_users", label: "statActiveUsers" },
  { key: "monthly_bookings", label: "statBookings" },
] as const;

/** The figures to show, in order, each with its label and its number written in the language. */
export function shownFigures(
  figures: ParkFigures,
  t: TFunction<"home">,
  language: string,
): { key: string; label: string; value: string }[] {
  const counts = FIGURES.flatMap((f) => {
    const n = figures[f.key];
    return n === null
      ? []
      : [{ key: f.key, label: t(f.label, { count: n }), value: formatNumber(n, language) }];
  });
  const rate = figures.satisfaction_percent;
  return rate === null
    ? counts
    : [
        ...counts,
        {
          key: "satisfaction_percent",
          label: t("statSatisfaction"),
          value: formatNumber(rate / 100, language, { style: "percent", maximumFractionDigits: 0 }),
        },
      ];
}

export const parkFiguresQuery = () =>
  queryOptions({
    queryKey: ["parks", "figures"],
    queryFn: ({ signal }) => api("/parks/front/figures", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

function useParkFigures() {
  return useQuery(parkFiguresQuery());
}

const TYPES = [
  { to: "/airport-parking", title: "typeAirport", text: "typeAirportText", icon: "✈" },
  { to: "/city-parking", title: "typeCity", text: "typeCityText", icon: "🏙" },
  { to: "/stadium-parking", title: "typeStadium", text: "typeStadiumText", icon: "🏟" },
  { to: "/station-parking", title: "typeStation", text: "typeStationText", icon: "🚉" },
] as const;

/** `nextEvents`: the events feature's section (app/router.tsx fills it, loaded as its own chunk). */
export function HomePage({ nextEvents }: { nextEvents?: ReactNode }) {
  const { t, i18n } = useTranslation("home");
  const figures = useParkFigures().data;
  return (
    <>
      <PageHead title={t("head.title")} description={t("head.description")} path="/" />
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

      {nextEvents && <OptionalSection>{nextEvents}</OptionalSection>}

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

      {figures && figures.parks > 0 && (
        <section className="stats" aria-labelledby="stats-title">
          <div className="container">
            <h2 id="stats-title">{t("statsTitle")}</h2>
            <dl className="grid grid--3">
              {shownFigures(figures, t, i18n.language).map((f) => (
                <div key={f.key} className="stats__item">
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )}

      <section className="container section apps" aria-labelledby="apps-title">
        <h2 id="apps-title">{t("appsTitle")}</h2>
        <p>{t("appsText")}</p>
        <p className="apps__links">
          <AppStoreLink store="appStore" className="button" />
          <AppStoreLink store="googlePlay" className="button" />
        </p>
      </section>
    </>
  );
}
