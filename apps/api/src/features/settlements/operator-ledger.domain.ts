/**
 * The pure rules of operators' shares (decision 056; docs/PRODUCT-RULES.md "Operators' money").
 * No I/O. Amounts are signed integer minor units: a refund's are negative.
 */
import { bpsOf } from "@parkwell/contract";

/**
 * Parkwell's commission on `grossMinor` at `bps` (the pricing core's one rounding: half away from
 * zero, so a whole refund's commission is exactly minus the sale's), and the operator's share, the
 * rest. The database's commission_of is the same rule for the shares its trigger posts (a test
 * holds them equal).
 */
export function shareOf(grossMinor: number, bps: number): { commissionMinor: number; shareMinor: number } {
  const commissionMinor = bpsOf(grossMinor, bps);
  return { commissionMinor, shareMinor: grossMinor - commissionMinor };
}
