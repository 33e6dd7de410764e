import type { Quote } from "@parkwell/contract";

/** Why Place order is disabled, as the key of its sentence (`checkout.blocked.*`). */
export type PlaceOrderBlock = "checking" | "failed" | "coupon" | "problems";

/**
 * Why the order cannot be placed now, so that a disabled Place order always says it: the price
 * is being checked or could not be; a problem shown on the page (a line, the address, the slot…);
 * else the coupon the quote refused. Null when it can be placed, or while it is being placed
 * (the button says so).
 */
export function placeOrderBlock(
  quote: Quote | undefined,
  state: { checking: boolean; failed: boolean; placing: boolean },
): PlaceOrderBlock | null {
  if (state.placing) return null;
  if (state.checking) return "checking";
  if (!quote) return state.failed ? "failed" : "checking";
  if (quote.orderable) return null;
  const problems = quote.problems.length > 0 || quote.lines.some((l) => l.problem !== null);
  return !problems && quote.coupon && !quote.coupon.applied ? "coupon" : "problems";
}
