import type { ParkSummary } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatDistance, placeLine } from "../format";
import { carriedWindow, parkHref, parseParkQuery } from "../search-params";
import { formatMoney } from "../../../lib/format";
import { RatingLine } from "./rating-line";

export function ParkCard({ park, highlighted = false }: { park: ParkSummary; highlighted?: boolean }) {
  const { t, i18n } = useTranslation("parks");
  const lang = i18n.language;
  const price = park.price_from;
  const window = park.availability;
  // The vehicle and the dates chosen on the list go on to the park page (and from there to checkout).
  const [params] = useSearchParams();
  // Four tags at most, what the search filters by first: a park found for its chargers says
  // "EV charging" even when it lists more amenities than fit.
  const query = parseParkQuery(params);
  const wanted = new Set<string>(query.amenities);
  if (query.connector || query.minKw) wanted.add("ev_charging");
  const tags = [
    ...park.amenities.filter((a) => wanted.has(a)),
    ...park.amenities.filter((a) => !wanted.has(a)),
  ].slice(0, 4);
  return (
    <article className={highlighted ? "park-card park-card--active" : "park-card"} data-park-id={park.id}>
      <div className="park-card__head">
        <h2 className="park-card__name">
          <Link to={parkHref(park.slug, carriedWindow(params))}>{park.name}</Link>
        </h2>
        <span className="park-badge">{t(`type.${park.type}`)}</span>
      </div>
      <p className="park-card__address">
        {placeLine(park.address, park.city)}
        {park.distance_km !== undefined && (
          <span className="park-card__distance">
            {" "}
            · {t("away", { distance: formatDistance(park.distance_km, lang) })}
          </span>
        )}
      </p>
      <RatingLine rating={park.rating} />
      <ul className="park-card__tags" aria-label={t("amenitiesTitle")}>
        {park.open_24h && <li className="park-tag park-tag--strong">{t("open24h")}</li>}
        {tags.map((a) => (
          <li key={a} className="park-tag">
            {t(`amenity.${a}`)}
          </li>
        ))}
      </ul>
      <div className="park-card__price">
        {price ? (
          <span>
            {t("priceFrom", {
              hourly: formatMoney(price.hourly, price.currency, lang),
              daily: formatMoney(price.daily_max, price.currency, lang),
            })}
          </span>
        ) : (
          <span>{t("noRate")}</span>
        )}
        {window && !window.bookable && (
          <span className="park-card__window park-card__window--closed">{window.reason}</span>
        )}
        {window?.bookable && (
          <span className="park-card__window">
            {window.price
              ? t("windowTotal", { total: formatMoney(window.price.amount, window.price.currency, lang) })
              : t("noRate")}{" "}
            · {t("spacesLeft", { count: window.available })}
          </span>
        )}
      </div>
    </article>
  );
}
