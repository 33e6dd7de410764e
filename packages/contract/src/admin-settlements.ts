/**
 * Operators' settlement statements in the back office (issue #65, decision 056): the closed
 * statements (list, one with its lines, CSV, PDF) and the open period's running figures. Parkwell's
 * admins see every operator's, a branch manager its own operator's. Amounts are in major units of
 * the statement's currency; times are ISO instants, shown on the statement's clock (`time_zone`).
 */
import { z } from "zod";
import { AdminPageQuerySchema, IsoDateSchema } from "./admin";
import { idParam, pageOf } from "./common";
import { COMMISSION_PRODUCTS, OPERATOR_LINE_KINDS, SETTLEMENT_PERIODS } from "./settlement-values";

const CURRENCY_TEXT = "currency must be a three-letter code such as NGN";
const CurrencySchema = z
  .string({ error: CURRENCY_TEXT })
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: CURRENCY_TEXT })
  .transform((c) => c.toUpperCase());

export const AdminSettlementListQuerySchema = AdminPageQuerySchema.extend({
  operator_id: idParam("operator_id").optional(),
  currency: CurrencySchema.optional(),
  /** The statements whose period starts on or after this day / on or before it, on their own clock. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  error: "The first day must be on or before the last",
  path: ["to"],
});
export type AdminSettlementListQuery = z.input<typeof AdminSettlementListQuerySchema>;

export const AdminSettlementIdParamsSchema = z.object({ id: idParam("id") });

export const AdminSettlementLinesQuerySchema = AdminPageQuerySchema.extend({
  size: AdminPageQuerySchema.shape.size.default(100),
});

export const AdminSettlementFileQuerySchema = z.object({
  lang: z.enum(["en", "fr"], { error: "lang must be en or fr" }).optional(),
});

export const AdminSettlementCurrentQuerySchema = z.object({
  /** The operator (admins; a branch manager's is its own, and another one is not found). */
  operator_id: idParam("operator_id").optional(),
  currency: CurrencySchema.optional(),
});

/** A statement's figures: opening + sales + refunds - collected - commission + adjustments + payouts = closing. */
const Totals = z.object({
  opening: z.number(),
  /** Parking sold (gross), drive-up sales at the gate included. */
  sales: z.number(),
  /** Parking refunded (gross, negative). */
  refunds: z.number(),
  /** Drive-up sales the operator collected at its gate: its own money, counted, not owed. */
  collected: z.number(),
  /** Parkwell's commission, net of what refunds gave back. */
  commission: z.number(),
  adjustments: z.number(),
  /** Payouts sent (negative) and returned (positive). */
  payouts: z.number(),
  closing: z.number(),
});

const Period = z.object({
  operator: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  period: z.enum(SETTLEMENT_PERIODS),
  period_start: z.string(),
  period_end: z.string(),
  /** The operator's country's clock the period is on. */
  time_zone: z.string(),
});

export const AdminSettlementSchema = Period.extend(Totals.shape)
  .extend({
    id: z.number().int(),
    closed_at: z.string(),
    /** When the statement was e-mailed to the operator's branch managers; null: it had none. */
    mailed_at: z.string().nullable(),
  })
  .meta({ id: "AdminSettlement" });
export type AdminSettlement = z.infer<typeof AdminSettlementSchema>;

export const AdminSettlementListSchema = pageOf(AdminSettlementSchema).meta({ id: "AdminSettlementList" });
export type AdminSettlementList = z.infer<typeof AdminSettlementListSchema>;

/** One move on the operator's account: a sale or refund with its park, product and receipt, an adjustment, a payout. */
export const AdminSettlementLineSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(OPERATOR_LINE_KINDS),
    occurred_at: z.string(),
    park: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    product: z.enum(COMMISSION_PRODUCTS).nullable(),
    /** A booking, pass or sale code; a payout's number. */
    reference: z.string().nullable(),
    /** The receipt or credit note that documents a sale or refund. */
    receipt_number: z.string().nullable(),
    gross: z.number(),
    /** Parkwell's commission rate, in percent (15 is 15 %); null for an adjustment or a payout. */
    commission_rate: z.number().nullable(),
    commission: z.number(),
    /** What the line did to the operator's balance. */
    share: z.number(),
    note: z.string().nullable(),
  })
  .meta({ id: "AdminSettlementLine" });
export type AdminSettlementLine = z.infer<typeof AdminSettlementLineSchema>;

export const AdminSettlementDetailSchema = z
  .object({
    statement: AdminSettlementSchema,
    lines: pageOf(AdminSettlementLineSchema),
  })
  .meta({ id: "AdminSettlementDetail" });
export type AdminSettlementDetail = z.infer<typeof AdminSettlementDetailSchema>;

/** How many of the open period's newest lines its running figures list. */
export const CURRENT_LINES_MAX = 100;

/** The open period's running figures: what the next statement will say so far, today's sales included. */
export const AdminSettlementCurrentSchema = Period.extend(Totals.shape)
  .extend({
    /** Until the period closes, lines still come in; `closing` is the balance now. */
    as_of: z.string(),
    /** How many lines the period has so far; `lines` are the newest of them (at most CURRENT_LINES_MAX). */
    line_count: z.number().int(),
    lines: z.array(AdminSettlementLineSchema),
  })
  .meta({ id: "AdminSettlementCurrent" });
export type AdminSettlementCurrent = z.infer<typeof AdminSettlementCurrentSchema>;

export const AdminSettlementCurrentListSchema = z
  .object({ items: z.array(AdminSettlementCurrentSchema) })
  .meta({ id: "AdminSettlementCurrentList" });
export type AdminSettlementCurrentList = z.infer<typeof AdminSettlementCurrentListSchema>;

/** The operators a statement filter offers (admins: every operator; a branch manager: its own). */
export const AdminSettlementOperatorsSchema = z
  .object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: "AdminSettlementOperators" });
