/**
 * The receipts of a booking's money moves (docs/decisions/029-receipts.md), each written by
 * receipts.service `issueReceipt` in the transaction that posts the move: the booking's charge
 * (`booking:<id>:1`), an extension's and a renewal's, the gate's overstay, and the credit notes of
 * a cancellation's refund and of an organiser's full refund. The parking line names the park, the
 * window on the park's clock and the vehicle; the fees and the country's tax follow (pricedBody).
 */
import type { Tx } from "../../db/tx";
import type { ReceiptLineRecord } from "../../lib/receipt-records";
import {
  differenceOf,
  pricedBody,
  reversalOf,
  type PricedParts,
  type ReceiptBody,
} from "../receipts/receipts.domain";
import { bodiesOf, issueReceipt, receiptIdOf } from "../receipts/receipts.service";
import type { ParkForBooking } from "./booking-core.service";

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

const taxOf = (park: ReceiptPark) => ({ name: park.taxName, rateBps: park.taxBps });

function issue(
  tx: Tx,
  b: ReceiptBooking,
  park: Pick<ReceiptPark, "id" | "countryId" | "decimals">,
  at: Date,
  r: {
    kind: "booking" | "event_booking" | "extension" | "renewal" | "credit_note";
    ledgerKey: string;
    body: ReceiptBody;
    expectedMinor: number;
    reversesId?: number | null;
    /** The company that paid (its receipt's buyer; the driver is the member), if one did. */
    buyerCompanyId?: number | null;
  },
) {
  return issueReceipt(tx, {
    ...r,
    userId: b.userId,
    reference: b.bookingCode,
    countryId: park.countryId,
    parkId: park.id,
    issuedAt: at,
    currency: b.currency,
    decimals: park.decimals,
  });
}

/** A new booking's receipt: its whole price, parking, fees and tax. */
export function issueBookingReceipt(
  tx: Tx,
  kind: "booking" | "event_booking",
  b: ReceiptBooking & { breakdown: PricedParts & { totalMinor: number } },
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  return issue(tx, b, park, at, {
    kind,
    ledgerKey: firstMoveKey(b.id),
    body: pricedBody(b.breakdown, taxOf(park), parkingLine(park, b, b.startTime, b.endTime)),
    expectedMinor: b.breakdown.totalMinor,
    buyerCompanyId,
  });
}

const partsTotal = (p: PricedParts) => p.parkingMinor + p.serviceFeeMinor + p.bookingFeeMinor + p.taxMinor;

/** Each line kind of some receipts summed: what a booking's wallet has paid, line by line. */
function paidParts(bodies: readonly ReceiptBody[]): PricedParts {
  const parts = { parkingMinor: 0, serviceFeeMinor: 0, bookingFeeMinor: 0, taxMinor: 0 };
  for (const body of bodies) {
    for (const l of body.lines) {
      if (l.kind === "service_fee") parts.serviceFeeMinor += l.amountMinor;
      else if (l.kind === "booking_fee") parts.bookingFeeMinor += l.amountMinor;
      else parts.parkingMinor += l.amountMinor;
    }
    for (const t of body.taxes) parts.taxMinor += t.amountMinor;
  }
  return parts;
}

/**
 * An extension's receipt: what changed between the price paid and the new window's, line by line,
 * summing to `due` (new total minus what the wallet had paid). That is the old price's difference
 * while the wallet paid the old price; it paid more when an earlier extension cost nothing because
 * the park's price had come down meanwhile (bookings.domain chargeDueMinor: never negative): then
 * the difference is taken from what the booking's receipts say was paid, line by line.
 */
export async function issueExtensionReceipt(
  tx: Tx,
  b: ReceiptBooking & { breakdown: PricedParts },
  after: PricedParts,
  newEnd: Date,
  due: number,
  move: number,
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  let parts = differenceOf(b.breakdown, after);
  if (partsTotal(parts) !== due) {
    const paid = paidParts(await bodiesOf(tx, b.userId, b.bookingCode));
    parts = differenceOf(paid, after);
  }
  return issue(tx, b, park, at, {
    kind: "extension",
    ledgerKey: `booking:${b.id}:${move}`,
    body: pricedBody(parts, taxOf(park), parkingLine(park, b, b.endTime, newEnd)),
    expectedMinor: due,
    buyerCompanyId,
  });
}

/** A renewal's receipt: the parking its cancellation had refunded, charged again (no fee, no tax). */
export function issueRenewalReceipt(
  tx: Tx,
  b: ReceiptBooking,
  due: number,
  move: number,
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  return issue(tx, b, park, at, {
    kind: "renewal",
    ledgerKey: `booking:${b.id}:${move}`,
    body: { lines: [{ ...parkingLine(park, b, b.startTime, b.endTime), amountMinor: due }], taxes: [] },
    expectedMinor: due,
    buyerCompanyId,
  });
}

/**
 * A cancellation's credit note: the policy's share of the parking given back (fees kept), against
 * the booking's receipt. A booking paid before receipts existed has none to reverse: nothing is
 * written for it.
 */
export async function issueCancellationNote(
  tx: Tx,
  b: ReceiptBooking,
  refund: number,
  move: number,
  park: ReceiptPark,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  const reversesId = await receiptIdOf(tx, firstMoveKey(b.id));
  if (reversesId === null) return;
  await issue(tx, b, park, at, {
    kind: "credit_note",
    ledgerKey: `booking:${b.id}:${move}`,
    body: { lines: [{ ...parkingLine(park, b, b.startTime, b.endTime), amountMinor: -refund }], taxes: [] },
    expectedMinor: -refund,
    reversesId,
    buyerCompanyId,
  });
}

/**
 * The credit note of a full refund (the organiser cancelled the event): every line and tax of the
 * booking's receipts and earlier credit notes given back, against its receipt.
 */
export async function issueFullRefundNote(
  tx: Tx,
  b: ReceiptBooking,
  refund: number,
  move: number,
  park: Pick<ReceiptPark, "id" | "countryId" | "decimals">,
  at: Date,
  buyerCompanyId: number | null = null,
) {
  const reversesId = await receiptIdOf(tx, firstMoveKey(b.id));
  if (reversesId === null) return;
  await issue(tx, b, park, at, {
    kind: "credit_note",
    ledgerKey: `booking:${b.id}:${move}`,
    body: reversalOf(await bodiesOf(tx, b.userId, b.bookingCode)),
    expectedMinor: -refund,
    reversesId,
    buyerCompanyId,
  });
}

/**
 * An overstay's receipt (a booking's time past its end, a pass visit's outside its plan's hours):
 * the park's parking rate for that time, no fees and no tax (gate.domain overstayOf).
 */
export function issueOverstayReceipt(
  tx: Tx,
  o: {
    ledgerKey: string;
    userId: string;
    reference: string;
    park: { id: number; name: string; countryId: number };
    currency: string;
    decimals: number;
    amountMinor: number;
    /** The stay the overstay is part of (a pass visit's: from its entry, its minutes outside the plan's hours). */
    from: Date;
    to: Date;
    /** The plate, and the vehicle type when known. */
    detail: string | null;
  },
  at: Date,
) {
  return issueReceipt(tx, {
    kind: "overstay",
    ledgerKey: o.ledgerKey,
    userId: o.userId,
    reference: o.reference,
    countryId: o.park.countryId,
    parkId: o.park.id,
    issuedAt: at,
    currency: o.currency,
    decimals: o.decimals,
    body: {
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
      taxes: [],
    },
    expectedMinor: o.amountMinor,
  });
}
