/**
 * A pass's terms on the park's calendar and its price (docs/PRODUCT-RULES.md#monthly-passes):
 * a term runs from a day's midnight to the same day's midnight `term` months later (the month's
 * last day when that day does not exist), and costs the plan's monthly price times the months,
 * less the plan's discount for that term, with the country's fees on top as any parking.
 */
import { addDays, allocate, bpsOf, dayOnClock, instantOfWallClock, WHOLE_BPS } from "@parkwell/contract";
import { priceFlat, type CountryFees, type PriceBreakdown } from "../parks/pricing.domain";
import { withTaxesAt, type TaxedCountry } from "../reference/tax-rates.domain";
import { pricedBody, type ReceiptBody, type TaxRate } from "../receipts/receipts.domain";

/** "2027-01-31" plus one month: "2027-02-28" (the last day when the day does not exist). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The instant a calendar day begins on a zone's clock. */
export const midnightOf = (date: string, timeZone: string) =>
  new Date(instantOfWallClock(Date.parse(`${date}T00:00:00Z`), timeZone));

export interface Term {
  /** When the pass starts holding its space: the day's midnight, or now for a pass from today. */
  startsAt: Date;
  /** The end of the term paid for: midnight of the same day `months` later. */
  paidUntil: Date;
}

export function termOf(startDate: string, months: number, timeZone: string, now: Date): Term {
  const midnight = midnightOf(startDate, timeZone);
  return {
    startsAt: midnight > now ? midnight : now,
    paidUntil: midnightOf(addMonths(startDate, months), timeZone),
  };
}

/** Why a start day is refused (before today, or more than `maxDays` ahead on the park's calendar); null when fine. */
export function startDateProblem(
  startDate: string,
  timeZone: string,
  now: Date,
  maxDays: number,
): string | null {
  const today = dayOnClock(now, timeZone);
  if (startDate < today) return "A pass starts today or later";
  if (startDate > addDays(today, maxDays)) return `A pass starts within ${maxDays} days`;
  return null;
}

/** The plan's discount for a term, in basis points: the 3- or 12-month one, none for a month. */
export function termDiscountBps(
  months: number,
  discounts: { discount3mBps: number; discount12mBps: number },
): number {
  return months === 12 ? discounts.discount12mBps : months === 3 ? discounts.discount3mBps : 0;
}

/** The plan's price for a term before fees: the monthly price times the months, less the term's discount. */
export function termPriceMinor(
  monthlyMinor: number,
  months: number,
  discounts: { discount3mBps: number; discount12mBps: number },
): number {
  const full = monthlyMinor * months;
  return full - bpsOf(full, termDiscountBps(months, discounts));
}

/**
 * What a pass brings a month before fees (the dashboard's recurring figure): its monthly price less
 * its term's discount, the share kept (100% − the discount) rounded half up by the pricing core.
 */
export function monthlyNetMinor(
  monthlyMinor: number,
  months: number,
  discounts: { discount3mBps: number; discount12mBps: number },
): number {
  return bpsOf(monthlyMinor, WHOLE_BPS - termDiscountBps(months, discounts));
}

/** What a pass's renewal prices with: the plan's monthly price now for its type (null: no longer priced), its discounts, the park's zone. */
export interface RenewalTerms {
  monthlyMinor: number | null;
  discount3mBps: number;
  discount12mBps: number;
  timeZone: string;
  /** The park's state or province: its taxes (decision 047). */
  stateId: number | null;
  /** The park's tax district, if any: taxes in addition to its state's (decision 049). */
  taxDistrictId: number | null;
}

export interface NextTerm {
  term: Term;
  /** The monthly price the term is charged at: the plan's now, or the pass's own when the plan no longer prices its type. */
  monthlyMinor: number;
  breakdown: PriceBreakdown;
}

/**
 * The term after the one paid (from the end of the paid term, however late the renewal runs) and
 * its price with the country's fees: what the renewal charges, and what the driver is told it will.
 */
export function nextTerm(
  pass: { paidUntil: Date; termMonths: number; monthlyMinor: number },
  terms: RenewalTerms,
  fees: Omit<CountryFees, "taxes"> & TaxedCountry,
): NextTerm {
  const term = termOf(
    dayOnClock(pass.paidUntil, terms.timeZone),
    pass.termMonths,
    terms.timeZone,
    pass.paidUntil,
  );
  const monthlyMinor = terms.monthlyMinor ?? pass.monthlyMinor;
  const breakdown = priceFlat(
    termPriceMinor(monthlyMinor, pass.termMonths, terms),
    // Taxed as charged: on the day the term starts, when the renewal runs (decision 047).
    withTaxesAt(fees, terms, term.startsAt, "pass"),
    term.startsAt,
    term.paidUntil,
  );
  return { term, monthlyMinor, breakdown };
}

/** Days a pass stays valid after a renewal its wallet could not pay, before it lapses. */
export const PASS_GRACE_DAYS = 3;
export const DAY_MS = 24 * 3_600_000;
/** When a pass in grace lapses: PASS_GRACE_DAYS after the end of its paid term. */
export const graceEndOf = (paidUntil: Date) => new Date(paidUntil.getTime() + PASS_GRACE_DAYS * DAY_MS);

/** What a term's receipt says about the pass (its plan, term and vehicles) and how it was priced. */
export interface PassReceiptTerm {
  /** The plan's name as sold (its English name: a proper name, printed as is). */
  planName: string;
  term: Term;
  months: number;
  monthlyMinor: number;
  /** "LND482KJ, KJA123AB · Car": the plates and vehicle type the term was paid for. */
  detail: string;
  breakdown: PriceBreakdown;
}

/**
 * A term's receipt: the pass line at the monthly price times the months, for the term paid, then
 * the term's discount (negative) when the 3- or 12-month one applied, the country's fees and the
 * tax on them (decision 017): the lines and tax sum to what the term was charged, to the unit.
 */
export function passReceiptBody(t: PassReceiptTerm, tax: TaxRate): ReceiptBody {
  const fullMinor = t.monthlyMinor * t.months;
  const discountMinor = fullMinor - t.breakdown.parkingMinor;
  const priced = pricedBody(t.breakdown, tax, { kind: "pass" });
  return {
    lines: [
      {
        kind: "pass",
        amountMinor: fullMinor,
        subject: t.planName,
        from: t.term.startsAt.toISOString(),
        to: t.term.paidUntil.toISOString(),
        quantity: t.months,
        detail: t.detail,
      },
      ...(discountMinor !== 0
        ? [{ kind: "discount" as const, amountMinor: -discountMinor, subject: t.planName }]
        : []),
      ...priced.lines.filter((l) => l.kind !== "pass"),
    ],
    taxes: priced.taxes,
  };
}

/** The detail printed under a pass's line: its plates, then the vehicle type. */
export const passDetail = (plates: readonly string[], vehicleType: string) =>
  `${plates.join(", ")} · ${vehicleType}`;

/**
 * What a closure gives back to a monthly pass term (decision 060): the term's price split into
 * equal shares, one per day its weekly windows run in the term (`termDays`, on the park's clock,
 * sorted; a window past midnight runs on both days), by the pricing core's `allocate` (the
 * remainder's minor units to the earliest days, so the shares sum to the price exactly); each
 * closed day (`closed`, among `termDays`) gives back its own share. A day not among the term's
 * gives nothing.
 */
export function closedDayShares(
  totalMinor: number,
  termDays: readonly string[],
  closed: readonly string[],
): { day: string; amountMinor: number }[] {
  const shares = allocate(
    totalMinor,
    termDays.map(() => 1),
  );
  return closed
    .map((day) => ({ day, at: termDays.indexOf(day) }))
    .filter((d) => d.at >= 0)
    .map((d) => ({ day: d.day, amountMinor: shares[d.at]! }));
}
