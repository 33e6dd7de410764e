import type { ParkDetail, ParkRate } from "@parkwell/contract";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useHydrated } from "../../../lib/hydrated";
import { parkQuery, usePark } from "../../../lib/queries";
import { PageHead, PageTitle, usePageAddress } from "../../../lib/seo/page-head";
import { usePublicOrigin } from "../../../lib/seo/public-origin";
import { parkingFacilityJsonLd } from "../../../lib/seo/structured-data";
import { OpeningHours, RatesTable } from "../components/park-facts";
import { ParkChargers } from "../components/park-chargers";
import { ParkPlans } from "../components/park-plans";
import { ParkReviews } from "../components/park-reviews";
import { RatingLine } from "../components/rating-line";
import { ParkBookLink, ParkWindow } from "../components/park-window";
import { formatMoney, formatNumber } from "../../../lib/format";
import { placeLine } from "../format";
import "../parks.css";
import { parkMapTexts } from "../map-texts";

const ParkMap = lazy(() => import("../../../components/map/pin-map"));

/**
 * /park/{slug}: everything a driver needs before booking. Asked by the park's code (the QR sign),
 * its id or another spelling of its slug, the page goes to its slug (the server answers a 301).
 */
export function ParkPage() {
  const { t, i18n } = useTranslation("parks");
  const { slug = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = usePark(slug);
  const hydrated = useHydrated();
  const park = result.data;
  const pins = useMemo(
    () =>
      park
        ? [
            {
              id: park.id,
              lat: park.lat,
              lng: park.lng,
              title: park.name,
              label: park.price_from
                ? formatMoney(park.price_from.hourly, park.price_from.currency, i18n.language)
                : "P",
            },
          ]
        : [],
    [park, i18n.language],
  );
  const center = useMemo<[number, number]>(() => (park ? [park.lat, park.lng] : [0, 0]), [park]);

  const atOtherAddress = park && park.slug !== slug ? park : null;
  useEffect(() => {
    if (!atOtherAddress) return;
    // The page at its slug opens at once, with the park already read.
    queryClient.setQueryData(parkQuery(atOtherAddress.slug, i18n.language).queryKey, atOtherAddress);
    void navigate(`/park/${atOtherAddress.slug}${location.search}${location.hash}`, { replace: true });
  }, [atOtherAddress, queryClient, i18n.language, navigate, location.search, location.hash]);

  if (result.isPending) return <Spinner />;
  if (result.error instanceof ApiError && result.error.status === 410) return <ParkGone />;
  if (result.isError || !park) {
    const notFound = result.error instanceof ApiError && result.error.status === 404;
    return (
      <div className="container page">
        <PageTitle title={notFound ? t("notFoundTitle") : t("loadFailed")} />
        <h1>{notFound ? t("notFoundTitle") : t("loadFailed")}</h1>
        <p role="alert">{notFound ? t("notFoundText") : result.error?.message}</p>
        <Link to="/parks-list" className="button">
          {t("backToList")}
        </Link>
      </div>
    );
  }
  if (park.slug !== slug) return <Spinner />;
  return (
    <div className="container page park-page">
      <ParkHead park={park} />
      <nav aria-label={t("breadcrumb")} className="park-crumbs">
        <Link to="/parks-list">{t("findParking")}</Link> › <span>{park.city}</span>
      </nav>
      <header className="park-page__head">
        <h1>{park.name}</h1>
        <p>
          <span className="park-badge">{t(`type.${park.type}`)}</span>{" "}
          {placeLine(park.address, park.city, park.state)} · {t("parkCode", { code: park.park_code })}
        </p>
        <RatingLine rating={park.rating} href="#reviews" />
      </header>
      <div className="park-page__grid">
        <div className="park-page__main">
          {/* A park without photos shows none, rather than an empty picture box. */}
          {park.photos.length > 0 && (
            <div className="park-photos">
              {park.photos.map((p) => (
                <img key={p.url} src={p.url} alt={p.alt} loading="lazy" />
              ))}
            </div>
          )}
          <div lang={park.text_language}>
            <p>{park.description}</p>
          </div>
          {park.text_language !== i18n.language && (
            <p className="park-muted" data-testid="text-language-note">
              {t("textInOtherLanguage", { language: t(`languageName.${park.text_language}`) })}
            </p>
          )}
          <h2>{t("amenitiesTitle")}</h2>
          <ul className="park-card__tags">
            {park.amenities.map((a) => (
              <li key={a} className="park-tag">
                {t(`amenity.${a}`)}
              </li>
            ))}
            {park.max_height_cm && (
              <li className="park-tag">
                {t("maxHeight", {
                  meters: formatNumber(park.max_height_cm / 100, i18n.language, { minimumFractionDigits: 2 }),
                })}
              </li>
            )}
          </ul>
          <ParkChargers chargers={park.chargers} slug={park.slug} />
          <h2>{t("ratesTitle")}</h2>
          <RatesTable park={park} />
          <h2>{t("hoursTitle")}</h2>
          <OpeningHours park={park} />
          <h2>{t("entryTitle")}</h2>
          <p lang={park.text_language}>{park.entry_instructions}</p>
          {park.operator && <p className="park-muted">{t("operatedBy", { operator: park.operator })}</p>}
          <h2>{t("mapTitle")}</h2>
          {/* The map is drawn in the browser only (Leaflet needs the page's window); until then its
              empty frame holds its place (without JavaScript, the address above says where). */}
          {hydrated ? (
            <Suspense fallback={<Spinner />}>
              <ParkMap
                pins={pins}
                center={center}
                zoom={15}
                className="park-map park-map--small"
                texts={parkMapTexts(t)}
              />
            </Suspense>
          ) : (
            <div className="park-map park-map--small" aria-hidden="true" />
          )}
          <ParkReviews parkId={park.id} timeZone={park.time_zone} />
        </div>
        <aside className="park-page__side">
          {/* The window opens on this browser's "now": chosen after hydration, never on the server. */}
          {hydrated ? <ParkWindow park={park} /> : <ParkBookLink park={park} />}
          <ParkPlans parkId={park.id} />
        </aside>
      </div>
    </div>
  );
}

/** What the park page says about itself: its title, description and the park as a ParkingFacility. */
/** A deactivated park's page (a 410 from the server): it is gone, and the search is a click away. */
export function ParkGone() {
  const { t } = useTranslation("parks");
  return (
    <div className="container page">
      <PageTitle title={t("goneTitle")} />
      <h1>{t("goneTitle")}</h1>
      <p>{t("goneText")}</p>
      <Link to="/parks-list" className="button">
        {t("backToList")}
      </Link>
    </div>
  );
}

function ParkHead({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  const lang = i18n.language;
  const origin = usePublicOrigin();
  const path = `/park/${park.slug}`;
  const url = usePageAddress(path);
  const place = placeLine(park.address, park.city, park.state);
  const vehicleName = (r: ParkRate) => t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type });
  const jsonLd = parkingFacilityJsonLd({
    park,
    url,
    origin,
    vehicleName,
    describeRate: (r) =>
      t("head.rate", {
        vehicle: vehicleName(r),
        hourly: formatMoney(r.hourly, r.currency, lang),
        daily: formatMoney(r.daily_max, r.currency, lang),
      }),
  });
  return (
    <PageHead
      title={t("head.parkTitle", { name: park.name, city: park.city })}
      description={
        park.price_from
          ? t("head.parkDescription", {
              name: park.name,
              place,
              price: formatMoney(park.price_from.hourly, park.price_from.currency, lang),
            })
          : t("head.parkDescriptionNoPrice", { name: park.name, place })
      }
      path={path}
      image={park.photos[0]?.url}
      jsonLd={jsonLd}
    />
  );
}
