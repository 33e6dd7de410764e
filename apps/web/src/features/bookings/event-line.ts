import type { EventLineTicket } from "@parkwell/contract";
import { sessionMap } from "../../lib/session-map";
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

const waits = sessionMap(
  EVENT_LINE_STORAGE_KEY,
  (value): value is EventLineWait =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as EventLineWait).key === "string" &&
    Boolean((value as EventLineWait).body) &&
    Boolean((value as EventLineWait).ticket),
);

/** The wait stored for this event at this park, if any (and well formed). */
export function storedLineWait(eventCode: string, parkId: number): EventLineWait | null {
  const wait = waits.get(eventCode);
  return wait?.body.park_id === parkId ? wait : null;
}

export function storeLineWait(eventCode: string, wait: EventLineWait): void {
  waits.set(eventCode, wait);
}

export function clearLineWait(eventCode: string): void {
  waits.delete(eventCode);
}
