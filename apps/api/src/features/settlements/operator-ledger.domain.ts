/**
 * The pure rules of operators' shares (decision 056; docs/PRODUCT-RULES.md "Operators' money").
 * No I/O. Amounts are signed integer minor units: a refund's are negative.
 */
import type { ReceiptLineKind } from "@parkwell/contract";

/** The receipt lines that are the space sold: the operator's share is of these, before any discount. */
export const SPACE_LINE_KINDS: readonly ReceiptLineKind[] = ["parking", "pass", "overstay"];

/** The parking amount of a receipt or credit note: its space lines (negative on a credit note). */
export function grossOf(lines: readonly { kind: ReceiptLineKind; amountMinor: number }[]): number {
  return lines.filter((l) => SPACE_LINE_KINDS.includes(l.kind)).reduce((s, l) => s + l.amountMinor, 0);
}

/**
 * Parkwell's commission on `grossMinor` at `bps`, rounded half away from zero on its magnitude, so
 * a whole refund's commission is exactly minus the sale's; and the operator's share, the rest.
 */
export function shareOf(grossMinor: number, bps: number): { commissionMinor: number; shareMinor: number } {
  const magnitude = Math.round((Math.abs(grossMinor) * bps) / 10_000);
  const commissionMinor = grossMinor < 0 ? -magnitude : magnitude;
  return { commissionMinor, shareMinor: grossMinor - commissionMinor };
}

/** The revenue shard a move's charge used (`revenue:<ccy>:<n>`), which its operator's share uses too; 0 unsharded. */
export function shardOfRevenueKey(key: string): number {
  const shard = Number(key.split(":")[2]);
  return Number.isInteger(shard) ? shard : 0;
}
