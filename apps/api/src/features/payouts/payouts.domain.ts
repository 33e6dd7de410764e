/**
 * The pure rules of payouts (issue #65; docs/PRODUCT-RULES.md "Operators' money"). No I/O.
 */
import { PAYOUT_MINIMUM_MINOR, type PayoutStatus } from "@parkwell/contract";

/** What a transfer's report or event may do to a payout, from its status: the one table. */
export type TransferOutcome = "paid" | "failed" | "reversed";

/**
 * The move a report makes from a payout's status, or null when it changes nothing: a payout is
 * paid, failed or reversed once; a paid one may still be reversed (the bank gave the money back);
 * failed and reversed are final, so a success delivered after them, or a failure after a success,
 * moves nothing again.
 */
export function transition(status: PayoutStatus, outcome: TransferOutcome): TransferOutcome | null {
  if (status === "failed" || status === "reversed") return null;
  if (status === "paid") return outcome === "reversed" ? "reversed" : null;
  return outcome;
}

/** Whether a closed period's balance is paid out: above its currency's minimum (none: never). */
export function payable(amountMinor: number, currency: string): boolean {
  const minimum = PAYOUT_MINIMUM_MINOR[currency.trim().toUpperCase()];
  return minimum !== undefined && amountMinor >= minimum;
}

/** A payout's number, on its operator's statement line and the provider's narration. */
export const payoutNumber = (id: number) => `PO-${id}`;

/** Hours a payout's provider call may hold the row before another run may try again. */
export const PAYOUT_LEASE_MS = 60_000;

/** How long a payout account's confirmation link works. */
export const CONFIRM_TTL_MS = 3 * 24 * 3600 * 1000;

// The reasons a payout waits or fails, as the operator reads them (their French in the catalogue).
export const HELD = "Payouts to this operator are held: {{reason}}";
export const NO_ACCOUNT =
  "No payout account is confirmed for {{currency}}: add one and confirm it from the e-mail";
export const ACCOUNT_ON_HOLD =
  "The new payout account can be used from {{time}} (48 hours after its confirmation)";
export const NO_KEYS =
  "Payouts through {{provider}} are not set up on this server yet: the payout waits until they are";
export const UNREACHABLE = "The provider could not be reached: the payout will be sent again";

export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
