import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useSelectedCountry } from "../../../lib/country";
import { Pagination } from "../../../components/ui/pagination";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { toApiQuery, useEvents } from "../api";
import { EventCard } from "../components/event-card";
import { EventFilters } from "../components/event-filters";
import { venuePins } from "../components/venue-pins";
import { parseEventQuery, toSearchParams, type EventQuery } from "../search-params";
import "../events.css";
import { countryLabel } from "../../../lib/format";
import { PageHead } from "../../../lib/seo/page-head";

const PinMap = lazy(() => import("../../../components/map/pin-map"));

/**
 * /events: the upcoming events of the selected country, filtered by text, category and dates (in
 * the URL), as cards and as venues on a map.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation("events");
  const country = useSelectedCountry();
  const [params, setParams] = useSearchParams();
  const query = parseEventQuery(params);
  const result = useEvents(toApiQuery(query, country.code));
  const go = (next: EventQuery) => setParams(toSearchParams(next));
  const items = result.data?.items;
  const pins = useMemo(() => venuePins(items ?? [], i18n.language), [items, i18n.language]);
  const filtered = Boolean(query.search || query.category || query.from || query.to);

  const title = t(`list.title.${country.code}`, {
    defaultValue: t("list.titleOther", { country: countryLabel(t, country) }),
  });

  return (
    <div className="container page events-page">
      <PageHead
        title={title}
        description={t("head.listDescription")}
        path="/events"
        params={Object.fromEntries(toSearchParams(query))}
      />
      <div className="events-page__head">
        <h1>{title}</h1>
        <Link className="button" to="/private-event-access">
          {t("list.accessCode")}
        </Link>
      </div>
      <EventFilters key={query.search ?? ""} query={query} onChange={go} />
      {result.isPending ? (
        <Spinner />
      ) : result.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{result.error instanceof ApiError ? result.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : (
        <div className="events-layout" aria-busy={result.isFetching}>
          <section className="events-layout__list" aria-labelledby="events-count">
            <p id="events-count" className="events-count" aria-live="polite" data-testid="event-count">
              {t("list.count", { count: result.data.total })}
            </p>
            {result.data.items.length === 0 ? (
              <div className="events-empty" data-testid="events-empty">
                <p>{filtered ? t("list.emptyFiltered") : t("list.empty")}</p>
                {filtered && (
                  <button type="button" className="button" onClick={() => go({ page: 1, size: query.size })}>
                    {t("list.clear")}
                  </button>
                )}
              </div>
            ) : (
              <ul className="event-grid">
                {result.data.items.map((event) => (
                  <li key={event.event_code}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={result.data.page}
              pages={result.data.pages}
              onPage={(page) => {
                go({ ...query, page });
                window.scrollTo({ top: 0 });
              }}
            />
          </section>
          {pins.length > 0 && (
            <div className="events-layout__map">
              <Suspense fallback={<Spinner />}>
                <PinMap
                  pins={pins}
                  center={COUNTRY_CENTERS[country.code] ?? [pins[0]!.lat, pins[0]!.lng]}
                  zoom={11}
                  fitToPins
                  className="park-map events-map"
                  texts={{
                    map: t("list.mapLabel"),
                    open: t("list.pinOpen"),
                    openLabel: (name) => t("list.pinOpenLabel", { name }),
                    close: t("list.pinClose"),
                  }}
                />
              </Suspense>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
