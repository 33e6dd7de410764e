import { z } from "zod";
import { AdminPageQuerySchema, IsoDateSchema, isIsoDate } from "./admin";
import { idParam } from "./common";
import { OPERATOR_LEDGER_KINDS } from "./settlement-values";
import { LEDGER_KINDS } from "./wallet";

/**
 * The back office's dashboard and reports (docs/PRODUCT-RULES.md "Back-office dashboard and
 * reports"). Money is in major units of the row's currency; a figure is never summed across
 * currencies: totals come per currency.
 */
export const REPORT_KINDS = [
  "sales",
  "bookings",
  "occupancy",
  "transactions",
  "credit-balance",
  "payouts",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The `status` filter each report accepts (none: the report has no status). */
export const REPORT_STATUSES: Record<ReportKind, readonly string[]> = {
  sales: ["active", "completed", "cancelled", "closed", "paid"],
  bookings: ["active", "completed", "cancelled"],
  occupancy: [],
  // The ledger's every kind: the wallets' and the operators' accounts' (decision 056).
  transactions: [...LEDGER_KINDS, ...OPERATOR_LEDGER_KINDS],
  "credit-balance": [],
  payouts: [],
};

/** The longest date range a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

export const RANGE_ORDER_TEXT = "The start date must be on or before the end date";
export const RANGE_SPAN_TEXT = "The range may cover at most 366 days";

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dateParam = IsoDateSchema.optional();

export const ReportQuerySchema = AdminPageQuerySchema.extend({
  from: dateParam,
  to: dateParam,
  park_id: idParam("park_id").optional(),
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/, { error: "Unknown status" })
    .optional(),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
}).superRefine((q, ctx) => {
  if (q.from && q.to && isIsoDate(q.from) && isIsoDate(q.to)) {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: RANGE_ORDER_TEXT });
    else if (daysInRange(q.from, q.to) > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_TEXT });
    }
  }
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const DashboardQuerySchema = z.object({
  park_id: idParam("park_id").optional(),
});

const money = z.number();

/** A report's page: the list envelope, the range it covers, and totals per currency where useful. */
function reportOf<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  id: string,
  extra?: E,
) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
      pages: z.number().int(),
      from: z.string(),
      to: z.string(),
      totals: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
      ...(extra as E),
    })
    .meta({ id });
}

export const SalesRowSchema = z.object({
  /**
   * online: a booking; pos: a drive-up sale; monthly: a monthly pass's term (its sale or a
   * renewal); vehicle_docs: a vehicle document request (Nigeria), listed only for staff who see
   * every park, without a park or status filter.
   */
  channel: z.enum(["online", "pos", "monthly", "vehicle_docs"]),
  id: z.string(),
  code: z.string(),
  /** Null for a vehicle document request delivered to an address (its pickup park otherwise). */
  park_id: z.number().int().nullable(),
  park: z.string().nullable(),
  /** The park's IANA zone (a vehicle document request's: its country's): its times are shown on its clock. */
  time_zone: z.string(),
  status: z.string(),
  time: z.string(),
  currency: z.string(),
  /**
   * The parts of the sale, each net of its refunds, from its receipts and credit notes (a drive-up
   * sale: its amount): net = operator_share + commission + fees + discount + vat, to the minor unit.
   * The space sold (parking, a pass's term, an overstay).
   */
  parking: money,
  /** Everything else before tax: Parkwell's service and booking fees, charging sold with a booking, a document request's fees and delivery. */
  fees: money,
  /** A coupon's discount (negative or 0): Parkwell's, never taken from the operator's share. */
  discount: money,
  vat: money,
  /** What the park's operator earns of the space sold (its account's lines; a drive-up: the amount less the commission it owes). */
  operator_share: money,
  /** Parkwell's part of the space sold: the commission (all of it at a park Parkwell runs). */
  commission: money,
  /**
   * Of the parking, what busy-time rules added (decision 059; negative for a discount): a window
   * booking's parking as charged and extended over the normal rates'. Part of `parking`, not beside it.
   */
  busy_time: money,
  /** Charged (the sale and its extensions, renewals, overstays). */
  total: money,
  refunds: money,
  net: money,
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const BookingsRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  park_id: z.number().int(),
  park: z.string(),
  /** The park's IANA zone: its times are shown on its clock. */
  time_zone: z.string(),
  /** The type's id, by which a page names it in its language ("Voiture"); `vehicle_type` is the data's name. */
  vehicle_type_id: z.number().int(),
  vehicle_type: z.string(),
  plate_number: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  currency: z.string(),
  total: money,
  paid: money,
});
export type BookingsRow = z.infer<typeof BookingsRowSchema>;

export const OccupancyRowSchema = z.object({
  park_id: z.number().int(),
  park: z.string(),
  /** The park's IANA zone: its times are shown on its clock. */
  time_zone: z.string(),
  hour: z.string(),
  held: z.number().int(),
  capacity: z.number().int(),
  percent: z.number(),
});
export type OccupancyRow = z.infer<typeof OccupancyRowSchema>;

export const TransactionsRowSchema = z.object({
  entry_id: z.number().int(),
  transaction_id: z.string(),
  kind: z.string(),
  reference: z.string().nullable(),
  account: z.string(),
  amount: money,
  currency: z.string(),
  time: z.string(),
});
export type TransactionsRow = z.infer<typeof TransactionsRowSchema>;

export const CreditBalanceRowSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  currency: z.string(),
  balance: money,
});
export type CreditBalanceRow = z.infer<typeof CreditBalanceRowSchema>;

export const SalesReportSchema = reportOf(SalesRowSchema, "SalesReport");
/**
 * Per park, the range's bookings (by their start, the report's filters) that held one of its EV
 * chargers, cancelled ones left out, the hours of charger they reserved (their windows' length),
 * and the charging sold with them (groups priced per hour, decision 048) in the park's currency;
 * charging priced per kWh is paid at the charger, not through Parkwell, and counts nothing here.
 */
export const ChargerUseSchema = z.object({
  park_id: z.number().int(),
  park: z.string(),
  bookings: z.number().int(),
  charger_hours: z.number(),
  /** The charging sold with these bookings (per hour), in `currency`: 0 when all were per kWh. */
  charging_revenue: z.number(),
  currency: z.string().length(3),
});
export type ChargerUse = z.infer<typeof ChargerUseSchema>;
/**
 * An operator's money in one currency (issue #65): what it is owed now (its account's balance, the
 * sum of its shards), what its statements closed in the range left to pay, and its payouts in the
 * range by what became of them. Its country's clock reads the range's days.
 */
export const PayoutsRowSchema = z.object({
  operator_id: z.number().int(),
  operator: z.string(),
  /** The operator's country (null until it has a park) and its clock. */
  country_code: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  /** Its account's balance now (negative: refunds after a payout, carried to the next period). */
  balance: money,
  /** The closing balances of its statements closed in the range that no payout has paid or is paying. */
  owed: money,
  /** Payouts the provider paid in the range. */
  paid: money,
  /** Payouts sent, not yet settled. */
  in_transit: money,
  /** What an admin's hold on the operator's payouts keeps from it: its balance (its reason beside it); 0 otherwise. */
  held: money,
  held_reason: z.string().nullable(),
  /** Payouts that failed or were reversed in the range (their amounts went back to the balance). */
  failed: money,
});
export type PayoutsRow = z.infer<typeof PayoutsRowSchema>;

export const BookingsReportSchema = reportOf(BookingsRowSchema, "BookingsReport", {
  chargers: z.array(ChargerUseSchema),
});
export type BookingsReport = z.infer<typeof BookingsReportSchema>;
export const OccupancyReportSchema = reportOf(OccupancyRowSchema, "OccupancyReport");
export const TransactionsReportSchema = reportOf(TransactionsRowSchema, "TransactionsReport");
export const CreditBalanceReportSchema = reportOf(CreditBalanceRowSchema, "CreditBalanceReport");
export const PayoutsReportSchema = reportOf(PayoutsRowSchema, "PayoutsReport");

export interface ReportRows {
  sales: SalesRow;
  bookings: BookingsRow;
  occupancy: OccupancyRow;
  transactions: TransactionsRow;
  "credit-balance": CreditBalanceRow;
  payouts: PayoutsRow;
}
export type ReportPage<K extends ReportKind> = {
  items: ReportRows[K][];
  total: number;
  page: number;
  size: number;
  pages: number;
  from: string;
  to: string;
  totals: Record<string, string | number>[];
} & (K extends "bookings" ? { chargers: ChargerUse[] } : unknown);

export const DashboardSchema = z
  .object({
    /** The instant the figures were taken at. */
    now: z.string(),
    /** Each park's day and week are its own time zone's (docs/PRODUCT-RULES.md). */
    bookings_today: z.number().int(),
    arrivals_today: z.number().int(),
    arrivals_checked_in: z.number().int(),
    occupancy_now: z.object({ held: z.number().int(), capacity: z.number().int(), percent: z.number() }),
    /** Parks in the scope; `parks` holds the busiest of them (at most 12) for the chart. */
    parks_total: z.number().int(),
    parks: z.array(
      z.object({
        park_id: z.number().int(),
        park: z.string(),
        /** The park's IANA zone: its times are shown on its clock. */
        time_zone: z.string(),
        capacity: z.number().int(),
        /** 24 points: this hour, then each of the next 23, spaces held during the hour. */
        hours: z.array(z.object({ hour: z.string(), held: z.number().int() })),
      }),
    ),
    revenue: z.array(
      z.object({
        currency: z.string(),
        this_week: money,
        /** The same span of last week (Monday 00:00 to this time a week ago). */
        last_week: money,
        /** Change in %, null when last week had nothing. */
        change_percent: z.number().nullable(),
      }),
    ),
    top_parks: z.array(
      z.object({ park_id: z.number().int(), park: z.string(), currency: z.string(), revenue: money }),
    ),
    /** Monthly passes valid now (active or in grace) in the scope. */
    passes_active: z.number().int(),
    /**
     * Monthly recurring revenue per currency: what the passes that will renew (active or in grace,
     * not cancelled at their term's end) bring each month, their monthly price less their term's
     * discount, before fees and tax.
     */
    monthly_recurring: z.array(z.object({ currency: z.string(), amount: money })),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboard = z.infer<typeof DashboardSchema>;
