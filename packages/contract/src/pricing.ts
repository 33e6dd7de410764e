/**
 * The pricing core (docs/decisions/041-pricing-core.md): the one rounding of a percentage of money,
 * the ways an amount is shared out, and the one tax rule. Every purchase prices through it
 * (bookings, event bookings, passes, overstays, marketplace orders, vehicle documents) and the
 * reports that show a price; a test (pricing-core.test.ts) fails on a division by 10,000 or a
 * rounding of money anywhere else in the API or this package.
 *
 * All amounts are integer minor units; rates are basis points (750 = 7.5%).
 */

/** A whole in basis points: 100%. */
export const WHOLE_BPS = 10_000;

/**
 * `bps` basis points of an amount, rounded half up (half away from zero below zero): the one
 * rounding of every percentage the product charges or takes off (fees, tax, discounts, premiums).
 * Integer arithmetic, exact while amount × bps stays below 2^53; never -0. A half basis point
 * (Québec's QST, 9.975% = 997.5) stays exact: the product is then a multiple of 0.5.
 */
export function bpsOf(amountMinor: number, bps: number): number {
  const product = Math.abs(amountMinor * bps);
  const rounded = Math.floor(product / 10_000) + (product % 10_000 >= 5_000 ? 1 : 0);
  return amountMinor * bps < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * `percent` of an amount given back, rounded down (toward zero): a refund never gives back more
 * than its share (a cancellation's percentage of the parking amount).
 */
export function refundShareOf(amountMinor: number, percent: number): number {
  return Math.trunc((amountMinor * percent) / 100);
}

/**
 * Splits `total` over `weights` in proportion, in whole minor units, by largest remainder: the
 * parts always sum to `total` exactly (all to the first when every weight is 0).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The part of `totalMinor` that the first `units` of `quantity` carry, floored: a return gives
 * back the difference of two such cumulative shares, so returning every unit, in any steps, gives
 * back `totalMinor` exactly.
 */
export function unitsShareOf(totalMinor: number, units: number, quantity: number): number {
  return Math.floor((totalMinor * units) / quantity);
}

/**
 * What a purchase's money is, for tax. Parkwell's own sales: its fees on parking, the marketplace's
 * goods (after offers and coupon), delivery, a vehicle document request's service charge. Money
 * it collects for someone else: the operator's parking (a window, an event's flat price, a pass's
 * term, an overstay), the government's fees, the insurers' premiums.
 */
export const PRICE_PARTS = [
  "parking",
  "service_fee",
  "booking_fee",
  "goods",
  "delivery",
  "service_charge",
  "government_fee",
  "insurance_premium",
] as const;
export type PricePart = (typeof PRICE_PARTS)[number];

/**
 * The parking a price charges after its coupon: what the operator's share, a refund and a
 * receipt's parking line start from.
 */
export const netParkingMinor = (b: {
  parkingMinor: number;
  couponDiscountMinor?: number | undefined;
}): number => b.parkingMinor - (b.couponDiscountMinor ?? 0);

/**
 * The EV charging a price sells with the parking (decision 048, "Charging sold per hour"): a
 * per-hour charger group's price times the window's started hours, as `pricing.domain` withCharging
 * prices it; 0 when none is sold (no charger, or one priced per kWh, paid at the charger). It is the
 * operator's sale, like the parking, but no price part: no fee is taken on it, no tax (not even a
 * tax on the parking) is charged on it and no coupon takes anything off it.
 */
export const chargingMinorOf = (b: { chargingMinor?: number | undefined }): number => b.chargingMinor ?? 0;

/**
 * The tax rule, as data: which parts the country's tax applies to. The same in every served
 * country ("tax on Parkwell's own charges"): a country that taxed parking too would get its own
 * table here, not a second rule in a feature.
 */
export const TAXED_PARTS: Readonly<Record<PricePart, boolean>> = {
  parking: false,
  service_fee: true,
  booking_fee: true,
  goods: true,
  delivery: true,
  service_charge: true,
  government_fee: false,
  insurance_premium: false,
};

/** A purchase's amounts by part (missing parts are 0). */
export type PriceParts = Partial<Record<PricePart, number>>;

/** The amount the tax is charged on: the sum of the taxed parts. */
export function taxBaseOf(
  parts: PriceParts,
  taxed: Readonly<Record<PricePart, boolean>> = TAXED_PARTS,
): number {
  let base = 0;
  for (const part of PRICE_PARTS) if (taxed[part]) base += parts[part] ?? 0;
  return base;
}

/**
 * The one tax rule: the country's rate (`rateBps`, its fees' tax_bps) on the sum of the taxed
 * parts, rounded half up once for the purchase (not per line).
 */
export function taxOf(
  parts: PriceParts,
  rateBps: number,
  taxed: Readonly<Record<PricePart, boolean>> = TAXED_PARTS,
): { baseMinor: number; taxMinor: number } {
  const baseMinor = taxBaseOf(parts, taxed);
  return { baseMinor, taxMinor: bpsOf(baseMinor, rateBps) };
}

/**
 * One tax of a place (a row of `tax_rates`, decision 047): its name as the receipt prints it (GST,
 * HST, QST, "Parking excise tax"), its rate, and the parts it taxes. Without `parts` it taxes
 * Parkwell's own charges (TAXED_PARTS); a tax on parking itself names its parts (`["parking"]`).
 */
export interface TaxComponent {
  name: string;
  rateBps: number;
  parts?: readonly PricePart[] | null | undefined;
}

/**
 * The purchases a tax row may be limited to: a window paid by the hour or day (a booking, an event
 * booking) or a monthly pass. Illinois taxes the first at 6% and the second at 9%.
 */
export const TAX_PURCHASES = ["window", "pass"] as const;
export type TaxPurchase = (typeof TAX_PURCHASES)[number];

/**
 * One component's tax on a purchase: the amount it was charged on and the tax, in minor units, and
 * the parts it taxed when its component names them (a tax on the parking itself: `["parking"]`);
 * absent, Parkwell's own charges (TAXED_PARTS). A line stored before lines kept their parts has
 * none whatever it taxed: bookings.domain taxLineParts tells the two apart by its base.
 */
export interface TaxLine {
  name: string;
  rateBps: number;
  baseMinor: number;
  taxMinor: number;
  parts?: readonly PricePart[] | undefined;
}

/** The taxed-parts table of a component's list of parts (TAXED_PARTS when it names none). */
export function taxedPartsOf(
  parts: readonly PricePart[] | null | undefined,
): Readonly<Record<PricePart, boolean>> {
  if (!parts) return TAXED_PARTS;
  const taxed = Object.fromEntries(PRICE_PARTS.map((p) => [p, false])) as Record<PricePart, boolean>;
  for (const p of parts) taxed[p] = true;
  return taxed;
}

/**
 * The tax rule for a place with several taxes (GST and QST, a state's parking tax): each component
 * is `taxOf` its own taxed parts, rounded half up once per component for the purchase; no tax is
 * charged on another tax. The total is the sum of the lines; a component whose tax is 0 keeps its
 * line (a receipt leaves zero taxes out itself).
 */
export function taxesOf(
  parts: PriceParts,
  components: readonly TaxComponent[],
): { taxMinor: number; lines: TaxLine[] } {
  const lines = components.map((c) => {
    const { baseMinor, taxMinor } = taxOf(parts, c.rateBps, taxedPartsOf(c.parts));
    return {
      name: c.name,
      rateBps: c.rateBps,
      baseMinor,
      taxMinor,
      ...(c.parts ? { parts: [...c.parts] } : {}),
    };
  });
  return { taxMinor: lines.reduce((sum, l) => sum + l.taxMinor, 0), lines };
}

/**
 * A busy-time rule's adjustment (decision 059): basis points of the window's parking at the normal
 * rates, up (positive) or down, then held between the rule's floor and ceiling (minor units of the
 * parking; null: none). Parking that is free stays free.
 */
export interface RateAdjustment {
  adjustmentBps: number;
  floorMinor: number | null;
  ceilingMinor: number | null;
}

/** The parking after a rule: `normalMinor` moved by the rule's percentage (bpsOf), within its floor and ceiling. */
export function adjustedParkingOf(normalMinor: number, rule: RateAdjustment): number {
  if (normalMinor <= 0) return normalMinor;
  let parking = normalMinor + bpsOf(normalMinor, rule.adjustmentBps);
  if (rule.floorMinor !== null && parking < rule.floorMinor) parking = rule.floorMinor;
  if (rule.ceilingMinor !== null && parking > rule.ceilingMinor) parking = rule.ceilingMinor;
  return parking;
}

/**
 * How several rules that apply to one window combine: the one that gives the highest parking wins
 * (a busy-time increase over any discount, the smaller of two discounts), the first in `applicable`'s
 * order on a tie (the rules are read oldest first); null when none changes the normal price. One
 * rule prices a window, never a chain of them.
 */
export function ruleThatPrices<R extends RateAdjustment>(
  normalMinor: number,
  applicable: readonly R[],
): R | null {
  let best: R | null = null;
  let bestMinor = -Infinity;
  for (const rule of applicable) {
    const parking = adjustedParkingOf(normalMinor, rule);
    if (parking > bestMinor) {
      best = rule;
      bestMinor = parking;
    }
  }
  return bestMinor === normalMinor ? null : best;
}
