import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSelectedCountry } from "../../../lib/country";
import { useEvents } from "../api";
import { EventCard } from "./event-card";
import "../events.css";

/**
 * The home page's next three events in the selected country, soonest first; nothing at all when
 * there are none (or the list cannot be had). Loaded lazily, so the home's first bundle stays small.
 */
export default function NextEvents() {
  const { t } = useTranslation("events");
  const country = useSelectedCountry();
  const result = useEvents({ country: country.code, page: 1, size: 3 });
  const items = result.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="container section next-events" aria-labelledby="next-events-title">
      <div className="next-events__head">
        <h2 id="next-events-title">{t("home.title")}</h2>
        <Link to="/events">{t("home.all")}</Link>
      </div>
      <ul className="event-grid event-grid--3">
        {items.map((event) => (
          <li key={event.event_code}>
            <EventCard event={event} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
