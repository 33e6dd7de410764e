import { EVENT_ACCESS_HEADER, EVENT_ACCESS_STORAGE_KEY } from "@parkwell/contract";

/**
 * The private events this browser session may see: `{ [event_code]: token }` in sessionStorage
 * (docs/PRODUCT-RULES.md#events). A grant is sent as `X-Event-Access` with that event's requests
 * only; the server checks its signature and expiry.
 */
function readGrants(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(EVENT_ACCESS_STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

export function storeEventAccess(eventCode: string, token: string): void {
  try {
    window.sessionStorage.setItem(
      EVENT_ACCESS_STORAGE_KEY,
      JSON.stringify({ ...readGrants(), [eventCode]: token }),
    );
  } catch {
    // Storage refused (private mode, quota): the event opens in this page view only.
  }
}

/** The header that opens a private event, when this session holds its grant. */
export function eventAccessHeaders(eventCode: string): Record<string, string> {
  const token = readGrants()[eventCode];
  return token ? { [EVENT_ACCESS_HEADER]: token } : {};
}
