/** A booking hold as the checkout is told it (pure; docs/decisions/026-pay-the-difference.md). */
import { type Hold } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { HoldRow } from "./holds.repo";

/** The hold as the checkout is told it; `payment` as add-funds answers it. */
export function presentHold(
  hold: HoldRow,
  payment: Hold["payment"],
  m: { balanceMinor: number; topUpMinor: number; decimals: number },
): Hold {
  const major = (minor: number) => toMajor(minor, m.decimals);
  const missingMinor = hold.totalMinor - m.balanceMinor;
  return {
    booking_code: hold.bookingCode,
    status: "held",
    expires_at: hold.expiresAt.toISOString(),
    currency: hold.currency,
    total: major(hold.totalMinor),
    balance: major(m.balanceMinor),
    amount_missing: major(missingMinor),
    top_up_amount: major(m.topUpMinor),
    raised_to_minimum: m.topUpMinor > missingMinor,
    payment,
  };
}
