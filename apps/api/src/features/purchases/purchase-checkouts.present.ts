/** A checkout that pays the difference, as its client is told it (pure; decision 026, "Every kind"). */
import type { CheckoutKind, PurchaseCheckout } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { CheckoutRow } from "./purchases.repo";

/** The checkout with add-funds' payment data: the total, the balance, what is missing and the top-up. */
export function presentCheckout(
  c: CheckoutRow,
  payment: PurchaseCheckout["payment"],
  topUpMinor: number,
  decimals: number,
): PurchaseCheckout {
  const major = (minor: number) => toMajor(minor, decimals);
  const missingMinor = c.totalMinor - c.balanceMinor;
  return {
    kind: c.kind as CheckoutKind,
    status: "pending",
    currency: payment.currency,
    total: major(c.totalMinor),
    balance: major(c.balanceMinor),
    amount_missing: major(missingMinor),
    top_up_amount: major(topUpMinor),
    raised_to_minimum: topUpMinor > missingMinor,
    payment,
  };
}
