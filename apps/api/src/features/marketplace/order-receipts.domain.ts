/**
 * What a marketplace order's receipt and a return's credit note say (decision 029), pure and in
 * minor units: built from the amounts `priceOrder` computed (order-pricing.domain.ts), so the lines
 * and tax sum to what the order charged, or a return gave back, to the unit.
 */
import { taxBaseOf, unitsShareOf } from "@parkwell/contract";
import type { ReceiptLineRecord } from "../../lib/receipt-records";
import type { ReceiptBody, TaxRate } from "../receipts/receipts.domain";

/** A name per language, as the catalogue keeps it. */
type Localised = { en: string; fr: string };

/** An order line as sold: names as they were, the unit price with its add-ons, and the offer's cut. */
export interface ReceiptOrderLine {
  name: Localised;
  variationName: Localised | null;
  addons: { name: Localised }[];
  quantity: number;
  /** Per unit, the add-ons included. */
  unitPriceMinor: number;
  unitOfferMinor: number;
}

/** The item's name on a receipt: as sold, in English (a proper name, printed as is). */
const itemName = (l: ReceiptOrderLine) => l.name.en;

/** The detail under an item's line: its variation and add-ons, as sold ("Large, Oat milk"). */
function itemDetail(l: ReceiptOrderLine): string | null {
  const parts = [...(l.variationName ? [l.variationName.en] : []), ...l.addons.map((a) => a.name.en)];
  return parts.length > 0 ? parts.join(", ") : null;
}

/**
 * An order's receipt: each line's items at their price (add-ons included) with its offer's
 * discount (negative), the coupon's discount (negative, the coupon's code under it), the delivery,
 * and the tax, which the country charges on everything after discounts, delivery included.
 */
export function orderReceiptBody(
  o: {
    lines: readonly ReceiptOrderLine[];
    couponCode: string | null;
    couponDiscountMinor: number;
    deliveryMinor: number;
    taxMinor: number;
  },
  tax: TaxRate,
): ReceiptBody {
  const lines: ReceiptLineRecord[] = [];
  let netMinor = 0;
  for (const l of o.lines) {
    const subject = itemName(l);
    lines.push({
      kind: "item",
      subject,
      quantity: l.quantity,
      detail: itemDetail(l),
      amountMinor: l.unitPriceMinor * l.quantity,
    });
    if (l.unitOfferMinor > 0) {
      lines.push({ kind: "discount", subject, amountMinor: -l.unitOfferMinor * l.quantity });
    }
    netMinor += (l.unitPriceMinor - l.unitOfferMinor) * l.quantity;
  }
  if (o.couponDiscountMinor > 0) {
    lines.push({ kind: "discount", detail: o.couponCode, amountMinor: -o.couponDiscountMinor });
  }
  if (o.deliveryMinor > 0) lines.push({ kind: "delivery", amountMinor: o.deliveryMinor });
  const baseMinor = taxBaseOf({ goods: netMinor - o.couponDiscountMinor, delivery: o.deliveryMinor });
  return {
    lines,
    taxes:
      o.taxMinor !== 0 ? [{ name: tax.name, rateBps: tax.rateBps, baseMinor, amountMinor: o.taxMinor }] : [],
  };
}

/** A returned part of a line: the line as priced when ordered, the units returned before, and now. */
export interface ReturnedPart {
  line: ReceiptOrderLine & { taxShareMinor: number };
  alreadyReturned: number;
  units: number;
  /** What these units give back (returnRefund): their goods after offer and coupon, and their tax. */
  refundMinor: number;
}

/**
 * A return's credit note: one item line per returned line, of minus the goods given back for the
 * units returned (their price after the offer and their share of the coupon), and minus the tax
 * those units carried (their share of the line's tax, taken as returnRefund takes the line's
 * cost). The delivery is not given back. `refundMinor`: what the move gave back, which may be less
 * than the parts' sum when the order had little left to refund; the goods of the last line take
 * the difference, so the note sums to minus the refund exactly.
 */
export function returnReceiptBody(
  parts: readonly ReturnedPart[],
  tax: TaxRate,
  refundMinor: number,
): ReceiptBody {
  const lines: ReceiptLineRecord[] = [];
  let goodsMinor = 0;
  let taxMinor = 0;
  for (const p of parts) {
    const q = p.line.quantity;
    const taxBack =
      unitsShareOf(p.line.taxShareMinor, p.alreadyReturned + p.units, q) -
      unitsShareOf(p.line.taxShareMinor, p.alreadyReturned, q);
    const goods = p.refundMinor - taxBack;
    lines.push({
      kind: "item",
      subject: itemName(p.line),
      quantity: p.units,
      detail: itemDetail(p.line),
      amountMinor: -goods,
    });
    goodsMinor += goods;
    taxMinor += taxBack;
  }
  const over = goodsMinor + taxMinor - refundMinor;
  const last = lines[lines.length - 1];
  if (over !== 0 && last) {
    last.amountMinor += over;
    goodsMinor -= over;
  }
  return {
    // Every returned line stays, at zero too: the note says what came back.
    lines,
    taxes:
      taxMinor !== 0
        ? [{ name: tax.name, rateBps: tax.rateBps, baseMinor: -goodsMinor, amountMinor: -taxMinor }]
        : [],
  };
}
