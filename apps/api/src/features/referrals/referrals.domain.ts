/**
 * Referrals' pure rules (docs/PRODUCT-RULES.md#referrals): when a referral is refused, and how an
 * invitee is shown to the inviter. No I/O.
 */
import { createHash } from "node:crypto";
import type { ReferralRefusal } from "@parkwell/contract";

/** Mail services whose addresses ignore dots in the local part (a.b@gmail.com is ab@gmail.com). */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to: lower case, its `+tag` taken off (a+1@x.com is a@x.com),
 * and at Gmail its dots too. Two addresses with one mailbox are one person's.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (domain === "googlemail.com") domain = "gmail.com";
  const plus = local.indexOf("+");
  if (plus >= 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** An address's domain, lower case. */
export const domainOf = (email: string) =>
  email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();

/**
 * Whether `domain` matches a rule's pattern: the pattern's domain or any of its subdomains, where
 * `*` stands for any characters (`guerrillamail.*` matches guerrillamail.com and .net).
 */
export function domainMatches(pattern: string, domain: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  const body = p
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^(?:.+\\.)?${body}$`).test(domain.toLowerCase());
}

/**
 * Why a referral pays nothing, checked when the invitee registers (and the device again when it
 * would pay), in this order: the invitee's mailbox is the inviter's, its domain matches a rule,
 * or it registered on a device the inviter used. Null: it may pay.
 */
export function refusalOf(p: {
  inviterEmail: string;
  inviteeEmail: string;
  emailPatterns: readonly string[];
  sameDevice: boolean;
}): ReferralRefusal | null {
  if (mailboxOf(p.inviterEmail) === mailboxOf(p.inviteeEmail)) return "self_referral";
  const domain = domainOf(p.inviteeEmail);
  if (p.emailPatterns.some((pattern) => domainMatches(pattern, domain))) return "blocked_email_domain";
  if (p.sameDevice) return "same_device";
  return null;
}

/** A device as stored: the SHA-256 of the web app's id, so the table holds no id a client could replay. */
export const deviceHashOf = (deviceId: string) => createHash("sha256").update(deviceId.trim()).digest("hex");

/** "Ada L.": the first name and the last name's initial. */
export function maskName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  // Joined, not a template: a name, not a sentence of the API's (lib/messages.test.ts reads templates).
  return [firstName.trim(), initial && initial + "."].filter(Boolean).join(" ");
}

/** "a***@example.com": the first character of the local part, then stars; the domain stays. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.charAt(0)}***${email.slice(at)}`;
}

/** The ledger keys of a referral's reward: one per side, so each is paid once. */
export const rewardKey = (referralId: string, side: "inviter" | "invitee") =>
  `referral:${referralId}:${side}`;
