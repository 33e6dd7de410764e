/**
 * The events' vocabularies, codes and access-grant names as plain values, without zod (as
 * park-values.ts), so the web app's first bundle and the event pages can use them without
 * downloading the schema library. events.ts re-exports them.
 */
export const EVENT_CATEGORIES = ["sport", "concert", "conference", "festival", "other"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const EVENT_STATUSES = ["draft", "published", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_VISIBILITIES = ["public", "private"] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/** `EV-` and five characters without the look-alikes 0/O and 1/I: read aloud or typed at a gate. */
export const EVENT_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const EVENT_CODE_PATTERN = /^EV-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;

/** The request header that carries a private event's access grant (from POST /events/access). */
export const EVENT_ACCESS_HEADER = "x-event-access";
/** Where the web app keeps the grants of the browser session (sessionStorage): `{ [event_code]: token }`. */
export const EVENT_ACCESS_STORAGE_KEY = "parkwell_event_access";
/** Wrong access codes per address and event before 429, and the window they are counted over. */
export const EVENT_ACCESS_TRIES = 10;
export const EVENT_ACCESS_WINDOW_MINUTES = 10;
/** Wrong access codes for one event, from every address together, in the same window (decision 023). */
export const EVENT_ACCESS_EVENT_CEILING = 100;

/** Normalises an event code as typed: upper case, no spaces, the dash optional ("ev 7k2q9"). */
export function normaliseEventCode(raw: string): string {
  const s = raw.toUpperCase().replace(/[\s_-]+/g, "");
  return s.startsWith("EV") ? `EV-${s.slice(2)}` : s;
}

/** Normalises an access code as typed: upper case, letters and digits only. */
export function normaliseAccessCode(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, "");
}
