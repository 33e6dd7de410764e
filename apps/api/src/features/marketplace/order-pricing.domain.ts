/**
 * The marketplace's money rules (docs/PRODUCT-RULES.md#marketplace), pure and in minor units:
 * offers, coupons, the order's amounts and a return's refund. The quote and the order both price
 * through `priceOrder`, so what the driver is shown is what they are charged.
 */
import { allocate, bpsOf, taxOf, unitsShareOf, type DiscountType } from "@parkwell/contract";

export interface Discount {
  discountType: DiscountType;
  /** Minor units (fixed) or basis points (percentage, at most 10,000). */
  discount: number;
  maxDiscountMinor: number | null;
}

/** What an offer takes off one unit priced `unitMinor`: never more than the unit, nor its cap. */
export function offerCut(unitMinor: number, offer: Discount): number {
  const raw = offer.discountType === "fixed" ? offer.discount : bpsOf(unitMinor, offer.discount);
  return Math.max(0, Math.min(raw, unitMinor, offer.maxDiscountMinor ?? Infinity));
}

/** The best of the live offers for a unit (0 without any). */
export function bestOfferCut(unitMinor: number, offers: readonly Discount[]): number {
  return offers.reduce((best, o) => Math.max(best, offerCut(unitMinor, o)), 0);
}

export interface PricedLineInput {
  /** The item's or variation's price plus the add-ons', per unit. */
  unitPriceMinor: number;
  /** The offer's cut per unit (bestOfferCut of the item's or variation's price). */
  unitOfferMinor: number;
  quantity: number;
}

export interface PricedLine extends PricedLineInput {
  lineSubtotalMinor: number;
  lineOfferMinor: number;
  couponShareMinor: number;
  taxShareMinor: number;
  /** What the line costs in the end: subtotal − offer − coupon share + tax share. */
  lineTotalMinor: number;
}

export interface OrderAmounts {
  lines: PricedLine[];
  subtotalMinor: number;
  offerDiscountMinor: number;
  couponDiscountMinor: number;
  deliveryMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Goods after offers: what a coupon's minimum and discount are measured on. */
export function goodsAfterOffers(lines: readonly PricedLineInput[]): number {
  return lines.reduce((s, l) => s + (l.unitPriceMinor - l.unitOfferMinor) * l.quantity, 0);
}

/**
 * The order's amounts: total = subtotal − offers − coupon + delivery + tax, with tax at `taxBps` on
 * everything after discounts (delivery included): the pricing core's tax rule on goods and delivery. The coupon and the tax are shared out over the
 * lines (the tax over the lines and the delivery), so a return can give back exactly a line's part.
 */
export function priceOrder(input: {
  lines: readonly PricedLineInput[];
  couponDiscountMinor: number;
  deliveryMinor: number;
  taxBps: number;
}): OrderAmounts {
  const nets = input.lines.map((l) => (l.unitPriceMinor - l.unitOfferMinor) * l.quantity);
  const base = nets.reduce((a, b) => a + b, 0);
  const coupon = Math.min(input.couponDiscountMinor, base);
  const couponShares = allocate(coupon, nets);
  const afterCoupon = nets.map((n, i) => n - couponShares[i]!);
  const { taxMinor } = taxOf({ goods: base - coupon, delivery: input.deliveryMinor }, input.taxBps);
  const taxShares = allocate(taxMinor, [...afterCoupon, input.deliveryMinor]);
  const lines = input.lines.map((l, i) => {
    const lineSubtotalMinor = l.unitPriceMinor * l.quantity;
    const lineOfferMinor = l.unitOfferMinor * l.quantity;
    return {
      ...l,
      lineSubtotalMinor,
      lineOfferMinor,
      couponShareMinor: couponShares[i]!,
      taxShareMinor: taxShares[i]!,
      lineTotalMinor: afterCoupon[i]! + taxShares[i]!,
    };
  });
  const subtotalMinor = lines.reduce((s, l) => s + l.lineSubtotalMinor, 0);
  const offerDiscountMinor = lines.reduce((s, l) => s + l.lineOfferMinor, 0);
  return {
    lines,
    subtotalMinor,
    offerDiscountMinor,
    couponDiscountMinor: coupon,
    deliveryMinor: input.deliveryMinor,
    taxMinor,
    totalMinor: subtotalMinor - offerDiscountMinor - coupon + input.deliveryMinor + taxMinor,
  };
}

/** The part of a line's final cost that `units` of its `quantity` carry (whole units: floor). */
const shareOf = (line: PricedLine, units: number) => unitsShareOf(line.lineTotalMinor, units, line.quantity);

/**
 * What returning `returning` more units of a line gives back, when `alreadyReturned` were returned
 * before: the difference of the cumulative shares, so returning every unit, in any steps, gives back
 * exactly the line's final cost (its coupon share off and its tax share on). Delivery is not refunded.
 */
export function returnRefund(line: PricedLine, alreadyReturned: number, returning: number): number {
  if (returning < 0 || alreadyReturned < 0 || alreadyReturned + returning > line.quantity) {
    throw new RangeError("returned units out of range");
  }
  return shareOf(line, alreadyReturned + returning) - shareOf(line, alreadyReturned);
}
