import type { EventDetail } from "@parkwell/contract";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useNavigate, useParams, useRouteError } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { StaffText } from "../../../components/ui/staff-text";
import { ApiError } from "../../../lib/api";
import { eventAccessHeaders } from "../../../lib/event-access";
import { useHydrated } from "../../../lib/hydrated";
import type { MapPin } from "../../../components/map/pin-map";
import { formatMoney } from "../../../lib/format";
import { eventCodeOf, useEvent } from "../../../lib/queries";
import { PageHead, PageTitle, usePageAddress } from "../../../lib/seo/page-head";
import { usePublicOrigin } from "../../../lib/seo/public-origin";
import { eventJsonLd } from "../../../lib/seo/structured-data";
import { EventArt } from "../components/category-art";
import { EventNotFound } from "../../../components/ui/event-not-found";
import { EventParkCard } from "../components/event-park-card";
import { eventSpan, formatEventDay } from "../../../lib/event-time";
import "../events.css";

const PinMap = lazy(() => import("../../../components/map/pin-map"));

/** /event/{code}: the event on the venue's clock, and its parks on a map and as a list to book from. */
export function EventPage() {
  const { t, i18n } = useTranslation(["events", "bookings"]);
  const lang = i18n.language;
  const { eventCode = "" } = useParams();
  // A code that cannot be one is not asked for.
  const code = eventCodeOf(eventCode);
  const result = useEvent(code);
  const event = result.data;
  const hydrated = useHydrated();

  const pins = useMemo<MapPin[]>(() => {
    if (!event) return [];
    const venue: MapPin = {
      id: 0,
      lat: event.venue.lat,
      lng: event.venue.lng,
      title: event.venue.name,
      label: `★ ${t("event.venuePin")}`,
      accent: true,
    };
    return [
      venue,
      ...event.parks.map((p) => {
        const cheapest = p.prices.reduce<number | null>(
          (min, r) => (min === null || r.price.amount < min ? r.price.amount : min),
          null,
        );
        const currency = p.prices[0]?.price.currency ?? "";
        return {
          id: p.park.id,
          lat: p.park.lat,
          lng: p.park.lng,
          title: p.park.name,
          label: cheapest === null ? "P" : formatMoney(cheapest, currency, lang),
        };
      }),
    ];
  }, [event, lang, t]);

  if (code === null || (result.error instanceof ApiError && result.error.status === 404))
    return (
      <>
        <PageTitle title={t("notFound.title")} />
        <EventNotFound eventCode={code} />
      </>
    );
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <div className="container page">
        <PageTitle title={t("loadError")} />
        <div className="alert alert--error" role="alert">
          <p>{result.error instanceof ApiError ? result.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            {t("retry")}
          </button>
        </div>
      </div>
    );
  }
  const e = result.data;
  const span = eventSpan(e.start_time, e.end_time, lang, e.time_zone);
  const cancelled = e.status === "cancelled";
  const ended = new Date(e.end_time) <= new Date();
  const highlight = (id: number) =>
    document
      .querySelector(`[data-park-id="${id}"]`)
      ?.scrollIntoView({ block: "nearest", behavior: "smooth" });

  return (
    <div className="container page event-page">
      <EventHead event={e} />
      <p>
        <Link to="/events">{t("event.back")}</Link>
      </p>
      <header className="event-hero">
        <EventArt category={e.category} imageUrl={e.image_url} />
        <div className="event-hero__text">
          <p className="event-card__category">
            {t(`category.${e.category}`)}
            {e.visibility === "private" && <> · {t("event.private")}</>}
          </p>
          <h1>{e.name}</h1>
          <p className="event-hero__when" data-testid="event-when">
            <time dateTime={e.start_time}>{formatEventDay(e.start_time, lang, e.time_zone)}</time>
            <br />
            {t("event.span", span)}
          </p>
          <p className="event-hero__venue">
            <strong>{e.venue.name}</strong>
            <br />
            {e.venue.address}, {e.venue.city}
          </p>
        </div>
      </header>
      {cancelled && (
        <div className="alert alert--error" role="alert" data-testid="event-cancelled">
          <p>
            <strong>{t("event.cancelledTitle")}</strong>
          </p>
          <p>{t("event.cancelledText")}</p>
        </div>
      )}
      {!cancelled && ended && (
        <p className="alert alert--error" role="status">
          {t("event.ended")}
        </p>
      )}
      {e.description && (
        <section className="event-about" aria-labelledby="event-about-title">
          <h2 id="event-about-title">{t("event.about")}</h2>
          <StaffText language={e.text_language} className="event-about__text">
            {e.description}
          </StaffText>
        </section>
      )}
      {!cancelled && (
        <section className="event-parks" aria-labelledby="event-parks-title">
          <h2 id="event-parks-title">{t("event.parksTitle")}</h2>
          {e.parks.length === 0 ? (
            <p>{t("event.noParks")}</p>
          ) : (
            <div className="events-layout">
              <ul className="event-park-list">
                {e.parks.map((item) => (
                  <li key={item.park.id}>
                    <EventParkCard event={e} item={item} bookable={!ended} />
                  </li>
                ))}
              </ul>
              <div className="events-layout__map">
                {/* The map is drawn in the browser only (Leaflet needs the page's window). */}
                {hydrated ? (
                  <Suspense fallback={<Spinner />}>
                    <PinMap
                      pins={pins}
                      center={[e.venue.lat, e.venue.lng]}
                      zoom={14}
                      fitToPins
                      onPinClick={highlight}
                      className="park-map events-map"
                      texts={{
                        map: t("event.mapLabel", { venue: e.venue.name }),
                        open: t("list.pinOpen"),
                        openLabel: (name) => t("list.pinOpenLabel", { name }),
                        close: t("list.pinClose"),
                      }}
                    />
                  </Suspense>
                ) : (
                  <Spinner />
                )}
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * The route's answer when the server found no event (its loader's 404): the event's own not-found
 * page. A private event is a 404 on the server, which holds no grant; a browser whose session holds
 * this event's grant asks again once hydrated (the same address again: the loaders run in the
 * browser, and the page reads the event with its grant). Any other error goes on to the app's error page.
 */
export function EventRouteError() {
  const error = useRouteError();
  const { t } = useTranslation("events");
  const { eventCode = "" } = useParams();
  const code = eventCodeOf(eventCode);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const granted = hydrated && code !== null && Object.keys(eventAccessHeaders(code)).length > 0;
  useEffect(() => {
    // The same address again: its loader runs in the browser (which never throws), so this error
    // gives way to the page, which reads the event with the grant.
    if (granted) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [granted, navigate, location.pathname, location.search]);
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  if (granted) return <Spinner />;
  return (
    <>
      <PageTitle title={t("notFound.title")} />
      <EventNotFound eventCode={code} />
    </>
  );
}

/** What the event page says about itself; a private event's page is not for search engines. */
function EventHead({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation("events");
  const origin = usePublicOrigin();
  const path = `/event/${event.event_code}`;
  const url = usePageAddress(path);
  const isPrivate = event.visibility === "private";
  return (
    <PageHead
      title={t("head.eventTitle", { name: event.name })}
      description={t("head.eventDescription", {
        name: event.name,
        venue: event.venue.name,
        city: event.venue.city,
        date: formatEventDay(event.start_time, i18n.language, event.time_zone),
      })}
      path={path}
      image={event.image_url}
      noindex={isPrivate}
      jsonLd={isPrivate ? null : eventJsonLd({ event, url, origin })}
    />
  );
}
