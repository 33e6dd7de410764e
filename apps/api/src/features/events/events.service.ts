/**
 * The public events pages (docs/PRODUCT-RULES.md#events): the list of published public events,
 * one event with its parks, prices and spaces left, and a private event's access code.
 */
import {
  EVENT_ACCESS_WRONG_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  type EventAccess,
  type EventDetail,
  type EventListQuery,
  type EventPage,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { normalizeSearchText } from "../../lib/search-text";
import { resolveCountry } from "../parks/parks.service";
import { priceFlat } from "../parks/pricing.domain";
import { servedCountries, type ServedCountries } from "../reference/served-countries";
import { accessCodeMatches, grantsEventAccess, signEventAccess } from "./event-access";
import { eventDetail, eventPark, eventSummary } from "./events.present";
import { taxPlaceOfRow, withTaxesAt } from "../reference/tax-rates.domain";
import * as repo from "./events.repo";
import { offsetOf, listPage } from "../../lib/pagination";

const MAX_TERMS = 6;

export const eventNotFound = () => AppError.notFound(EVENT_NOT_FOUND_MESSAGE, "event_not_found");

export async function listEvents(db: Db, q: EventListQuery, now: Date): Promise<EventPage> {
  // An unknown country is the parks list's 422, not an empty page.
  const country = q.country ? await resolveCountry(servedCountries(db), q.country) : undefined;
  const terms = [
    ...new Set(
      normalizeSearchText(q.search ?? "")
        .split(" ")
        .filter(Boolean),
    ),
  ].slice(0, MAX_TERMS);
  const filter: repo.EventFilter = {
    now,
    countryId: country?.id,
    category: q.category,
    terms,
    from: q.from,
    to: q.to,
    geo: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
    limit: q.size,
    offset: offsetOf(q),
  };
  const [rows, total] = await Promise.all([repo.listEvents(db, filter), repo.countEvents(db, filter)]);
  const served = servedCountries(db);
  const events = await Promise.all(rows.map((r) => withCountry(served, r, now)));
  return listPage(events.map(eventSummary), total, q);
}

/**
 * An event with its country's code, currency and decimals, from the served countries, and its
 * "from" price: what a driver pays for its cheapest offer with spaces left, priced as a booking of
 * it is (event-bookings.service: priceFlat over the park's window, the country's fees and tax).
 */
async function withCountry(
  served: ServedCountries,
  row: repo.EventRowRead,
  now: Date,
): Promise<repo.EventRow> {
  const country = (await served.byId(row.country_id))!;
  const fees = (await served.withFees()).find((c) => c.id === row.country_id);
  const totals =
    fees === undefined
      ? []
      : (row.offers_left ?? []).map(
          (o) =>
            priceFlat(
              Number(o.price_minor),
              withTaxesAt(fees, taxPlaceOfRow(o), now, "window"),
              new Date(o.window_start),
              new Date(o.window_end),
            ).totalMinor,
        );
  return {
    ...row,
    country_code: country.code,
    currency: country.currency,
    decimals: country.currencyDecimals,
    price_from_minor: totals.length === 0 ? null : Math.min(...totals),
  };
}

export interface EventAccessCheck {
  /** The grant the request carries (X-Event-Access), if any. */
  grant: string | undefined;
  secret: string;
}

/**
 * A published or cancelled event by its code. A draft or unknown code is 404, and so is a private
 * event without a valid grant for it. A cancelled event is shown (a driver following a link learns
 * it was cancelled) with no space to book, and so is an event already over.
 */
export async function getEvent(
  db: Db,
  code: string,
  access: EventAccessCheck,
  now: Date,
  language: Language,
): Promise<EventDetail> {
  const read = await repo.findEvent(db, code);
  if (!read || read.status === "draft") throw eventNotFound();
  const event = await withCountry(servedCountries(db), read, now);
  if (
    event.visibility === "private" &&
    !grantsEventAccess(access.grant, event.event_code, access.secret, now)
  ) {
    throw eventNotFound();
  }
  const [parks, offers, country] = await Promise.all([
    repo.eventParks(db, event.id),
    repo.eventOffers(db, event.id),
    resolveCountry(servedCountries(db), event.country_code),
  ]);
  const ended = new Date(event.end_time).getTime() <= now.getTime();
  const bookable = event.status === "published" && !ended;
  return eventDetail(
    event,
    parks.map((p) =>
      eventPark(
        event,
        p,
        offers.filter((o) => o.park_id === p.park_id),
        bookable,
        withTaxesAt(country, taxPlaceOfRow(p), now, "window"),
      ),
    ),
    language,
  );
}

/** The wrong-code answer: the same 404 whether or not an event has this code. */
export const wrongAccessCode = () => AppError.notFound(EVENT_ACCESS_WRONG_MESSAGE, "event_not_found");

/**
 * The grant that shows a private event to this browser session, for its access code entered for
 * that event. The code is checked against this one event only: two events may share a code, and
 * nothing answers whether some other event has it.
 */
export async function grantAccess(
  db: Db,
  eventCode: string,
  rawCode: string,
  secret: string,
  now: Date,
): Promise<EventAccess> {
  const event = await repo.findPrivateEvent(db, eventCode);
  if (!event || !accessCodeMatches(rawCode, event.access_code_hash)) throw wrongAccessCode();
  return { event_code: event.event_code, access_token: signEventAccess(event.event_code, secret, now) };
}
