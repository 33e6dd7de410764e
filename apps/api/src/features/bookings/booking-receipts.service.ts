/**
 * The receipts of a booking's money moves (docs/decisions/029-receipts.md), each written by the
 * purchase engine (`receiptOfMove`, `chargeMove`, `refundPurchase`) in the transaction that posts
 * the move: the booking's charge (`booking:<id>:1`), an extension's, a change of window's and a
 * renewal's, the gate's overstay, and the credit notes of a cancellation's refund, a change of
 * window's and an organiser's full refund. The parking line names the park, the window on the
 * park's clock and the vehicle; the fees and the country's tax follow (pricedBody); the EV charger
 * the booking holds, if any, last: with the charging as its amount when it was sold with the
 * booking (a per-hour group), else without one (paid at the charger; decision 048).
 */
import { chargingMinorOf, netParkingMinor } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import type { ReceiptLineRecord } from "../../lib/receipt-records";
import {
  differenceOf,
  negated,
  pricedBody,
  type PricedParts,
  type ReceiptBody,
  type ReceiptCharger,
} from "../receipts/receipts.domain";
import { bodiesOf } from "../receipts/receipts.service";
import { chargersById } from "../parks/chargers.service";
import { receiptOnly, rewardOfMove } from "../purchases/purchases.service";
import type { ParkForBooking } from "./booking-core.service";
import { refundLinesOf, type RefundLinesMinor } from "./bookings.domain";

/** The park as a booking's receipt names it: its seller's country, its clock, its tax. */
export interface ReceiptPark {
  id: number;
  name: string;
  countryId: number;
  taxName: string;
  taxBps: number;
  decimals: number;
  vehicleTypeName?: string | null;
}

/** A park as a booking read it (bookings.repo parkForBooking), as its receipts name it. */
export const receiptPark = (p: ParkForBooking): ReceiptPark => ({
  id: p.id,
  name: p.view.name,
  countryId: p.countryId,
  taxName: p.taxName,
  taxBps: p.taxBps,
  decimals: p.decimals,
  vehicleTypeName: p.vehicleTypeName,
});

/** What a receipt needs of the booking it documents. */
export interface ReceiptBooking {
  id: string;
  userId: string;
  bookingCode: string;
  currency: string;
  startTime: Date;
  endTime: Date;
  plateNumber: string | null;
  /** The charger group the booking holds one of, named on its receipts. */
  chargerId: number | null;
}

/** The first move of a booking: the charge of its price (book_space, book_event_space, complete_hold). */
export const firstMoveKey = (bookingId: string) => `booking:${bookingId}:1`;

/** "ABC-123 · Car": the plate and the vehicle type, whichever are known. */
function vehicleDetail(plate: string | null, vehicleType?: string | null): string | null {
  return [plate, vehicleType].filter(Boolean).join(" · ") || null;
}

function parkingLine(
  park: ReceiptPark,
  b: ReceiptBooking,
  from: Date,
  to: Date,
): Omit<ReceiptLineRecord, "amountMinor"> {
  return {
    kind: "parking",
    subject: park.name,
    from: from.toISOString(),
    to: to.toISOString(),
    detail: vehicleDetail(b.plateNumber, park.vehicleTypeName),
  };
}

/**
 * The EV charger a booking holds, as its receipts name it: its group's connector and power as they
 * are when the receipt is written (kept with it), and whether the booking bought its charging (a
 * per-hour group: the line's amount is the charging); null when it holds no charger.
 */
export async function receiptCharger(
  tx: Tx,
  b: { chargerId: number | null; breakdown: PricedParts & { chargingHourMinor?: number | undefined } },
): Promise<ReceiptCharger | null> {
  if (b.chargerId === null) return null;
  const [c] = await chargersById(tx, [b.chargerId]);
  if (!c) return null;
  const sold = b.breakdown.chargingHourMinor !== undefined || chargingMinorOf(b.breakdown) !== 0;
  return { connector: c.connector, powerKw: c.powerKw, ...(sold ? { sold: true as const } : {}) };
}

/** A booking's receipt parts with what pricing stored that a receipt does not print left out. */
type BookingParts = PricedParts & { chargingHourMinor?: number | undefined };

/** The park's country's one tax (its `fees` row): the receipt's tax of a price stored before taxes had names. */
export const countryTaxOf = (park: ReceiptPark) => ({ name: park.taxName, rateBps: park.taxBps });

/**
 * A new booking's receipt: its whole price, parking, fees and tax, and the charger it holds; then
 * the buyer's referral reward (purchases.service receiptOfMove). A paid hold's completion writes
 * it after `complete_hold`.
 */
export async function issueBookingReceipt(
  tx: Tx,
  kind: "booking" | "event_booking",
  b: ReceiptBooking & { breakdown: BookingParts & { totalMinor: number } },
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  await bookingReceiptOnly(tx, kind, b, park, at, buyerCompanyId);
  await rewardBooking(tx, b, at);
}

/**
 * A new booking's receipt alone, as issueBookingReceipt writes it, before the booking's statement
 * posts the charge (bookings.service placeBooking; purchases.service receiptOnly): rewardBooking
 * follows the statement.
 */
export async function bookingReceiptOnly(
  tx: Tx,
  kind: "booking" | "event_booking",
  b: ReceiptBooking & { breakdown: BookingParts & { totalMinor: number } },
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null,
) {
  return receiptOnly(tx, kind, bookingPurchaseOf(b, park), {
    ledgerKey: firstMoveKey(b.id),
    amountMinor: b.breakdown.totalMinor,
    at,
    receiptBody: pricedBody(
      b.breakdown,
      countryTaxOf(park),
      parkingLine(park, b, b.startTime, b.endTime),
      await receiptCharger(tx, b),
    ),
    companyId: buyerCompanyId,
  });
}

/** The buyer's referral reward after a new booking's charge (purchases.service rewardOfMove). */
export function rewardBooking(
  tx: Tx,
  b: { id: string; userId: string; breakdown: { totalMinor: number } },
  at: Date,
) {
  return rewardOfMove(tx, b, { amountMinor: b.breakdown.totalMinor, at });
}

const partsTotal = (p: PricedParts) =>
  netParkingMinor(p) + chargingMinorOf(p) + p.serviceFeeMinor + p.bookingFeeMinor + p.taxMinor;

/** Each line kind of some receipts summed: what a booking's wallet has paid, line by line. */
function paidParts(bodies: readonly ReceiptBody[]): PricedParts {
  const parts = { parkingMinor: 0, chargingMinor: 0, serviceFeeMinor: 0, bookingFeeMinor: 0, taxMinor: 0 };
  for (const body of bodies) {
    for (const l of body.lines) {
      if (l.kind === "service_fee") parts.serviceFeeMinor += l.amountMinor;
      else if (l.kind === "booking_fee") parts.bookingFeeMinor += l.amountMinor;
      else if (l.kind === "charger") parts.chargingMinor += l.amountMinor;
      else parts.parkingMinor += l.amountMinor;
    }
    for (const t of body.taxes) parts.taxMinor += t.amountMinor;
  }
  return parts;
}

/**
 * The receipt body of a change that charges the difference (an extension, a change of window):
 * what changed between the price paid and the new window's, line by line, summing to `due` (new
 * total minus what the wallet had paid), its parking line over [from, to). That is the old price's
 * difference while the wallet paid the old price; it paid more when an earlier change cost nothing
 * because the park's price had come down meanwhile (bookings.domain chargeDueMinor: never
 * negative), or gave back less than the difference (a shorter window, by the cancellation policy):
 * then the difference is taken from what the booking's receipts say was paid, line by line.
 */
async function differenceBody(
  tx: Tx,
  b: ReceiptBooking & { breakdown: BookingParts },
  after: PricedParts,
  line: { from: Date; to: Date },
  due: number,
  park: ReceiptPark,
): Promise<ReceiptBody> {
  let parts = differenceOf(b.breakdown, after);
  if (partsTotal(parts) !== due) {
    const paid = paidParts(await bodiesOf(tx, b.userId, b.bookingCode));
    parts = differenceOf(paid, after);
  }
  return pricedBody(
    parts,
    countryTaxOf(park),
    parkingLine(park, b, line.from, line.to),
    await receiptCharger(tx, b),
  );
}

/** An extension's receipt body (differenceBody): its parking line is the time added. */
export function extensionReceiptBody(
  tx: Tx,
  b: ReceiptBooking & { breakdown: BookingParts },
  after: PricedParts,
  newEnd: Date,
  due: number,
  park: ReceiptPark,
): Promise<ReceiptBody> {
  return differenceBody(tx, b, after, { from: b.endTime, to: newEnd }, due, park);
}

/** A change of window's receipt body (differenceBody): its parking line is the new window. */
export function windowChangeReceiptBody(
  tx: Tx,
  b: ReceiptBooking & { breakdown: BookingParts },
  after: PricedParts,
  window: { start: Date; end: Date },
  due: number,
  park: ReceiptPark,
): Promise<ReceiptBody> {
  return differenceBody(tx, b, after, { from: window.start, to: window.end }, due, park);
}

/**
 * What `amountMinor` given back of a booking (a cancellation's refund), or charged again (a
 * renewal's), is line by line, as a receipt prints a price (pricedBody): the parking, the EV
 * charging sold with it and the taxes charged on the parking (bookings.domain refundLinesOf), and
 * fees only when the policy gives them back. A price stored before taxes had names has the
 * country's one tax. `charger`: the charger line's group (receiptCharger), null for none.
 */
function refundBody(
  b: ReceiptBooking & { breakdown: PricedParts },
  amountMinor: number,
  park: ReceiptPark,
  charger: ReceiptCharger | null,
): ReceiptBody {
  // The parking's share always has a line: a tax never exceeds the parking it is charged on.
  return pricedBody(
    refundLinesOf(b.breakdown, amountMinor, countryTaxOf(park)),
    countryTaxOf(park),
    parkingLine(park, b, b.startTime, b.endTime),
    charger,
  );
}

/**
 * A renewal's receipt body: what its cancellation had refunded (the parking, the charging sold with
 * it and the taxes on the parking), charged again, and the charger it holds again.
 */
export async function renewalReceiptBody(
  tx: Tx,
  b: ReceiptBooking & { breakdown: BookingParts },
  due: number,
  park: ReceiptPark,
): Promise<ReceiptBody> {
  return refundBody(b, due, park, await receiptCharger(tx, b));
}

/**
 * A cancellation's credit note body: the policy's share of the parking, of the EV charging sold
 * with it (its charger's line, `charger` from receiptCharger) and of each tax charged on the
 * parking, given back (fees, and the taxes on them, kept). A charger whose charging was paid at the
 * charger has nothing given back and no line.
 */
export function cancellationNoteBody(
  b: ReceiptBooking & { breakdown: PricedParts },
  refund: number,
  park: ReceiptPark,
  charger: ReceiptCharger | null = null,
): ReceiptBody {
  return negated(refundBody(b, refund, park, charger?.sold ? charger : null));
}

/**
 * A change of window's credit note body: what the shorter or cheaper window gives back by the
 * cancellation policy, line by line (bookings.domain windowRefundOf: the parking, the EV charging
 * sold with it, the taxes on the parking), its parking line naming the new window, its charger's
 * line when the charging was sold with the booking (`charger` from receiptCharger).
 */
export function windowChangeNoteBody(
  b: ReceiptBooking,
  given: RefundLinesMinor,
  window: { start: Date; end: Date },
  park: ReceiptPark,
  charger: ReceiptCharger | null,
): ReceiptBody {
  return negated(
    pricedBody(
      given,
      countryTaxOf(park),
      parkingLine(park, b, window.start, window.end),
      charger?.sold ? charger : null,
    ),
  );
}

/** A booking as the purchase engine's chargeMove and refundPurchase read it (its park's clock). */
export function bookingPurchaseOf(b: ReceiptBooking & { id: string }, park: ReceiptPark) {
  return {
    id: b.id,
    code: b.bookingCode,
    userId: b.userId,
    currency: b.currency,
    decimals: park.decimals,
    countryId: park.countryId,
    parkId: park.id,
  };
}

/** A booking's later moves through the purchase engine: its ledger keys are `booking:<id>:<n>`. */
export const BOOKING_MOVES = { ledgerPrefix: "booking" } as const;

/**
 * A booking (a window's, an event's, a paid hold's) as the purchase engine knows it: its row in
 * `purchases` (kind `booking`, claimed by `book_space` / `book_event_space` / `complete_hold` in
 * the statement that charges it), its key's replay, and its 402.
 */
export const BOOKING_PURCHASE = {
  name: "booking",
  keyReusedMessage: "This Idempotency-Key was used for another booking",
  walletPurpose: "booking",
  company: { purpose: "booking", chargeKind: "booking" },
} as const;

/** What an extension's, a change of window's and a renewal's charge are, as chargeMove posts them (a company may pay). */
export const BOOKING_CHARGES = {
  extension: {
    ...BOOKING_MOVES,
    chargeKind: "booking_extension",
    receiptKind: "extension",
    walletPurpose: "booking",
    company: { purpose: "booking", chargeKind: "extension" },
  },
  window_change: {
    ...BOOKING_MOVES,
    chargeKind: "booking_window_change",
    receiptKind: "window_change",
    walletPurpose: "booking",
    company: { purpose: "booking", chargeKind: "window_change" },
  },
  renewal: {
    ...BOOKING_MOVES,
    chargeKind: "booking_renewal",
    receiptKind: "renewal",
    walletPurpose: "booking",
    company: { purpose: "booking", chargeKind: "renewal" },
  },
} as const;

/**
 * An overstay's receipt body (a booking's time past its end, a pass visit's outside its plan's
 * hours): the park's parking rate for that time, no fees and no tax (gate.domain overstayOf).
 */
export function overstayReceiptBody(o: {
  park: { name: string };
  amountMinor: number;
  /** The stay the overstay is part of (a pass visit's: from its entry, its minutes outside the plan's hours). */
  from: Date;
  to: Date;
  /** The plate, and the vehicle type when known. */
  detail: string | null;
}): ReceiptBody {
  return {
    lines: [
      {
        kind: "overstay",
        amountMinor: o.amountMinor,
        subject: o.park.name,
        from: o.from.toISOString(),
        to: o.to.toISOString(),
        detail: o.detail,
      },
    ],
    // Parking alone, which the pricing core's one tax rule never taxes (TAXED_PARTS.parking is
    // false; packages/contract/src/pricing.test.ts holds it): no tax line, in any country.
    taxes: [],
  };
}

/** An overstay as the purchase engine's chargeMove posts it: from the wallet, with its receipt. */
export const OVERSTAY = {
  chargeKind: "booking_overstay",
  receiptKind: "overstay",
  walletPurpose: "booking",
} as const;
