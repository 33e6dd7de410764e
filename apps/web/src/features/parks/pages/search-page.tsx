import { lazy, Suspense, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SearchTextField } from "../../../components/ui/search-text-field";
import { Link, useSearchParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { useSelectedCountry } from "../../../lib/country";
import { useCountryZone, useParkSearch } from "../api";
import type { MapPin } from "../../../components/map/pin-map";
import { ParkResults } from "../components/park-results";
import { formatMoney } from "../../../lib/format";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import "../parks.css";
import { parkMapTexts } from "../map-texts";
import { carriedWindow, parkHref, parseParkQuery, textSearchQuery, toSearchParams } from "../search-params";

const ParkMap = lazy(() => import("../../../components/map/pin-map"));
const SIZE = 20;

/**
 * /search: the list beside a map, under the site header (the map layout of app/layout.tsx).
 * A text search looks across the country and the map fits its results; moving the map searches
 * there instead. The map shows the pins of the page of results in the list.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation("parks");
  const country = useSelectedCountry();
  const [params, setParams] = useSearchParams();
  const query = parseParkQuery(params, SIZE);
  // A place on the map is its own scope: the selected country narrows only text searches.
  // The window is read on the selected country's clock, a place on the map included.
  const result = useParkSearch(
    query,
    query.lat === undefined ? country.code : undefined,
    useCountryZone(country.code),
  );
  const [text, setText] = useState(query.search ?? "");
  const [highlighted, setHighlighted] = useState<number>();

  const center = useMemo<[number, number]>(
    () =>
      query.lat !== undefined && query.lng !== undefined
        ? [query.lat, query.lng]
        : (COUNTRY_CENTERS[country.code] ?? [0, 0]),
    [query.lat, query.lng, country.code],
  );
  const items = result.data?.items;
  // A string, so the pins (and the map's redraw) change only when the carried window does.
  const carried = carriedWindow(params);
  const pins = useMemo<MapPin[]>(
    () =>
      (items ?? []).map((p) => {
        const hourly = p.price_from && formatMoney(p.price_from.hourly, p.price_from.currency, i18n.language);
        return {
          id: p.id,
          lat: p.lat,
          lng: p.lng,
          title: p.name,
          label: hourly ?? "P",
          price: hourly ? t("pinPrice", { price: hourly }) : t("noRate"),
          href: parkHref(p.slug, carried),
        };
      }),
    [items, i18n.language, t, carried],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(toSearchParams(textSearchQuery(query, text), SIZE));
  };
  const moved = (c: [number, number], radiusKm: number) =>
    setParams(
      toSearchParams(
        {
          ...query,
          lat: +c[0].toFixed(5),
          lng: +c[1].toFixed(5),
          radiusKm: Math.min(100, Math.max(1, Math.round(radiusKm))),
          sort: undefined,
          page: 1,
        },
        SIZE,
      ),
      { replace: true },
    );
  const pinClicked = (id: number) => {
    setHighlighted(id);
    document
      .querySelector(`[data-park-id="${id}"]`)
      ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  return (
    <div className="search-layout">
      <div className="search-layout__bar">
        <h1 className="visually-hidden">{t("searchTitle")}</h1>
        <form role="search" className="park-inline search-layout__form" onSubmit={submit}>
          <label htmlFor="search-page-q" className="visually-hidden">
            {t("searchLabel")}
          </label>
          <SearchTextField
            id="search-page-q"
            value={text}
            onChange={setText}
            placeholder={t("searchPlaceholder")}
            button={t("searchButton")}
          />
        </form>
        <Link
          to={`/parks-list?${toSearchParams({ ...query, page: 1 }).toString()}`}
          className="search-layout__link"
        >
          {t("listView")}
        </Link>
      </div>
      <div className="search-layout__body">
        <div className="search-layout__list">
          <ParkResults
            result={result}
            highlightedId={highlighted}
            onPage={(page) => setParams(toSearchParams({ ...query, page }, SIZE))}
          />
        </div>
        <div className="search-layout__map">
          <Suspense fallback={<Spinner />}>
            <ParkMap
              texts={parkMapTexts(t)}
              pins={pins}
              center={center}
              zoom={query.lat !== undefined ? 13 : 11}
              fitToPins={query.lat === undefined}
              onMoveEnd={moved}
              onPinClick={pinClicked}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
