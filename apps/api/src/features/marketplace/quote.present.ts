/**
 * A priced cart as the quote answers it (QuoteSchema), in the request's language and major units:
 * the sentences inside it (line problems, the coupon's refusal) are translated here, as the error
 * plugin translates an error's.
 */
import type { Quote } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { toMajor } from "../../lib/money";
import type { PricedCart } from "./cart-pricing.service";

export function presentQuote(cart: PricedCart, language: Language): Quote {
  const { currency, decimals } = cart.country;
  const m = (minor: number) => ({ amount: toMajor(minor, decimals), currency });
  const text = (l: { en: string; fr: string }) => l[language]?.trim() || l.en;
  const a = cart.amounts;
  return {
    currency,
    lines: cart.lines.map((l) => ({
      item_id: l.itemId,
      variation_id: l.variationId,
      addon_ids: l.addonIds,
      kind: l.kind,
      name: text(l.name),
      variation_name: l.variationName ? text(l.variationName) : null,
      addons: l.addons.map((x) => ({ id: x.id, name: text(x.name), price: m(x.priceMinor) })),
      image_url: l.imageUrl,
      quantity: l.quantity,
      unit_price: m(l.unitPriceMinor),
      unit_offer: m(l.unitOfferMinor),
      line_total: m(l.priced?.lineTotalMinor ?? 0),
      available: l.available,
      problem: l.problem ? { code: l.problem.code, message: translate(l.problem.message, language) } : null,
    })),
    subtotal: m(a.subtotalMinor),
    offer_discount: m(a.offerDiscountMinor),
    coupon: cart.coupon
      ? {
          code: cart.coupon.code,
          applied: cart.coupon.applied,
          discount: m(cart.coupon.applied ? a.couponDiscountMinor : 0),
          message: cart.coupon.message ? translate(cart.coupon.message, language) : null,
        }
      : null,
    delivery_charge: m(a.deliveryMinor),
    tax: m(a.taxMinor),
    tax_name: cart.country.taxName,
    total: m(a.totalMinor),
    orderable: cart.orderable,
    problems: cart.problems.map((p) => ({ field: p.field, message: translate(p.message, language) })),
  };
}
