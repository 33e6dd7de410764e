/**
 * A private event's access grant: what POST /events/access answers for a right access code, and
 * what the web app sends back as `X-Event-Access` to see and book that event. A signed, expiring
 * claim naming the event; it holds nothing personal and needs no table. The code is entered for one
 * event and checked against that event only, so codes need not be unique across events.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { normaliseAccessCode } from "@parkwell/contract";
import { accessCodeHash } from "../../lib/access-code";

/** How long a grant lasts: the browser session keeps it; a day covers going to the event. */
export const EVENT_ACCESS_TTL_MS = 24 * 3_600_000;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
/** A key of its own, derived from the signing secret, so a grant is never a valid QR code or the reverse. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("parkwell-event-access").digest();

export function signEventAccess(eventCode: string, secret: string, now: Date): string {
  const body = b64(JSON.stringify({ e: eventCode, x: now.getTime() + EVENT_ACCESS_TTL_MS }));
  return `${body}.${b64(createHmac("sha256", keyOf(secret)).update(body).digest())}`;
}

/** Whether `token` is an unexpired grant for `eventCode`. */
export function grantsEventAccess(
  token: string | undefined,
  eventCode: string,
  secret: string,
  now: Date,
): boolean {
  if (!token || token.length > 512) return false;
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return false;
  const expected = createHmac("sha256", keyOf(secret)).update(body).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const claim = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { e?: unknown; x?: unknown };
    return claim.e === eventCode && typeof claim.x === "number" && claim.x > now.getTime();
  } catch {
    return false;
  }
}

/** Whether an access code as typed is the one an event keeps (`hash`); an empty code never is. */
export function accessCodeMatches(typed: string, hash: string): boolean {
  if (normaliseAccessCode(typed) === "") return false;
  const given = Buffer.from(accessCodeHash(typed), "hex");
  const kept = Buffer.from(hash, "hex");
  return given.length === kept.length && timingSafeEqual(given, kept);
}
