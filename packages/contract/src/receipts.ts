import { z } from "zod";
import { PageQuerySchema, pageOf } from "./common";
import { namingEvery, type PurchaseReceiptKind } from "./purchase-kinds";

/**
 * Receipts and credit notes (GET /receipts, /receipts/{number}, /receipts/{number}.pdf). Every
 * purchase from the wallet, and every top-up, has one receipt; a refund has a credit note that
 * names the receipt it reverses. Amounts are in major units, signed (a credit note's are negative).
 */

/** The receipts' kinds that belong to no one purchase: a top-up's, and a refund's credit note. */
export const NON_PURCHASE_RECEIPT_KINDS = ["topup", "credit_note"] as const;
type NonPurchaseReceiptKind = (typeof NON_PURCHASE_RECEIPT_KINDS)[number];

/**
 * Every kind of receipt (`receipts.kind`, whose CHECK is built from this list): the purchase
 * kinds' `receiptKinds` (PURCHASE_KIND_FACTS) and the kinds of no purchase, in the API schema's
 * and the CHECK's order: a kind's receipt kind missing here does not compile.
 */
export const RECEIPT_KINDS = namingEvery<PurchaseReceiptKind | NonPurchaseReceiptKind>()([
  "booking",
  "event_booking",
  "extension",
  "window_change",
  "renewal",
  "overstay",
  "pass",
  "order",
  "topup",
  "vehicle_docs",
  "credit_note",
]);
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** What a receipt's line is for. */
export const RECEIPT_LINE_KINDS = [
  "parking",
  "service_fee",
  "booking_fee",
  "discount",
  "item",
  "delivery",
  "pass",
  "overstay",
  "topup",
  "government_fee",
  "insurance_premium",
  /** Where a vehicle document request's papers are collected: the park, its address and hours (no amount). */
  "pickup",
  /**
   * The EV charger a booking holds (connector and power): no amount when the charging is paid at
   * the charger (a per-kWh group); the charging sold with the booking when its group is priced per
   * hour (decision 048).
   */
  "charger",
] as const;
export type ReceiptLineKind = (typeof RECEIPT_LINE_KINDS)[number];
/**
 * The lines that sell nothing: named on the receipt without an amount (`amount` null). An EV
 * charger line whose charging was sold with the booking (per hour) has its amount.
 */
export const UNPRICED_RECEIPT_LINES: readonly ReceiptLineKind[] = ["pickup", "charger"];

/** `NG-2026-000123`: the country, the year, six digits (more past 999,999) from the country's one counter for that year. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z]{2}-\d{4}-\d{6,9}$/;
export const RECEIPT_NOT_FOUND_MESSAGE = "Receipt not found";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date as YYYY-MM-DD" })
  // A day of the calendar: JavaScript reads 2026-02-30 as 2 March, PostgreSQL refuses it.
  .refine(
    (d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    },
    { error: "Use a date as YYYY-MM-DD" },
  );

export const ReceiptListQuerySchema = PageQuerySchema.extend({
  /** First and last day (inclusive) on the receipt's own clock. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  kind: z.enum(RECEIPT_KINDS, { error: `kind must be one of ${RECEIPT_KINDS.join(", ")}` }).optional(),
  /** A booking, order or pass code, or a payment reference: the receipts of that purchase. */
  reference: z.string().trim().min(1).max(64).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  error: "The first day must be on or before the last",
  path: ["to"],
});
export type ReceiptListQuery = z.input<typeof ReceiptListQuerySchema>;

export const ReceiptNumberParamsSchema = z.object({
  number: z.string().trim().toUpperCase().regex(RECEIPT_NUMBER_PATTERN, { error: RECEIPT_NOT_FOUND_MESSAGE }),
});

/** GET /receipts/{number}.pdf: the PDF's language, when not the request's (Accept-Language). */
export const ReceiptPdfQuerySchema = z.object({
  lang: z.enum(["en", "fr"], { error: "lang must be en or fr" }).optional(),
});

export const ReceiptPartySchema = z.object({
  name: z.string(),
  company_name: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
});
export type ReceiptParty = z.infer<typeof ReceiptPartySchema>;

export const ReceiptLineSchema = z.object({
  kind: z.enum(RECEIPT_LINE_KINDS),
  /** Worded in the request's language: "Parking", "Service fee", "Discount (WELCOME10)"… */
  label: z.string(),
  subject: z.string().nullable(),
  /** The period covered, ISO instants; shown on the receipt's clock (`time_zone`). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  quantity: z.number().int().nullable(),
  detail: z.string().nullable(),
  /**
   * Null for a line that sells nothing (UNPRICED_RECEIPT_LINES: a pickup park, an EV charger held
   * whose charging is paid at the charger).
   */
  amount: z.number().nullable(),
});
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

export const ReceiptTaxSchema = z.object({
  name: z.string(),
  /** Percent: 7.5 for 7.5%. */
  rate: z.number(),
  base: z.number(),
  amount: z.number(),
});
export type ReceiptTax = z.infer<typeof ReceiptTaxSchema>;

export const ReceiptSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  issued_at: z.string(),
  /** The IANA zone the receipt's times are on: the park's, or the country's for a top-up. */
  time_zone: z.string(),
  reference: z.string(),
  subject: z.string().nullable(),
  currency: z.string(),
  decimals: z.number().int(),
  total: z.number(),
  /** The receipt a credit note reverses. */
  reverses: z.string().nullable(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummarySchema>;

export const ReceiptSchema = ReceiptSummarySchema.extend({
  seller: ReceiptPartySchema,
  buyer: ReceiptPartySchema,
  lines: z.array(ReceiptLineSchema),
  taxes: z.array(ReceiptTaxSchema),
  subtotal: z.number(),
  tax_total: z.number(),
  /** Credit notes issued against this receipt, oldest first. */
  credit_notes: z.array(z.string()),
  pdf_url: z.string(),
}).meta({ id: "Receipt" });
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptPageSchema = pageOf(ReceiptSummarySchema).meta({ id: "ReceiptPage" });
