import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "./types";

/**
 * `t=<unix>,v1=<hex>[,v1=…]` as Stripe and Wave send it. Valid when any v1 matches
 * HMAC-SHA256(secret, t + separator + body) and t is within the tolerance (replays are refused).
 */
export function checkTimestampedSignature(
  headerValue: string,
  raw: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds: number,
  separators: readonly string[],
): void {
  let t = "";
  const v1: string[] = [];
  for (const part of headerValue.split(",")) {
    const [k, v] = part.split("=", 2).map((s) => s.trim());
    if (k === "t" && v) t = v;
    if (k === "v1" && v) v1.push(v);
  }
  if (!/^\d{1,12}$/.test(t) || v1.length === 0) throw new WebhookSignatureError("malformed signature header");
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) {
    throw new WebhookSignatureError("signature timestamp outside the tolerance");
  }
  const ok = separators.some((sep) => {
    const expected = createHmac("sha256", secret).update(`${t}${sep}`).update(raw).digest("hex");
    return v1.some(
      (given) =>
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected)),
    );
  });
  if (!ok) throw new WebhookSignatureError("no signature matches");
}
