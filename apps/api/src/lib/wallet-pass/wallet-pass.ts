/**
 * Wallet passes of bookings and monthly passes (decision 065): Apple's .pkpass and Google's save
 * link, each only when the operator configured its keys.
 */
import { readFileSync } from "node:fs";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Config } from "../../config";
import { AppError } from "../app-error";
import type { AuthUser } from "../auth-user";
import {
  PASS_LINK_MAX,
  readPassLink,
  signPassLink,
  type PassLinkClaim,
  type PassLinkKind,
} from "./pass-link";
import { appleWallet, type AppleWallet } from "./apple";
import type { WalletPassContent } from "./content";
import { googleWallet, type GoogleWallet } from "./google";

export interface WalletPasses {
  apple: AppleWallet | null;
  google: GoogleWallet | null;
}

export const NO_WALLET_PASSES: WalletPasses = { apple: null, google: null };

export const APPLE_WALLET_OFF_MESSAGE = "Apple Wallet passes are not available";
export const PASS_LINK_INVALID_MESSAGE =
  "This wallet pass link has expired: open the page again and add it from there";
export const EXTENSION_LINK_INVALID_MESSAGE =
  "This extension link has expired or is not for this booking: sign in to extend it";

/** How long after the booking's end, as signed, its extension link still opens. */
const EXTENSION_LINK_AFTER_END_MS = 30 * 86_400_000;

/** A setting given as PEM text, or as the path of a file holding it. */
const pem = (value: string) =>
  value.trimStart().startsWith("-----BEGIN") ? value : readFileSync(value, "utf8");

/** The wallets config.ts has every setting of (it refuses a part of a group). */
export async function walletPassesOf(config: Config): Promise<WalletPasses> {
  const c = config;
  const apple =
    c.APPLE_WALLET_CERT &&
    c.APPLE_WALLET_KEY &&
    c.APPLE_WALLET_WWDR &&
    c.APPLE_WALLET_TEAM_ID &&
    c.APPLE_WALLET_PASS_TYPE_ID
      ? appleWallet({
          cert: pem(c.APPLE_WALLET_CERT),
          key: pem(c.APPLE_WALLET_KEY),
          passphrase: c.APPLE_WALLET_KEY_PASSPHRASE,
          wwdr: pem(c.APPLE_WALLET_WWDR),
          teamId: c.APPLE_WALLET_TEAM_ID,
          passTypeId: c.APPLE_WALLET_PASS_TYPE_ID,
        })
      : null;
  const google =
    c.GOOGLE_WALLET_ISSUER_ID && c.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && c.GOOGLE_WALLET_PRIVATE_KEY
      ? await googleWallet({
          issuerId: c.GOOGLE_WALLET_ISSUER_ID,
          serviceAccountEmail: c.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
          // A key pasted into a one-line variable keeps its line breaks as "\n".
          privateKey: pem(c.GOOGLE_WALLET_PRIVATE_KEY).replace(/\\n/g, "\n"),
          publicUrl: c.PUBLIC_URL,
        })
      : null;
  return { apple, google };
}

/**
 * The answer's `wallet`: the .pkpass's plain link (`applePath`, under the API, signed by
 * pass-link.ts) when Apple's keys are set, Google's save link when Google's are. Each is made
 * only for its wallet (a page read without keys does no more work than before).
 */
export async function walletLinks(
  w: WalletPasses,
  content: () => WalletPassContent,
  applePath: () => string,
  now: Date,
): Promise<{ apple: string | null; google: string | null }> {
  return {
    apple: w.apple ? applePath() : null,
    google: w.google ? await w.google.saveLink(content(), now) : null,
  };
}

export const PKPASS_TYPE = "application/vnd.apple.pkpass";

/** A link route's query (a .pkpass's, an extension's): the signed link (pass-link.ts), absent with a bearer token. */
export const LINK_QUERY = z.object({ link: z.string().min(1).max(PASS_LINK_MAX).optional() });

/**
 * The .pkpass's plain address, as a page gives it: `path` under the API with a link signed for
 * the claim's owner, kind and reference.
 */
export const pkpassLinkPath = (
  path: string,
  claim: Omit<PassLinkClaim, "x">,
  secret: string,
  now: Date,
): string => `/api/v1${path}?link=${signPassLink(claim, secret, now)}`;

/**
 * The web page that extends a booking from its wallet pass without signing in (decision 068):
 * `/extend/{id}` with a link signed for its owner, good until 30 days after the booking's end as
 * it is now. A pass in a wallet keeps the link it was given; an extension moves the end, and
 * the booking's own checks refuse one once it is over, so the margin only bounds a stale link.
 */
export function extensionUrl(
  publicUrl: string,
  booking: { id: string; end_time: string },
  holder: PassHolder,
  secret: string,
  now: Date,
): string {
  const until = new Date(new Date(booking.end_time).getTime() + EXTENSION_LINK_AFTER_END_MS);
  const claim = { k: "extension" as const, r: booking.id, u: holder.userId, l: holder.language };
  return `${publicUrl}/extend/${booking.id}?link=${signPassLink(claim, secret, now, until)}`;
}

/** The .pkpass routes' 200, for the OpenAPI document. */
export const PKPASS_RESPONSE = {
  description: "The Apple Wallet pass (attachment)",
  content: { [PKPASS_TYPE]: { schema: z.string().meta({ format: "binary" }) } },
};

/** Sends a .pkpass named after the booking's or pass's code, never kept by a cache (it is the account's). */
export function sendPkpass(reply: FastifyReply, pkpass: Buffer, code: string) {
  return (
    reply
      .header("cache-control", "no-store")
      .header("content-type", PKPASS_TYPE)
      .header("content-disposition", `attachment; filename="${code.replace(/[^\w-]/g, "_")}.pkpass"`)
      // The typed reply knows the zod schema of the 200, a string: the body is the file's bytes.
      .send(pkpass as unknown as string)
  );
}

/** The .pkpass of `content`, or the 404 of a server without Apple's keys. */
export function pkpassOf(w: WalletPasses, content: WalletPassContent): Buffer {
  if (!w.apple) throw AppError.notFound(APPLE_WALLET_OFF_MESSAGE, "wallet_pass_unavailable");
  return w.apple.pkpass(content);
}

/** Whom a .pkpass is for, and the language it is written in. */
export interface PassHolder {
  userId: string;
  language: string;
}

export const holderOf = (user: AuthUser): PassHolder => ({ userId: user.id, language: user.language });

/**
 * Who a .pkpass (or an extension from the pass) is for: the signed-in caller (bearer), else the
 * owner a plain link was signed for (`?link=`, pass-link.ts) this pass; null with neither (the
 * route answers a guarded route's 401). A bad, expired or another pass's link is one 404,
 * whatever the reason.
 */
export function passHolder(
  user: AuthUser | null,
  link: string | undefined,
  kind: PassLinkKind,
  ref: string,
  secret: string,
  now: Date,
): PassHolder | null {
  if (user) return holderOf(user);
  if (!link) return null;
  const holder = readPassLink(link, kind, ref, secret, now);
  if (!holder && kind === "extension")
    throw AppError.notFound(EXTENSION_LINK_INVALID_MESSAGE, "extension_link_invalid");
  if (!holder) throw AppError.notFound(PASS_LINK_INVALID_MESSAGE, "wallet_pass_link_invalid");
  return holder;
}
