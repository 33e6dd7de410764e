import type { EventSummary } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../lib/format";
import { formatEventStart } from "../../../lib/event-time";
import { formatDistance } from "../../../lib/format";
import { EventArt } from "./category-art";

/** One event in a list: picture, category, name (the link), venue and city, start, lowest price. */
export function EventCard({ event, headingLevel = 2 }: { event: EventSummary; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation("events");
  const lang = i18n.language;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="event-card" data-event-code={event.event_code}>
      <EventArt category={event.category} imageUrl={event.image_url} />
      <div className="event-card__body">
        <p className="event-card__category">{t(`category.${event.category}`)}</p>
        <Heading className="event-card__name">
          <Link to={`/event/${event.event_code}`}>{event.name}</Link>
        </Heading>
        <p className="event-card__venue">
          {event.venue.name} · {event.venue.city}
          {event.distance_km !== undefined && (
            <> · {t("away", { distance: formatDistance(event.distance_km, lang) })}</>
          )}
        </p>
        <p className="event-card__when">
          <time dateTime={event.start_time}>{formatEventStart(event.start_time, lang, event.time_zone)}</time>
        </p>
        <p className="event-card__price">
          {event.status === "cancelled"
            ? t("cancelledShort")
            : event.price_from
              ? t("priceFrom", {
                  price: formatMoney(event.price_from.amount, event.price_from.currency, lang),
                })
              : t("noParkingLeft")}
        </p>
      </div>
    </article>
  );
}
