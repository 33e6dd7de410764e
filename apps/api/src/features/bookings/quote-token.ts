/**
 * A window's quote token (docs/decisions/059-demand-pricing.md): what GET /bookings/quote answers
 * as `quote_token`, and POST /bookings and /bookings/hold present to be charged the quoted parking.
 * A signed, expiring claim naming the driver, the park, the vehicle type, the window, the currency,
 * the parking quoted and the busy-time rule that priced it; it needs no table,
 * so a booking reads nothing more for it (decision 052). Its key is derived from the signing
 * secret for this use alone: a token is never a QR code, an event's access grant or the reverse.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { QUOTE_TOKEN_TTL_MS } from "@parkwell/contract";
import type { BookedRateRule } from "../../lib/price-breakdown";

export interface QuoteClaim {
  /**
   * The driver, the park, the vehicle type, the window (ms). Not the charger group: the token holds
   * the parking, and the charging sold with a window is priced at the booking as before.
   */
  u: string;
  p: number;
  v: number;
  s: number;
  e: number;
  /** The currency and the parking quoted (minor units, before a coupon), and the rule that priced it. */
  k: string;
  m: number;
  r: BookedRateRule | null;
  /** Until when the price is held (ms). */
  x: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const keyOf = (secret: string) => createHmac("sha256", secret).update("parkwell-booking-quote").digest();

/** The token of a window's quote at `now`, held for QUOTE_TOKEN_TTL_MS, and its expiry. */
export function signQuote(
  claim: Omit<QuoteClaim, "x">,
  secret: string,
  now: Date,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + QUOTE_TOKEN_TTL_MS);
  const body = b64(JSON.stringify({ ...claim, x: expiresAt.getTime() }));
  return { token: `${body}.${b64(createHmac("sha256", keyOf(secret)).update(body).digest())}`, expiresAt };
}

/** The claim of a token we signed (expired or not), or null for anything else. */
export function readQuote(token: string, secret: string): QuoteClaim | null {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = createHmac("sha256", keyOf(secret)).update(body).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as QuoteClaim;
    return typeof claim.x === "number" && typeof claim.m === "number" ? claim : null;
  } catch {
    return null;
  }
}
