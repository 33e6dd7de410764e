/**
 * Pure rules of receipts (docs/decisions/029-receipts.md): the lines and taxes a purchase's
 * receipt carries, what a credit note gives back, and the number's shape. No I/O.
 *
 * Every amount is signed integer minor units: a receipt's lines and taxes sum to what its ledger
 * move took from the wallet; a credit note's sum to minus what its move gave back.
 */
import {
  allocate,
  chargingMinorOf,
  netParkingMinor,
  taxBaseOf,
  type ReceiptKind,
  type TaxLine,
} from "@parkwell/contract";
import type { ReceiptLineRecord, ReceiptTaxRecord } from "../../lib/receipt-records";

export interface ReceiptBody {
  lines: ReceiptLineRecord[];
  taxes: ReceiptTaxRecord[];
}

/** The country's tax as the fee data holds it (fees.tax_name, fees.tax_bps). */
export interface TaxRate {
  name: string;
  rateBps: number;
}

/** `NG-2026-000123`. */
export function receiptNumber(countryCode: string, year: number, sequence: number): string {
  return `${countryCode}-${year}-${String(sequence).padStart(6, "0")}`;
}

export const totalOf = (body: ReceiptBody): number =>
  body.lines.reduce((sum, l) => sum + l.amountMinor, 0) +
  body.taxes.reduce((sum, t) => sum + t.amountMinor, 0);

/** A parking window's price as pricing computes it (bookings.breakdown, passes, events). */
export interface PricedParts {
  parkingMinor: number;
  serviceFeeMinor: number;
  bookingFeeMinor: number;
  taxMinor: number;
  /** Each tax by name (decision 047); absent on a price stored before: its one tax is `tax`. */
  taxes?: TaxLine[] | undefined;
  /** A coupon's discount off the parking, and its code (pricing.domain withCoupon). */
  couponDiscountMinor?: number | undefined;
  couponCode?: string | undefined;
  /** The EV charging sold with a booking (a per-hour charger group, decision 048); absent: none. */
  chargingMinor?: number | undefined;
}

/** A booking's EV charger as its receipt lines name it (ReceiptLineRecord's `charger`). */
export type ReceiptCharger = NonNullable<ReceiptLineRecord["charger"]>;

/**
 * The receipt of a priced purchase: the parking (or pass, or overstay) line, the fees, and a line
 * for each tax it was priced with (decision 047: GST and QST, HST, a parking tax; each with the
 * amount it was charged on, as the pricing core took it). A price stored before taxes had names has
 * one, the country's `tax`, on Parkwell's fees (decision 017). Zero lines are left out; a tax line
 * is there whenever that tax was charged. A booking's EV charger (`charger`) comes last, with the
 * charging sold with it as its amount (a per-hour group, decision 048; 0 when it is paid at the
 * charger); the line is there whenever the charger is named, or charging was sold.
 */
export function pricedBody(
  parts: PricedParts,
  tax: TaxRate,
  main: Omit<ReceiptLineRecord, "amountMinor">,
  charger: ReceiptCharger | null = null,
): ReceiptBody {
  const discountMinor = parts.couponDiscountMinor ?? 0;
  const all: ReceiptLineRecord[] = [
    { ...main, amountMinor: parts.parkingMinor },
    {
      kind: "discount",
      amountMinor: -discountMinor,
      ...(parts.couponCode ? { detail: parts.couponCode } : {}),
    },
    { kind: "service_fee", amountMinor: parts.serviceFeeMinor },
    { kind: "booking_fee", amountMinor: parts.bookingFeeMinor },
  ];
  const lines = all.filter((l) => l.amountMinor !== 0);
  const charging = chargingMinorOf(parts);
  if (charger || charging !== 0) {
    lines.push({ kind: "charger", amountMinor: charging, ...(charger ? { charger } : {}) });
  }
  if (parts.taxes) {
    const taxes = parts.taxes
      .filter((t) => t.taxMinor !== 0)
      .map((t) => ({ name: t.name, rateBps: t.rateBps, baseMinor: t.baseMinor, amountMinor: t.taxMinor }));
    return { lines, taxes };
  }
  const taxes: ReceiptTaxRecord[] =
    parts.taxMinor !== 0
      ? [
          {
            name: tax.name,
            rateBps: tax.rateBps,
            baseMinor: taxBaseOf({
              parking: parts.parkingMinor - discountMinor,
              service_fee: parts.serviceFeeMinor,
              booking_fee: parts.bookingFeeMinor,
            }),
            amountMinor: parts.taxMinor,
          },
        ]
      : [];
  return { lines, taxes };
}

/**
 * What changed between two prices of the same purchase (an extension): each part's difference (the
 * parking's after a coupon's discount: a booking keeps its discount, so an extension's parking line
 * is the longer window's parking alone; the EV charging's, the added hours'), and each tax's by name and rate when both prices name
 * their taxes (a rate changed in between gives the old rate's line back and charges the new one's
 * in full); else the one tax's difference.
 */
export function differenceOf(before: PricedParts, after: PricedParts): PricedParts {
  const parts: PricedParts = {
    parkingMinor: netParkingMinor(after) - netParkingMinor(before),
    serviceFeeMinor: after.serviceFeeMinor - before.serviceFeeMinor,
    bookingFeeMinor: after.bookingFeeMinor - before.bookingFeeMinor,
    taxMinor: after.taxMinor - before.taxMinor,
    ...(chargingMinorOf(after) || chargingMinorOf(before)
      ? { chargingMinor: chargingMinorOf(after) - chargingMinorOf(before) }
      : {}),
  };
  if (!before.taxes || !after.taxes) return parts;
  const lines = new Map<string, TaxLine>();
  for (const [sign, list] of [
    [-1, before.taxes],
    [1, after.taxes],
  ] as const) {
    for (const t of list) {
      const key = `${t.name}|${t.rateBps}`;
      const seen = lines.get(key) ?? { ...t, baseMinor: 0, taxMinor: 0 };
      lines.set(key, {
        ...seen,
        baseMinor: seen.baseMinor + sign * t.baseMinor,
        taxMinor: seen.taxMinor + sign * t.taxMinor,
      });
    }
  }
  return { ...parts, taxes: [...lines.values()] };
}

/**
 * The credit note that gives back everything of `bodies` (a purchase's receipts, its earlier
 * credit notes included): each line kind and each tax summed, then negated.
 */
export function reversalOf(bodies: readonly ReceiptBody[]): ReceiptBody {
  const lines = new Map<string, ReceiptLineRecord>();
  const taxes = new Map<string, ReceiptTaxRecord>();
  for (const body of bodies) {
    for (const l of body.lines) {
      const key = `${l.kind}|${l.subject ?? ""}`;
      const seen = lines.get(key);
      lines.set(key, seen ? { ...seen, amountMinor: seen.amountMinor + l.amountMinor } : { ...l });
    }
    for (const t of body.taxes) {
      const key = `${t.name}|${t.rateBps}`;
      const seen = taxes.get(key);
      taxes.set(
        key,
        seen
          ? {
              ...seen,
              baseMinor: seen.baseMinor + t.baseMinor,
              amountMinor: seen.amountMinor + t.amountMinor,
            }
          : { ...t },
      );
    }
  }
  return negated({
    lines: [...lines.values()].filter((l) => l.amountMinor !== 0),
    taxes: [...taxes.values()].filter((t) => t.amountMinor !== 0),
  });
}

/** A body given back: every line's and tax's amount (and a tax's base) with the other sign. */
export function negated(body: ReceiptBody): ReceiptBody {
  return {
    lines: body.lines.map((l) => ({ ...l, amountMinor: -l.amountMinor })),
    taxes: body.taxes.map((t) => ({ ...t, baseMinor: -t.baseMinor, amountMinor: -t.amountMinor })),
  };
}

/** The calendar year of `at` on `timeZone`'s clock: the year a receipt is numbered in. */
export function yearOn(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(at));
}

export class ReceiptRuleError extends Error {}

/** A receipt must document exactly its ledger move: refuses a body whose total is not `expectedMinor`. */
export function checkBody(body: ReceiptBody, expectedMinor: number): void {
  const total = totalOf(body);
  if (total !== expectedMinor) {
    throw new ReceiptRuleError(`receipt lines sum to ${total}, the ledger move is ${expectedMinor}`);
  }
  if (body.lines.length === 0) throw new ReceiptRuleError("a receipt needs at least one line");
}

/** What a purchase hands to issueReceipt (receipts.service.ts). */
export interface ReceiptIssue {
  kind: ReceiptKind;
  /** The buyer: the wallet the move took from (or gave back to). */
  userId: string;
  /** The idempotency key of the ledger move this receipt documents (posted in the same transaction). */
  ledgerKey: string;
  /** Booking code, order code, pass code or payment reference. */
  reference: string;
  /** The seller's country: the park's for parking, the wallet's for a top-up. */
  countryId: number;
  /** The park whose clock the receipt is on; null: the country's clock (a top-up, an order). */
  parkId: number | null;
  issuedAt: Date;
  currency: string;
  decimals: number;
  body: ReceiptBody;
  /**
   * What the move took from the wallet (positive), or minus what it gave back (a credit note): the
   * body must sum to it exactly.
   */
  expectedMinor: number;
  /** A credit note: the receipt it reverses (receiptIdOf). */
  reversesId?: number | null;
  /**
   * A company's move (decision 030): the company is the buyer (its name, address, tax id and
   * billing e-mail), `userId` the member who acted.
   */
  buyerCompanyId?: number | null;
}

/**
 * A credit note's body that gives back `amountMinor` of `reversal` (the body that would give
 * everything back, its amounts negative): each line and tax its share in proportion, split by the
 * pricing core's `allocate` so the parts sum to the amount exactly; a tax's base in the same share.
 */
export function partOfReversal(reversal: ReceiptBody, amountMinor: number): ReceiptBody {
  const parts = [...reversal.lines.map((l) => -l.amountMinor), ...reversal.taxes.map((t) => -t.amountMinor)];
  const shares = allocate(amountMinor, parts);
  const lines = reversal.lines.map((l, i) => ({ ...l, amountMinor: -shares[i]! }));
  const taxes = reversal.taxes.map((t, i) => {
    const share = shares[reversal.lines.length + i]!;
    const whole = -t.amountMinor;
    const base = whole === 0 ? 0 : Math.floor((-t.baseMinor * share) / whole);
    return { ...t, amountMinor: -share, baseMinor: base === 0 ? 0 : -base };
  });
  return {
    lines: lines.filter((l) => l.amountMinor !== 0),
    taxes: taxes.filter((t) => t.amountMinor !== 0),
  };
}

/** What a body gives back (its amounts are negative): a positive number of minor units. */
export const givenBackBy = (body: ReceiptBody): number =>
  -(body.lines.reduce((a, l) => a + l.amountMinor, 0) + body.taxes.reduce((a, t) => a + t.amountMinor, 0));
