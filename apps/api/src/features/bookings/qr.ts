import { createHmac, timingSafeEqual } from "node:crypto";

/** What the gate needs and nothing personal: which booking, which park, which window. */
export interface QrClaims {
  v: 1;
  code: string;
  park: number;
  start: string;
  end: string;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

/** A monthly pass's claims: the pass code ("MP-…") and its park, no window (a pass renews). */
export type PassQrClaims = Pick<QrClaims, "code" | "park">;

/** `<base64url(json)>.<base64url(HMAC-SHA256(json))>`: a car park holding the secret can verify it offline. */
export function signQr(claims: Omit<QrClaims, "v"> | PassQrClaims, secret: string): string {
  const body = b64(JSON.stringify({ v: 1, ...claims }));
  return `${body}.${b64(createHmac("sha256", secret).update(body).digest())}`;
}

/** The claims when the signature is right, else null. */
export function verifyQr(token: string, secret: string): QrClaims | null {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as QrClaims;
  } catch {
    return null;
  }
}
