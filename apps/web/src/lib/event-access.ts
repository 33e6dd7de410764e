import { EVENT_ACCESS_HEADER, EVENT_ACCESS_STORAGE_KEY } from "@parkwell/contract";
import { sessionMap } from "./session-map";

/**
 * The private events this browser session may see: `{ [event_code]: token }` in sessionStorage
 * (docs/PRODUCT-RULES.md#events). A grant is sent as `X-Event-Access` with that event's requests
 * only; the server checks its signature and expiry.
 */
const grants = sessionMap(EVENT_ACCESS_STORAGE_KEY, (value): value is string => typeof value === "string");

/** Kept for the session; where storage refuses (private mode, quota), for this page view only. */
export function storeEventAccess(eventCode: string, token: string): void {
  grants.set(eventCode, token);
}

/** The header that opens a private event, when this session holds its grant. */
export function eventAccessHeaders(eventCode: string): Record<string, string> {
  const token = grants.get(eventCode);
  return token ? { [EVENT_ACCESS_HEADER]: token } : {};
}
