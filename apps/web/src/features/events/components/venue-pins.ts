import type { EventSummary } from "@parkwell/contract";
import { formatMoney } from "../../../lib/format";
import type { MapPin } from "../../../components/map/pin-map";
import { formatEventStart } from "../../../lib/event-time";

/** The events' venues as map pins: the lowest price on the pin, the popup names the event and its day. */
export function venuePins(events: EventSummary[], language: string): MapPin[] {
  return events.map((e, i) => {
    const price = e.price_from && formatMoney(e.price_from.amount, e.price_from.currency, language);
    return {
      id: i,
      lat: e.venue.lat,
      lng: e.venue.lng,
      title: e.name,
      label: price ?? "★",
      price: `${e.venue.name} · ${formatEventStart(e.start_time, language, e.time_zone)}`,
      href: `/event/${e.event_code}`,
    };
  });
}
