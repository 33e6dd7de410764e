/** Plain helpers of the orders' pages (no React), tested in Node. */
import type { AdminOrderLine } from "@parkwell/contract";

/** A record's text in the language shown ({ en, fr }), English when French is missing. */
export function loc(text: { en: string; fr: string } | null | undefined, language: string): string {
  if (!text) return "";
  return language.startsWith("fr") && text.fr ? text.fr : text.en;
}

/**
 * A line's goods as the receipt lists them: its units at their price after the offer (the coupon,
 * delivery and tax come in the order's amounts below the lines).
 */
export function lineGoods(l: AdminOrderLine): { amount: number; currency: string } {
  const amount = Math.round((l.unit_price.amount - l.unit_offer.amount) * l.quantity * 100) / 100;
  return { amount, currency: l.unit_price.currency };
}
