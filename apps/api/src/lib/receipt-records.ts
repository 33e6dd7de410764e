/**
 * What a receipt keeps, as the `receipts` table stores it (jsonb) and features/receipts writes and
 * reads it: plain shapes in signed integer minor units, so the schema imports no feature.
 * Labels are not stored: a line keeps its kind and the names it is about, and is worded in the
 * reader's language when shown (features/receipts/receipts.present.ts).
 */
import type { ChargerConnector, ReceiptLineKind, WeekHours } from "@parkwell/contract";

/** The seller (Parkwell's company in the country) or the buyer, as they were when the receipt was issued. */
/** A tax registration a seller prints: the program ("GST/HST", "QST") and its number. */
export interface TaxRegistration {
  name: string;
  number: string;
}

export interface ReceiptParty {
  name: string;
  /** The buyer's company, when they gave one for receipts (or a business purchase). */
  companyName?: string | null;
  address?: string | null;
  taxId?: string | null;
  /** The seller's registrations when it has several (billing_entities.tax_ids); then they are its tax ID. */
  taxIds?: TaxRegistration[] | null;
  email?: string | null;
}

export interface ReceiptLineRecord {
  kind: ReceiptLineKind;
  /** Before tax; negative for a discount and on a credit note. */
  amountMinor: number;
  /** What the line is about, as named when sold: a park, an item, a plan (proper names, not translated). */
  subject?: string | null;
  /** The period it covers (ISO instants), shown on the receipt's clock. */
  from?: string | null;
  to?: string | null;
  quantity?: number | null;
  /** A plate, a vehicle type, a booking code: short details printed under the line. */
  detail?: string | null;
  /**
   * A pickup park's opening hours when sold (Monday first, null for a closed day; null when open
   * 24 hours), worded in the reader's language after the detail.
   */
  openingHours?: WeekHours;
  /**
   * An EV charger line's group as it was when sold: worded (connector, power) in the reader's
   * language. `sold`: its charging was sold with the booking (a per-hour group, decision 048), the
   * line's amount; absent, the charging is paid at the charger and the line has no amount.
   */
  charger?: { connector: ChargerConnector; powerKw: number; sold?: true };
}

export interface ReceiptTaxRecord {
  /** As the fee data names it: VAT, GST, TVA, Sales tax. */
  name: string;
  rateBps: number;
  /** The amount the rate applies to. */
  baseMinor: number;
  amountMinor: number;
}
