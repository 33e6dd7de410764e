import type { Quote } from "@parkwell/contract";

type Priced = Pick<Quote["lines"][number], "unit_price" | "unit_offer" | "quantity">;

const times = (m: { amount: number; currency: string }, n: number) => ({
  amount: Math.round(m.amount * n * 100) / 100,
  currency: m.currency,
});

/**
 * What a line adds to the subtotal: units × the unit price the server gave (the item's or
 * variation's price plus its add-ons'), so the lines on screen sum to the subtotal exactly.
 */
export const lineSubtotalOf = (l: Priced) => times(l.unit_price, l.quantity);

/**
 * What a line adds to the offers row: units × the offer's cut per unit. The coupon and the tax are
 * the order's rows below, so a line does not show its shares of them.
 */
export const lineOfferOf = (l: Priced) => times(l.unit_offer, l.quantity);
