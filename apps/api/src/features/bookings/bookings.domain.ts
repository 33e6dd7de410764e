/**
 * Booking rules as pure functions of their inputs and the time (the window a driver may book is
 * the contract's `windowVerdict`): which status changes are allowed, and what each one charges or refunds (integer minor units).
 * The refund percentage comes from the contract's cancellation policy, the one place it is defined.
 */
import {
  PURCHASE_KIND_FACTS,
  BOOKING_MAX_DAYS,
  CANCELLATION_REFUNDS_FEES,
  CANCELLATION_RULES,
  refundPercentAt,
  refundShareOf,
  type BookingStatus,
  type DayHours,
  type PricePart,
  type TaxLine,
  allocate,
  chargingMinorOf,
  netParkingMinor,
} from "@parkwell/contract";
import { readableCode } from "../../lib/readable-code";

/** Same shape as parks.opening_hours (Monday first); the window rules are the contract's (opening-hours.ts). */
export type OpeningHours = DayHours[];

const DAY_MS = 24 * 60 * 60_000;

export interface BookingState {
  status: BookingStatus;
  startTime: Date;
  endTime: Date;
  /** When the car came in at the gate (it may be let in a little before the start). */
  checkedInAt: Date | null;
}

export const CHECKED_IN_NO_CANCEL =
  "This car is in the car park: a booking cannot be cancelled once it has checked in";

/** Why an extension to `newEnd` is refused, or null when allowed (opening hours checked apart). */
export function extendProblem(b: BookingState, newEnd: Date, now: Date): string | null {
  if (b.status !== "active") return "Only an active booking can be extended";
  if (now.getTime() >= b.endTime.getTime()) return "This booking has already ended";
  if (newEnd.getTime() <= b.endTime.getTime()) return "The new end time must be after the current end time";
  if (newEnd.getTime() - b.startTime.getTime() > BOOKING_MAX_DAYS * DAY_MS) {
    return `A booking can last at most ${BOOKING_MAX_DAYS} days`;
  }
  return null;
}

export type StatusChange = { ok: true; kind: "cancel" | "renew" } | { ok: false; message: string };

/**
 * `active` → `cancelled` before start while the car is not in (its space stays held until it
 * leaves); `cancelled` → `active` (renew) while the start is ahead.
 */
export function statusChange(b: BookingState, target: "active" | "cancelled", now: Date): StatusChange {
  if (target === "cancelled") {
    if (b.status !== "active") return { ok: false, message: "Only an active booking can be cancelled" };
    if (b.checkedInAt) return { ok: false, message: CHECKED_IN_NO_CANCEL };
    if (refundPercentAt(b.startTime, now) === null) {
      return { ok: false, message: "A booking cannot be cancelled after it has started" };
    }
    return { ok: true, kind: "cancel" };
  }
  if (b.status !== "cancelled") return { ok: false, message: "Only a cancelled booking can be renewed" };
  if (now.getTime() >= b.startTime.getTime()) {
    return { ok: false, message: "A booking can only be renewed before it starts" };
  }
  return { ok: true, kind: "renew" };
}

/**
 * The refund of a cancellation at `now`: the policy's percentage of the parking amount paid (after a
 * coupon's discount), of the EV charging sold with it (a per-hour charger group: decision 048) and
 * of the taxes charged on that parking (a city's parking tax follows the parking it was charged on;
 * fees, and the tax on them, are kept unless the policy says otherwise), rounded down, never more
 * than the wallet paid.
 */
export function refundMinor(
  b: { startTime: Date; breakdown: PriceLines; totalMinor: number; paidMinor: number },
  now: Date,
): { percent: number | null; amountMinor: number } {
  const percent = refundPercentAt(b.startTime, now);
  if (percent === null) return { percent, amountMinor: 0 };
  const base = refundableMinor(refundableLines(b.breakdown));
  return { percent, amountMinor: Math.min(b.paidMinor, refundShareOf(base, percent)) };
}

/**
 * The lines of a price a cancellation gives a share of (fees, and the taxes on them, only when the
 * policy gives them back): the parking paid (after a coupon), the EV charging sold with it, and of
 * each tax line the part on the parking (all of it with the fees). In minor units; taxes in the
 * order of taxShares.
 */
function refundableLines(price: PriceLines, countryTax: CountryTax = NO_NAME) {
  const fees = CANCELLATION_REFUNDS_FEES;
  return {
    parking: netParkingMinor(price),
    charging: chargingMinorOf(price),
    serviceFee: fees ? price.serviceFeeMinor : 0,
    bookingFee: fees ? price.bookingFeeMinor : 0,
    taxes: taxShares(price, countryTax).map((t) => (fees ? t.line.taxMinor : t.onParkingMinor)),
  };
}

const refundableMinor = (r: ReturnType<typeof refundableLines>) =>
  r.parking + r.charging + r.serviceFee + r.bookingFee + sum(r.taxes);

/** A cancellation's money over the booking's price lines (minor units); `totalMinor` is their sum. */
export interface CancellationLinesMinor {
  parkingMinor: number;
  /** The EV charging sold with the booking (a per-hour charger group); 0 when none. */
  chargingMinor: number;
  serviceFeeMinor: number;
  bookingFeeMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/**
 * A booking's price lines; the parking before a coupon's discount, which is given apart; the EV
 * charging when it sold some (absent: none).
 */
type PriceLines = Pick<
  CancellationLinesMinor,
  "parkingMinor" | "serviceFeeMinor" | "bookingFeeMinor" | "taxMinor"
> & {
  chargingMinor?: number | undefined;
  couponDiscountMinor?: number | undefined;
  taxes?: TaxLine[] | undefined;
};

const sum = (ns: readonly number[]) => ns.reduce((a, n) => a + n, 0);

/**
 * The parts a booking's tax line was charged on: the ones it names; one stored before lines named
 * them taxed the parking alone when its base was the parking paid and not the fees (a parking tax
 * of decision 047 or 049), else Parkwell's fees.
 */
export function taxLineParts(line: TaxLine, price: PriceLines): readonly PricePart[] {
  if (line.parts) return line.parts;
  const parking = netParkingMinor(price);
  const fees = price.serviceFeeMinor + price.bookingFeeMinor;
  return line.baseMinor === parking && parking !== fees ? ["parking"] : ["service_fee", "booking_fee"];
}

/** A tax line of a booking with the share of it charged on the parking (the rest on the fees). */
interface TaxShare {
  line: TaxLine;
  parts: readonly PricePart[];
  onParkingMinor: number;
}

/** The country's one tax, as a price stored before taxes had names was charged (its fees row). */
interface CountryTax {
  name: string;
  rateBps: number;
}
const NO_NAME: CountryTax = { name: "", rateBps: 0 };

/**
 * Each tax line of a booking's price with its parking share. A price stored before taxes had names
 * has one tax, the country's, on the fees.
 */
function taxShares(price: PriceLines, countryTax: CountryTax = NO_NAME): TaxShare[] {
  const parking = netParkingMinor(price);
  const lines: TaxLine[] = price.taxes ?? [
    {
      ...countryTax,
      baseMinor: price.serviceFeeMinor + price.bookingFeeMinor,
      taxMinor: price.taxMinor,
    },
  ];
  return lines.map((line) => {
    const parts = taxLineParts(line, price);
    if (!parts.includes("parking")) return { line, parts, onParkingMinor: 0 };
    const others = line.baseMinor - parking;
    const [onParkingMinor] = allocate(line.taxMinor, [parking, Math.max(0, others)]);
    return { line, parts, onParkingMinor: onParkingMinor ?? 0 };
  });
}

/** What a refund gives back of a booking, line by line, and of each of its taxes by name. */
export interface RefundLinesMinor extends CancellationLinesMinor {
  taxes: (TaxLine & { parts: readonly PricePart[] })[];
}

/**
 * Each tax's line of a refund: what it gives back (`taxMinorOf`, asked in the taxes' order) and its
 * base, what the refund gives back (`given`) of the parts that tax was charged on.
 */
function refundTaxLines(
  shares: TaxShare[],
  given: Partial<Record<PricePart, number>>,
  taxMinorOf: (share: TaxShare, i: number) => number,
): RefundLinesMinor["taxes"] {
  return shares.map((s, i) => ({
    name: s.line.name,
    rateBps: s.line.rateBps,
    parts: s.parts,
    baseMinor: sum(s.parts.map((p) => given[p] ?? 0)),
    taxMinor: taxMinorOf(s, i),
  }));
}

/**
 * Splits `amountMinor` given back of a booking over its lines, as a cancellation gives it: the
 * parking, the EV charging sold with it and the taxes on the parking first, together and in
 * proportion (all of them when it is all of them: the tax follows the parking it was charged on;
 * the charging, untaxed, is given back as the parking is); then the service fee, the booking fee
 * and the taxes on the fees (given back only past the parking, when everything is refunded). Each
 * tax's `baseMinor` is what it gives back of the parts that tax was charged on.
 */
export function refundLinesOf(
  booked: PriceLines,
  amountMinor: number,
  countryTax: CountryTax = NO_NAME,
): RefundLinesMinor {
  const parking = netParkingMinor(booked);
  const charging = chargingMinorOf(booked);
  const shares = taxShares(booked, countryTax);
  const total = parking + charging + booked.serviceFeeMinor + booked.bookingFeeMinor + booked.taxMinor;
  let left = Math.max(0, Math.min(amountMinor, total));
  const withParking = Math.min(left, parking + charging + sum(shares.map((s) => s.onParkingMinor)));
  const [parkingMinor = 0, chargingMinor = 0, ...onParking] = allocate(withParking, [
    parking,
    charging,
    ...shares.map((s) => s.onParkingMinor),
  ]);
  left -= withParking;
  const take = (n: number) => {
    const t = Math.min(left, Math.max(0, n));
    left -= t;
    return t;
  };
  const serviceFeeMinor = take(booked.serviceFeeMinor);
  const bookingFeeMinor = take(booked.bookingFeeMinor);
  const given = { parking: parkingMinor, service_fee: serviceFeeMinor, booking_fee: bookingFeeMinor };
  const taxes = refundTaxLines(
    shares,
    given,
    (s, i) => (onParking[i] ?? 0) + take(s.line.taxMinor - s.onParkingMinor),
  );
  const taxMinor = sum(taxes.map((t) => t.taxMinor));
  return {
    parkingMinor,
    chargingMinor,
    serviceFeeMinor,
    bookingFeeMinor,
    taxMinor,
    totalMinor: parkingMinor + chargingMinor + serviceFeeMinor + bookingFeeMinor + taxMinor,
    taxes,
  };
}

/**
 * What a wallet keeps of a booking when `keptMinor` of it stays paid, over the lines `left` after a
 * refund: the tax, the booking fee, the service fee and the EV charging first, the rest as parking.
 */
function keptLines(left: PriceLines, keptMinor: number): CancellationLinesMinor {
  let rest = Math.max(0, keptMinor);
  const take = (n: number) => {
    const t = Math.min(rest, Math.max(0, n));
    rest -= t;
    return t;
  };
  const taxMinor = take(left.taxMinor);
  const bookingFeeMinor = take(left.bookingFeeMinor);
  const serviceFeeMinor = take(left.serviceFeeMinor);
  const chargingMinor = take(left.chargingMinor ?? 0);
  return {
    parkingMinor: rest,
    chargingMinor,
    serviceFeeMinor,
    bookingFeeMinor,
    taxMinor,
    totalMinor: Math.max(0, keptMinor),
  };
}

/**
 * Line by line, what a cancellation gives back and what it keeps: for an active booking, cancelling
 * now (`refundMinor`, the policy's share of the parking amount and of the taxes on it); for a
 * cancelled one, what its cancellation did (the wallet now holds `paidMinor`, kept; the rest of the
 * price came back, split as refundLinesOf splits a refund). Refund + kept = what the wallet had paid.
 */
export function cancellationLines(
  booked: PriceLines,
  b: { status: string; paidMinor: number },
  refundMinor: number,
): { refund: CancellationLinesMinor; kept: CancellationLinesMinor } {
  const parking = netParkingMinor(booked);
  const charging = chargingMinorOf(booked);
  const price = parking + charging + booked.serviceFeeMinor + booked.bookingFeeMinor + booked.taxMinor;
  const cancelled = b.status === "cancelled";
  const given = refundLinesOf(booked, cancelled ? price - b.paidMinor : refundMinor);
  const { taxes: _byName, ...refund } = given;
  const left = {
    parkingMinor: parking - refund.parkingMinor,
    chargingMinor: charging - refund.chargingMinor,
    serviceFeeMinor: booked.serviceFeeMinor - refund.serviceFeeMinor,
    bookingFeeMinor: booked.bookingFeeMinor - refund.bookingFeeMinor,
    taxMinor: booked.taxMinor - refund.taxMinor,
  };
  return { refund, kept: keptLines(left, cancelled ? b.paidMinor : b.paidMinor - refund.totalMinor) };
}

const WINDOW_NOT_ACTIVE = "Only an active booking can have its time changed";
const WINDOW_CHECKED_IN =
  "This car is in the car park: a booking's time cannot be changed once it has checked in";
const WINDOW_STARTED_LATER = "A booking that has started cannot be moved to a later start";
const windowStepLater = (minutes: number) =>
  `This booking starts within ${minutes} minutes, so its new start must too: a later one would let a cancellation give back more`;

/** A cancellation's step as an order: a step that gives back nothing (started) is below every other. */
const stepRank = (percent: number | null) => percent ?? -1;

/**
 * Why a booking's window cannot be moved to start at `newStart`, or null (the new window's own
 * rules, its opening hours and length, are a new booking's, checked apart): only an active booking
 * whose car is not in and whose window has not ended. And a move never puts the booking in a step
 * of the cancellation policy that gives back more than the one it is in now, or moving the start
 * later and then cancelling would get round the policy (decision 063). With today's policy: less
 * than an hour before its start, the new start stays within the hour; once started, it is not
 * moved later.
 */
export function windowChangeProblem(b: BookingState, newStart: Date, now: Date): string | null {
  if (b.status !== "active") return WINDOW_NOT_ACTIVE;
  if (b.checkedInAt) return WINDOW_CHECKED_IN;
  if (now.getTime() >= b.endTime.getTime()) return "This booking has already ended";
  const percent = refundPercentAt(b.startTime, now);
  if (stepRank(refundPercentAt(newStart, now)) <= stepRank(percent)) return null;
  if (percent === null) return WINDOW_STARTED_LATER;
  // The nearest step above the booking's: its minutes before the start are the new start's limit.
  const minutes = Math.min(
    ...CANCELLATION_RULES.filter((r) => r.refundPercent > percent).map((r) => r.minutesBeforeStart),
  );
  return windowStepLater(minutes);
}

/** What moving a booking to a cheaper window gives back: the policy's step, the amount, and its lines. */
export interface WindowRefund {
  percent: number | null;
  amountMinor: number;
  lines: RefundLinesMinor;
}

/**
 * What moving a booking's window gives back when the new price (`after`) is below what it paid, by
 * the cancellation policy, as a cancellation now would (its step, of the booking's start as it is):
 * of each line a cancellation gives a share of (refundableLines), what the new price takes off it
 * (a line the new window costs more of is not set against another), the policy's share of their
 * sum, rounded down, never more than what was paid above the new price. So a cancellation that
 * would give nothing back now (started) makes a shorter window give nothing back either, and fees
 * stay paid as a cancellation keeps them. The amount is split over those lines in proportion, each
 * tax line with the parking it was charged on given back as its base (refundLinesOf's shape).
 */
export function windowRefundOf(
  b: { startTime: Date; breakdown: PriceLines; paidMinor: number },
  after: PriceLines & { totalMinor: number },
  now: Date,
  countryTax: CountryTax = NO_NAME,
): WindowRefund {
  const percent = refundPercentAt(b.startTime, now);
  const before = refundableLines(b.breakdown, countryTax);
  const later = refundableLines(after, countryTax);
  const laterTaxes = taxShares(after, countryTax);
  const shares = taxShares(b.breakdown, countryTax);
  // A tax is the same tax before and after by its name and rate (a rate changed since is another).
  const taxOf = (s: TaxShare) =>
    laterTaxes.findIndex((t) => t.line.name === s.line.name && t.line.rateBps === s.line.rateBps);
  const taken = (was: number, is: number) => Math.max(0, was - is);
  const weights = [
    taken(before.parking, later.parking),
    taken(before.charging, later.charging),
    taken(before.serviceFee, later.serviceFee),
    taken(before.bookingFee, later.bookingFee),
    ...shares.map((s, i) => taken(before.taxes[i]!, later.taxes[taxOf(s)] ?? 0)),
  ];
  const over = b.paidMinor - after.totalMinor;
  const amountMinor =
    percent === null || over <= 0 ? 0 : Math.min(over, refundShareOf(sum(weights), percent));
  const [parkingMinor = 0, chargingMinor = 0, serviceFeeMinor = 0, bookingFeeMinor = 0, ...taxParts] =
    amountMinor > 0 ? allocate(amountMinor, weights) : weights.map(() => 0);
  const given = { parking: parkingMinor, service_fee: serviceFeeMinor, booking_fee: bookingFeeMinor };
  const taxes = refundTaxLines(shares, given, (_, i) => taxParts[i] ?? 0);
  const taxMinor = sum(taxParts);
  return {
    percent,
    amountMinor,
    lines: {
      parkingMinor,
      chargingMinor,
      serviceFeeMinor,
      bookingFeeMinor,
      taxMinor,
      totalMinor: amountMinor,
      taxes,
    },
  };
}

/** An extension, or a renewal, charges what the window now costs minus what the wallet already holds. */
export function chargeDueMinor(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

/** `PW-` and 8 readable characters (read aloud at gates, typed from paper): 31^8 ≈ 8.5e11 codes. */
export function bookingCode(randomBytes: Uint8Array): string {
  return readableCode(PURCHASE_KIND_FACTS.booking.codePrefix, 8, randomBytes);
}
