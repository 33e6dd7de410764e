import type { EventDetail, EventPark } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { eventSpan, formatMinutes } from "../../../lib/event-time";
import { formatDistance, formatMoney, placeLine } from "../../../lib/format";

/** The checkout of one park and vehicle type of an event. */
export const eventBookingHref = (code: string, parkId: number, vehicleTypeId: number) =>
  `/booking/event/${code}?${new URLSearchParams({ park: String(parkId), vehicle_type_id: String(vehicleTypeId) }).toString()}`;

/**
 * One park of an event: how far from the venue, its window on the venue's clock, and per vehicle
 * type the flat price, the spaces left and Book (none when the event cannot be booked).
 */
export function EventParkCard({
  event,
  item,
  bookable,
}: {
  event: EventDetail;
  item: EventPark;
  bookable: boolean;
}) {
  const { t, i18n } = useTranslation(["events", "bookings"]);
  const lang = i18n.language;
  const span = eventSpan(item.window.start_time, item.window.end_time, lang, event.time_zone);
  const titleId = `event-park-${item.park.id}`;
  return (
    <article className="card event-park" data-park-id={item.park.id} aria-labelledby={titleId}>
      <h3 id={titleId} className="event-park__name">
        {item.park.name}
      </h3>
      <p className="event-park__address">{placeLine(item.park.address, item.park.city)}</p>
      <p className="event-park__walk">
        {/* Beyond an hour and a half on foot, the distance alone says it: nobody walks that far. */}
        {item.walking_minutes <= 90
          ? t("event.walk", {
              distance: formatDistance(item.distance_km, lang),
              minutes: formatMinutes(item.walking_minutes, lang),
            })
          : t("event.distance", { distance: formatDistance(item.distance_km, lang) })}
      </p>
      <p className="event-park__window" data-testid="event-park-window">
        {t("event.window", span)}
      </p>
      <ul className="event-park__prices" aria-label={t("event.pricesLabel", { name: item.park.name })}>
        {item.prices.map((price) => {
          const type = t(`bookings:vehicleId.${price.vehicle_type_id}`, { defaultValue: price.vehicle_type });
          const soldOut = price.available < 1;
          return (
            <li key={price.vehicle_type_id} className="event-price">
              <span className="event-price__type">{type}</span>
              {/* What the checkout charges: the flat price with the country's fees and tax. */}
              <span className="event-price__amount" data-testid="event-price-amount">
                {formatMoney(price.price.amount, price.price.currency, lang)}{" "}
                <small>{t("event.feesIncluded")}</small>
              </span>
              <span className={soldOut ? "event-price__left event-price__left--out" : "event-price__left"}>
                {soldOut ? t("event.soldOut") : t("event.spacesLeft", { count: price.available })}
              </span>
              {bookable && !soldOut && (
                <Link
                  className="button button--accent event-price__book"
                  to={eventBookingHref(event.event_code, item.park.id, price.vehicle_type_id)}
                  aria-label={t("event.bookLabel", { type, park: item.park.name })}
                >
                  {t("event.book")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
