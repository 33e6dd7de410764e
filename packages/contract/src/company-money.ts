/**
 * A company's money and dashboard (docs/decisions/030-business-accounts.md): its wallet and
 * billing mode, what it spent this month, the bookings and receipts it paid, its monthly
 * statement. Amounts are in major units of their currency, as the personal wallet's.
 */
import { z } from "zod";
import { idParam, PageQuerySchema, pageOf } from "./common";
import { IsoDateSchema } from "./admin";
import { RECEIPT_KINDS } from "./receipts";

export const CompanyIdParamsSchema = z.object({ id: idParam("id") });

export const COMPANY_BILLING_MODES = ["wallet", "invoice"] as const;
export type CompanyBillingMode = (typeof COMPANY_BILLING_MODES)[number];

export const CompanyWalletSchema = z
  .object({
    company_id: z.number().int(),
    name: z.string(),
    billing: z.enum(COMPANY_BILLING_MODES),
    /** The home currency: of the credit limit, of invoice mode, of top-ups. */
    currency: z.string(),
    /** The company's home country's clock: its months. */
    time_zone: z.string(),
    verified: z.boolean(),
    disabled: z.boolean(),
    credit_limit: z.number(),
    balances: z.array(
      z.object({
        currency: z.string(),
        balance: z.number(),
        /** What may still be spent: the balance, plus the credit limit in invoice mode (home currency). */
        available: z.number(),
      }),
    ),
  })
  .meta({ id: "CompanyWallet" });
export type CompanyWallet = z.infer<typeof CompanyWalletSchema>;

export const CompanyBillingBodySchema = z.object({
  billing: z.enum(COMPANY_BILLING_MODES, { error: "billing must be wallet or invoice" }),
});

export const CompanyTopUpParamsSchema = z.object({
  id: idParam("id"),
  reference: z.string().trim().min(1).max(200),
});

const MONTH_TEXT = "Use a month as YYYY-MM";
export const IsoMonthSchema = z
  .string({ error: MONTH_TEXT })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_TEXT });

export const CompanySpendQuerySchema = z.object({ month: IsoMonthSchema.optional() });

const Amount = z.object({ currency: z.string(), amount: z.number() });

export const CompanySpendSchema = z
  .object({
    month: z.string(),
    time_zone: z.string(),
    /** Net spend per currency (purchases minus refunds; top-ups are not spend). */
    totals: z.array(Amount),
    members: z.array(
      Amount.extend({
        member_id: z.number().int(),
        name: z.string(),
        email: z.string(),
        cost_centre: z.string(),
        /** Whether the member was removed since. */
        removed: z.boolean(),
      }),
    ),
    cost_centres: z.array(Amount.extend({ cost_centre: z.string() })),
  })
  .meta({ id: "CompanySpend" });
export type CompanySpend = z.infer<typeof CompanySpendSchema>;

export const COMPANY_BOOKING_STATUSES = ["active", "completed", "cancelled"] as const;

export const CompanyBookingsQuerySchema = PageQuerySchema.extend({
  member_id: idParam("member_id").optional(),
  park_id: idParam("park_id").optional(),
  status: z
    .enum(COMPANY_BOOKING_STATUSES, { error: "status must be active, completed or cancelled" })
    .optional(),
  /** First and last day (inclusive) of the bookings' start, on the company's clock. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  error: "The first day must be on or before the last",
  path: ["to"],
});
export type CompanyBookingsQuery = z.input<typeof CompanyBookingsQuerySchema>;
export type CompanyBookingsFilter = z.output<typeof CompanyBookingsQuerySchema>;

export const CompanyBookingSchema = z.object({
  booking_id: z.string(),
  booking_code: z.string(),
  park_id: z.number().int(),
  park_name: z.string(),
  /** The park's clock: the booking's times. */
  time_zone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.string(),
  member_id: z.number().int().nullable(),
  member_name: z.string(),
  cost_centre: z.string(),
  currency: z.string(),
  /** What the company paid for it, net of refunds, extensions included. */
  paid: z.number(),
});
export type CompanyBooking = z.infer<typeof CompanyBookingSchema>;
export const CompanyBookingPageSchema = pageOf(CompanyBookingSchema).meta({ id: "CompanyBookingPage" });

export const CompanyReceiptsQuerySchema = PageQuerySchema.extend({ month: IsoMonthSchema.optional() });

export const CompanyReceiptSchema = z.object({
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  issued_at: z.string(),
  time_zone: z.string(),
  reference: z.string(),
  currency: z.string(),
  total: z.number(),
  /** The company_charges row's kind: booking, extension, renewal, overstay, order, refund or topup. */
  charge_kind: z.string(),
  member_name: z.string(),
  cost_centre: z.string(),
});
export type CompanyReceipt = z.infer<typeof CompanyReceiptSchema>;
export const CompanyReceiptPageSchema = pageOf(CompanyReceiptSchema).meta({ id: "CompanyReceiptPage" });

export const CompanyStatementParamsSchema = z.object({
  id: idParam("id"),
  month: IsoMonthSchema,
});
/**
 * The company's account over a statement's month, per currency, from the ledger: the balance at
 * the month's start on its home clock, what came in (top-ups, refunds) and went out (purchases),
 * and the balance at its end (opening + money_in - money_out = closing). Major units.
 */
export const CompanyStatementBalanceSchema = z.object({
  currency: z.string(),
  opening: z.number(),
  money_in: z.number(),
  money_out: z.number(),
  closing: z.number(),
});
export const CompanyStatementSummarySchema = z
  .object({
    month: z.string(),
    time_zone: z.string(),
    balances: z.array(CompanyStatementBalanceSchema),
  })
  .meta({ id: "CompanyStatementSummary" });
export type CompanyStatementSummary = z.infer<typeof CompanyStatementSummarySchema>;

export const CompanyStatementQuerySchema = z.object({
  lang: z.enum(["en", "fr"], { error: "lang must be en or fr" }).optional(),
});
