import type { EventLineTicket } from "@parkwell/contract";
import type { EventBookingInput } from "./api";

/**
 * A driver's place in an event's on-sale line (decision 051), kept in sessionStorage
 * (`parkwell_event_line`: `{ [event_code]: EventLineWait }`) so a reload of the checkout keeps it:
 * the page asks again with the same request and Idempotency-Key, which the server answers with
 * the same place, a booking, or sold out. As the private events' grants (lib/event-access.ts).
 */
export const EVENT_LINE_STORAGE_KEY = "parkwell_event_line";

export interface EventLineWait {
  key: string;
  body: EventBookingInput;
  ticket: EventLineTicket;
}

function readAll(): Record<string, EventLineWait> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(EVENT_LINE_STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return parsed as Record<string, EventLineWait>;
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, EventLineWait>): void {
  try {
    if (Object.keys(all).length === 0) window.sessionStorage.removeItem(EVENT_LINE_STORAGE_KEY);
    else window.sessionStorage.setItem(EVENT_LINE_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode, quota): the place is kept while the page stays open.
  }
}

/** The wait stored for this event at this park, if any (and well formed). */
export function storedLineWait(eventCode: string, parkId: number): EventLineWait | null {
  if (typeof window === "undefined") return null;
  const wait = readAll()[eventCode];
  if (!wait || typeof wait.key !== "string" || !wait.body || !wait.ticket) return null;
  return wait.body.park_id === parkId ? wait : null;
}

export function storeLineWait(eventCode: string, wait: EventLineWait): void {
  writeAll({ ...readAll(), [eventCode]: wait });
}

export function clearLineWait(eventCode: string): void {
  const all = readAll();
  if (!(eventCode in all)) return;
  delete all[eventCode];
  writeAll(all);
}
