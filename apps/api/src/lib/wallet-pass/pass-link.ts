/**
 * The .pkpass's plain link (decision 065): what a booking's or a pass's page gives as
 * `wallet.apple`, opened as an ordinary link so the phone hands the file to Wallet (a download
 * fetched with the bearer token and saved from script does not reach Wallet on iOS). The same
 * claim, of kind `extension`, is the link an airport booking's wallet pass carries to extend its
 * window without signing in (decision 068), valid until a while after the booking's end. A signed,
 * expiring claim naming the kind of pass, its reference, its owner and the language it is written
 * in; it needs no table. Its key is derived from the signing secret for this use alone: a link is
 * never a QR code, a quote or an event's access grant, nor the reverse.
 *
 * Whoever holds a link gets that pass until it expires: what a screenshot of the page's QR code
 * gives, for at most WALLET_PASS_LINK_TTL_MS (15 minutes). Every read of the page signs a fresh one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { WALLET_PASS_LINK_TTL_MS } from "@parkwell/contract";

export type PassLinkKind = "booking" | "pass" | "extension";

export interface PassLinkClaim {
  /** The kind and its reference (a booking's id, a pass's code). */
  k: PassLinkKind;
  r: string;
  /** The owner's user id, and the account's language when it was signed. */
  u: string;
  l: string;
  /** Until when it opens the pass (ms). */
  x: number;
}

/** The longest link `readPassLink` reads (a claim is about 200 characters). */
export const PASS_LINK_MAX = 512;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const keyOf = (secret: string) => createHmac("sha256", secret).update("parkwell-wallet-pass-link").digest();
const signatureOf = (body: string, secret: string) =>
  createHmac("sha256", keyOf(secret)).update(body).digest();

/** A link for `claim`, good until `until` (by default WALLET_PASS_LINK_TTL_MS from `now`). */
export function signPassLink(
  claim: Omit<PassLinkClaim, "x">,
  secret: string,
  now: Date,
  until = new Date(now.getTime() + WALLET_PASS_LINK_TTL_MS),
): string {
  const body = b64(JSON.stringify({ ...claim, x: until.getTime() }));
  return `${body}.${b64(signatureOf(body, secret))}`;
}

/**
 * The owner and language of a link we signed for this kind and reference, before it expires; null
 * for anything else (the caller answers the same 404 whatever the reason).
 */
export function readPassLink(
  token: string,
  kind: PassLinkKind,
  ref: string,
  secret: string,
  now: Date,
): { userId: string; language: string } | null {
  if (token.length > PASS_LINK_MAX) return null;
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = signatureOf(body, secret);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claim: Partial<PassLinkClaim>;
  try {
    claim = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<PassLinkClaim>;
  } catch {
    return null;
  }
  if (claim.k !== kind || claim.r !== ref || typeof claim.u !== "string" || typeof claim.l !== "string")
    return null;
  if (typeof claim.x !== "number" || claim.x <= now.getTime()) return null;
  return { userId: claim.u, language: claim.l };
}
