/**
 * Booking rules as pure functions of their inputs and the time (the window a driver may book is
 * the contract's `windowVerdict`): which status changes are allowed, and what each one charges or refunds (integer minor units).
 * The refund percentage comes from the contract's cancellation policy, the one place it is defined.
 */
import {
  PURCHASE_KIND_FACTS,
  BOOKING_MAX_DAYS,
  CANCELLATION_REFUNDS_FEES,
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
  const base = CANCELLATION_REFUNDS_FEES
    ? b.totalMinor
    : netParkingMinor(b.breakdown) +
      chargingMinorOf(b.breakdown) +
      sum(taxShares(b.breakdown).map((t) => t.onParkingMinor));
  return { percent, amountMinor: Math.min(b.paidMinor, refundShareOf(base, percent)) };
}

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
  const given: Partial<Record<PricePart, number>> = {
    parking: parkingMinor,
    service_fee: serviceFeeMinor,
    booking_fee: bookingFeeMinor,
  };
  const taxes = shares.map((s, i) => ({
    name: s.line.name,
    rateBps: s.line.rateBps,
    parts: s.parts,
    baseMinor: sum(s.parts.map((p) => given[p] ?? 0)),
    taxMinor: (onParking[i] ?? 0) + take(s.line.taxMinor - s.onParkingMinor),
  }));
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

/** An extension, or a renewal, charges what the window now costs minus what the wallet already holds. */
export function chargeDueMinor(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

/** `PW-` and 8 readable characters (read aloud at gates, typed from paper): 31^8 ≈ 8.5e11 codes. */
export function bookingCode(randomBytes: Uint8Array): string {
  return readableCode(PURCHASE_KIND_FACTS.booking.codePrefix, 8, randomBytes);
}
