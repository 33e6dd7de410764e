/**
 * Referrals' plain values (docs/PRODUCT-RULES.md#referrals): a driver's personal code, the link
 * that carries it, the invitations' statuses and the reasons a referral is refused.
 */
import { GATE_CODE_ALPHABET } from "./gate";

/**
 * A referral code's length; its characters are the one alphabet of the codes people read aloud
 * (the booking codes', GATE_CODE_ALPHABET: no 0/O, 1/I/L), as the API draws them (readableCode).
 */
export const REFERRAL_CODE_LENGTH = 7;
/** The query parameter of the registration page that carries a code: `/register?ref=CODE`. */
export const REFERRAL_PARAM = "ref";

/** The registration link a driver shares (a path: the web app puts its own origin in front). */
export const referralPath = (code: string) => `/register?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;

/** A code as typed or pasted: upper case, without spaces and dashes; null when it cannot be one. */
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const code = raw.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  for (const c of code) if (!GATE_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** An invitation: registered with the code, rewarded at the invitee's first paid purchase, or refused. */
export const REFERRAL_STATUSES = ["registered", "rewarded", "refused"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * Why a referral pays nothing (`referrals.refused_reason`): the invitee's mailbox is the inviter's
 * (`self_referral`: the same address once a `+tag`, and Gmail's dots, are taken off), its domain
 * matches a pattern of `referral_email_rules` (`blocked_email_domain`: disposable mailboxes), or
 * the invitee registered on a device the inviter used (`same_device`).
 */
export const REFERRAL_REFUSALS = ["self_referral", "blocked_email_domain", "same_device"] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/** The header the web app sends its device id in (GET /referrals/me); the register body has `device_id`. */
export const DEVICE_ID_HEADER = "x-device-id";
