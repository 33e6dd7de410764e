/** The back office's marketplace reports: Sales and Items. */
import { z } from "zod";
import { AdminPageQuerySchema, IsoDateSchema, isIsoDate } from "./admin";
import { countryFilter, orderStage } from "./admin-market-fields";
import { daysInRange, RANGE_ORDER_TEXT, RANGE_SPAN_TEXT, REPORT_MAX_DAYS } from "./admin-reports";
import { idParam } from "./common";
import { ITEM_KINDS, ORDER_STAGES } from "./market-values";

// ---------------------------------------------------------------------------------------------
// Reports

export const MARKET_REPORT_KINDS = ["market-sales", "market-items"] as const;
export type MarketReportKind = (typeof MARKET_REPORT_KINDS)[number];
export const SALES_REPORT_GROUPS = ["day", "order"] as const;

function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from && q.to && isIsoDate(q.from) && isIsoDate(q.to)) {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: RANGE_ORDER_TEXT });
    else if (daysInRange(q.from, q.to) > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_TEXT });
    }
  }
}

/** Days are the order's country's own days; the range defaults to the last 30 days. */
export const MarketSalesReportQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  stage: orderStage.optional().or(z.literal("").transform(() => undefined)),
  group: z.enum(SALES_REPORT_GROUPS, { error: "group must be day or order" }).default("day"),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
}).superRefine(checkRange);
export type MarketSalesReportQuery = z.infer<typeof MarketSalesReportQuerySchema>;

export const MarketItemsReportQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  category_id: idParam("category_id").optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
}).superRefine(checkRange);
export type MarketItemsReportQuery = z.infer<typeof MarketItemsReportQuerySchema>;

const money = z.number();

/** A row per day and currency (group=day) or per order (group=order); amounts in major units. */
export const MarketSalesRowSchema = z.object({
  /** The day (YYYY-MM-DD) or the order's code. */
  key: z.string(),
  day: z.string(),
  order_code: z.string().nullable(),
  stage: z.enum(ORDER_STAGES).nullable(),
  country_code: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  subtotal: money,
  discounts: money,
  delivery: money,
  tax: money,
  total: money,
  refunded: money,
  net: money,
});
export type MarketSalesRow = z.infer<typeof MarketSalesRowSchema>;

export const MarketItemsRowSchema = z.object({
  item_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  name: z.string(),
  variation_name: z.string().nullable(),
  category: z.string(),
  kind: z.enum(ITEM_KINDS),
  country_code: z.string(),
  currency: z.string(),
  units_sold: z.number().int(),
  units_returned: z.number().int(),
  /**
   * What the lines sold for (after offers and coupon shares, tax shares on), less the returned
   * units' share; cancelled and rejected orders are left out of every figure.
   */
  revenue: money,
});
export type MarketItemsRow = z.infer<typeof MarketItemsRowSchema>;

function marketReportOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
      pages: z.number().int(),
      from: z.string(),
      to: z.string(),
      /** Sums per currency over the whole filtered range. */
      totals: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    })
    .meta({ id });
}
export const MarketSalesReportSchema = marketReportOf(MarketSalesRowSchema, "MarketSalesReport");
export type MarketSalesReport = z.infer<typeof MarketSalesReportSchema>;
export const MarketItemsReportSchema = marketReportOf(MarketItemsRowSchema, "MarketItemsReport");
export type MarketItemsReport = z.infer<typeof MarketItemsReportSchema>;
