/**
 * Monthly passes (docs/PRODUCT-RULES.md#monthly-passes): a driver buys a pass on a park's plan from
 * the wallet; it holds a space in the plan's hours and renews each term.
 */
import { z } from "zod";
import { IsoDateSchema } from "./admin";
import { PLAN_SPACE_MODES, PlanWindowSchema } from "./admin-plans";
import { idNumber, idParam, pageOf, PageQuerySchema } from "./common";
import { CouponCodeSchema, CouponVerdictSchema } from "./coupons";
import { PriceBreakdownSchema, queryNumber } from "./parks";
import { PlateSchema } from "./vehicles";
import { WalletLinksSchema } from "./bookings";

export const PLAN_HOURS_FILTERS = ["all_day", "weekdays", "nights_weekends"] as const;
export const PASS_STATUSES = ["active", "grace", "ended"] as const;
/** How far ahead a pass may start, in days from today on the park's clock. */
export const PASS_START_MAX_DAYS = 30;
/** The most plates on one pass (one of them in the park at a time). */
export const PASS_MAX_PLATES = 2;

const TERM_TEXT = "The term is 1, 3 or 12 months";

const platesList = z
  .array(PlateSchema, { error: "Give the pass's plate numbers as a list" })
  .min(1, { error: "Type the plate number of the car the pass is for" })
  .max(PASS_MAX_PLATES, { error: `A pass takes at most ${PASS_MAX_PLATES} plate numbers` })
  .refine((p) => new Set(p).size === p.length, { error: "The same plate number is there twice" });

export const PassCreateSchema = z.object({
  plan_id: idNumber("plan_id", "Choose a plan"),
  vehicle_type_id: idNumber("vehicle_type_id", "Choose a vehicle type"),
  plates: platesList,
  /** The first day, on the park's calendar: today or up to PASS_START_MAX_DAYS days ahead. */
  start_date: IsoDateSchema,
  term_months: z.union([z.literal(1), z.literal(3), z.literal(12)], { error: TERM_TEXT }).default(1),
  /** Pay with this company (an active membership of the driver's); personal wallet when absent. */
  company_id: idNumber("company_id").nullish(),
  /** A coupon code for the first term: off its parking; refused with the reason when it does not apply. */
  coupon_code: CouponCodeSchema,
});
export type PassCreate = z.input<typeof PassCreateSchema>;
export type PassCreateParsed = z.output<typeof PassCreateSchema>;

/** The pass's plates, replaced at once: a plate left out is no longer let in. */
export const PassVehiclesSchema = z.object({ plates: platesList });
export type PassVehicles = z.input<typeof PassVehiclesSchema>;

/** Money with its fee and VAT lines, as a pass's term is charged. */
const PassMoneySchema = z.object({
  amount: z.number(),
  currency: z.string(),
  breakdown: PriceBreakdownSchema,
});

/** One term charged to the wallet (pass_charges). */
export const PassChargeSchema = PassMoneySchema.extend({
  /** The term's number, 1 for the first. */
  period: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  charged_at: z.string(),
}).meta({ id: "PassCharge" });
export type PassCharge = z.infer<typeof PassChargeSchema>;

export const PassSchema = z
  .object({
    id: z.string(),
    pass_code: z.string(),
    status: z.enum(PASS_STATUSES),
    /** Why an ended pass ended. */
    ended_reason: z.enum(["cancelled", "lapsed"]).nullable(),
    plan: z.object({
      id: z.number().int(),
      name: z.object({ en: z.string(), fr: z.string() }),
      windows: z.array(PlanWindowSchema),
    }),
    park: z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      address: z.string(),
      time_zone: z.string(),
    }),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    plates: z.array(z.string()),
    /** The marked space of a plan with named spaces, once the park gave one; else null. */
    space_label: z.string().nullable(),
    starts_at: z.string(),
    /** The end of the period paid for. */
    paid_until: z.string(),
    /** When the next term is charged; null once cancelled or ended. */
    renews_at: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    term_months: z.number().int(),
    currency: z.string(),
    /** The plan's monthly price when the pass was bought, before fees. */
    monthly_price: z.number(),
    created_at: z.string(),
    /** The signed token the gate reads (claims: the pass code and its park); null once ended. */
    qr: z.string().nullable(),
    /**
     * When a cancel would take effect: the end of the paid term (in grace, now: the term paid is
     * over); null once cancelled or ended (then the pass ends at paid_until, or has ended).
     */
    cancel_effective_at: z.string().nullable(),
    /**
     * The next renewal while the pass renews (null once cancelled or ended): its term and what it
     * will cost with the fees, at the plan's price now, as the renewal computes it. In grace, the
     * renewal that failed.
     */
    next_charge: PassMoneySchema.extend({ period_start: z.string(), period_end: z.string() }).nullable(),
    /** In grace only: when the pass lapses unless the wallet pays the renewal, and what it lacks. */
    grace: z.object({ lapses_at: z.string(), missing: z.number() }).nullable(),
    /**
     * The company that paid the pass's last term, and is asked for the next (within its policy);
     * null: the driver's wallet pays. In grace with a company: it refused the renewal, and the
     * driver may pay it from their own wallet (POST /passes/{code}/renew).
     */
    paid_by_company: z.string().nullable(),
  })
  .meta({ id: "Pass" });
export type Pass = z.infer<typeof PassSchema>;

/** A new pass and what its first term cost. */
export const PassPurchaseSchema = PassSchema.extend({
  charged: z.object({ amount: z.number(), currency: z.string(), breakdown: PriceBreakdownSchema }),
  wallet_balance: z.number(),
}).meta({ id: "PassPurchase" });
export type PassPurchase = z.infer<typeof PassPurchaseSchema>;

/**
 * One pass as its page shows it: the pass and the terms charged, newest first. The list (PassList)
 * leaves the charges out: they grow by a term each renewal and the list shows none.
 */
/** A pass's page: the pass with its charges and its wallet passes. */
export const PassDetailSchema = PassSchema.extend({
  charges: z.array(PassChargeSchema),
  wallet: WalletLinksSchema,
}).meta({ id: "PassDetail" });
export type PassDetail = z.infer<typeof PassDetailSchema>;

export const PassListQuerySchema = PageQuerySchema;
export const PassListSchema = pageOf(PassSchema).meta({ id: "PassList" });
export type PassList = z.infer<typeof PassListSchema>;

export const PassCodeParamsSchema = z.object({
  code: z.string({ error: "code is required" }).trim().toUpperCase().max(20, { error: "Pass not found" }),
});

export const PASS_SOLD_OUT_MESSAGE = "This plan has no passes left";
export const PASS_FULL_MESSAGE = "This park has no space free in the plan's hours from that day";
export const PASS_NOT_ON_SALE_MESSAGE = "This plan is not on sale";

/** The plans on sale: near a point, in a country, or matching a park, city or plan name. */
export const PlanListQuerySchema = PageQuerySchema.extend({
  /** Only this park's plans (the park page's "Monthly parking" section). */
  park_id: idParam("park_id").optional(),
  /** A served country's code ("NG") or name. */
  country: z.string({ error: "country must be a single value" }).trim().max(60).optional(),
  search: z
    .string({ error: "search must be a single value" })
    .transform((s) => s.slice(0, 100))
    .optional(),
  lat: queryNumber("lat", -90, 90),
  lng: queryNumber("lng", -180, 180),
  vehicle_type_id: idParam("vehicle_type_id").optional(),
  /** Only plans whose monthly price for the vehicle type (or any) is at most this, in the country's currency. */
  max_price: queryNumber("max_price", 0, 1_000_000_000),
  /** all_day: plans covering every hour of the week; weekdays: some hours on Monday to Friday; nights_weekends: some at night or on the weekend. */
  hours: z
    .enum(PLAN_HOURS_FILTERS, { error: `hours must be one of ${PLAN_HOURS_FILTERS.join(", ")}` })
    .optional(),
}).refine((q) => (q.lat === undefined) === (q.lng === undefined), {
  error: "Give both lat and lng, or neither",
  path: ["lng"],
});
export type PlanListQuery = z.infer<typeof PlanListQuerySchema>;

export const PublicPlanSchema = z
  .object({
    id: z.number().int(),
    name: z.object({ en: z.string(), fr: z.string() }),
    park: z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      address: z.string(),
      city: z.string(),
      lat: z.number(),
      lng: z.number(),
      time_zone: z.string(),
    }),
    windows: z.array(PlanWindowSchema),
    /** Hours covered in a week, of 168. */
    hours_per_week: z.number(),
    currency: z.string(),
    prices: z.array(
      z.object({ vehicle_type_id: z.number().int(), vehicle_type: z.string(), monthly_price: z.number() }),
    ),
    min_term_months: z.number().int(),
    discount_3m_percent: z.number(),
    discount_12m_percent: z.number(),
    space_mode: z.enum(PLAN_SPACE_MODES),
    /** Passes still for sale (the allocation less the passes valid now). */
    passes_left: z.number().int(),
    /** Metres from the point searched; null without one. */
    distance_m: z.number().nullable(),
  })
  .meta({ id: "PublicPlan" });
export type PublicPlan = z.infer<typeof PublicPlanSchema>;

export const PlanListSchema = pageOf(PublicPlanSchema).meta({ id: "PlanList" });
export type PlanList = z.infer<typeof PlanListSchema>;

/** The checkout's question: what the first term of a pass on the plan would cost and cover. */
export const PlanQuoteQuerySchema = z.object({
  vehicle_type_id: idParam("vehicle_type_id"),
  /** The first day, on the park's calendar, as the sale takes it. */
  start_date: IsoDateSchema,
  term_months: z
    .enum(["1", "3", "12"], { error: TERM_TEXT })
    .optional()
    .transform((v) => Number(v ?? "1") as 1 | 3 | 12),
  coupon_code: CouponCodeSchema,
});
export type PlanQuoteQuery = z.output<typeof PlanQuoteQuerySchema>;

/**
 * The first term's price, computed by the sale's own function: what POST /passes would charge
 * for the same plan, vehicle type, start day and term at this moment.
 */
export const PlanQuoteSchema = z
  .object({
    plan_id: z.number().int(),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    term_months: z.number().int(),
    start_date: z.string(),
    /** When the pass would start holding its space (the day's midnight on the park's clock, or now for today). */
    starts_at: z.string(),
    /** The end of the first term: it renews then. */
    paid_until: z.string(),
    currency: z.string(),
    monthly_price: z.number(),
    /** The monthly price times the months, before the term's discount. */
    price_before_discount: z.number(),
    /** The plan's discount for this term, in percent (0 for one month). */
    discount_percent: z.number(),
    /** The discount's amount, taken off before the fees. */
    discount: z.number(),
    breakdown: PriceBreakdownSchema,
    total: z.number(),
    /** The coupon code asked for: applied with its discount (in the breakdown), or the sentence why not. */
    coupon: CouponVerdictSchema,
    /**
     * The park's closure days in the first term on which the pass's windows run (with a window
     * still to come), each with its share of the total: it comes back to whoever pays within a
     * minute of the purchase, by credit note. Empty when the term meets no closure.
     */
    closed_days: z.array(z.object({ date: z.string(), refund: z.number() })),
  })
  .meta({ id: "PlanQuote" });
export type PlanQuote = z.infer<typeof PlanQuoteSchema>;
