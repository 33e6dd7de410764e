/**
 * The back office's monthly plans (docs/PRODUCT-RULES.md#monthly-passes): a park's plans, their
 * weekly hours on the park's clock, monthly prices per vehicle type, allocation and terms.
 */
import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { AdminPageQuerySchema } from "./admin";
import { AMOUNT_MAX, idNumber, idParam, pageOf } from "./common";
import { CLOCK_TIME } from "./plan-hours";

export const PLAN_STATUSES = ["draft", "on_sale", "closed"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_SPACE_MODES = ["any", "named"] as const;
export const PLAN_TERMS = [1, 3, 12] as const;
/** The most weekly windows a plan has (three a day). */
export const PLAN_MAX_WINDOWS = 21;
/** The most passes one plan may sell. */
export const PLAN_MAX_ALLOCATION = 10_000;
/** The largest discount for a longer term, in percent. */
export const PLAN_MAX_DISCOUNT_PERCENT = 50;

const TIME_TEXT = "Enter a time as HH:MM, from 00:00 to 24:00";
const WEEKDAY_TEXT = "A weekday is 1 (Monday) to 7 (Sunday)";
const WINDOW_TEXT = "A window's end must differ from its start";

export const PlanWindowSchema = z
  .object({
    /** ISO weekday of the window's start: 1 Monday … 7 Sunday. */
    weekday: z
      .number({ error: WEEKDAY_TEXT })
      .int({ error: WEEKDAY_TEXT })
      .min(1, { error: WEEKDAY_TEXT })
      .max(7, { error: WEEKDAY_TEXT }),
    start: z
      .string({ error: TIME_TEXT })
      .regex(CLOCK_TIME, { error: TIME_TEXT })
      .refine((t) => t !== "24:00", { error: "A window cannot start at 24:00" }),
    /** At or before the start: the window runs past midnight into the next day. */
    end: z
      .string({ error: TIME_TEXT })
      .regex(CLOCK_TIME, { error: TIME_TEXT })
      .refine((t) => t !== "00:00", { error: "Write midnight at the end of a day as 24:00" }),
  })
  .refine((w) => w.start !== w.end, { error: WINDOW_TEXT, path: ["end"] });
export type PlanWindow = z.infer<typeof PlanWindowSchema>;

const PRICE_TEXT = "Enter a monthly price more than 0";
const name = z
  .string({ error: REQUIRED_TEXT })
  .trim()
  .min(1, { error: REQUIRED_TEXT })
  .max(80, { error: "Must be at most 80 characters" });
const discount = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(PLAN_MAX_DISCOUNT_PERCENT, { error: message })
    .refine((p) => Number.isInteger(p * 100), { error: "A discount has at most two decimals" });
const ALLOCATION_TEXT = `The allocation is a whole number of passes, 1 to ${PLAN_MAX_ALLOCATION}`;

const PlanFieldsShape = {
  name: z.object({ en: name, fr: name }, { error: "Give the name as { en, fr }" }),
  windows: z
    .array(PlanWindowSchema, { error: "Give the plan's hours as a list of windows" })
    .min(1, { error: "Choose the hours the plan covers" })
    .max(PLAN_MAX_WINDOWS, { error: `A plan has at most ${PLAN_MAX_WINDOWS} windows` }),
  prices: z
    .array(
      z.object({
        vehicle_type_id: idNumber("vehicle_type_id", "Choose a vehicle type"),
        monthly_price: z
          .number({ error: PRICE_TEXT })
          .positive({ error: PRICE_TEXT })
          .max(AMOUNT_MAX, { error: "This amount is too large" }),
      }),
      { error: "Give the monthly prices as a list" },
    )
    .min(1, { error: "Set a monthly price for at least one vehicle type" })
    .max(20, { error: "Too many prices" })
    .refine((p) => new Set(p.map((x) => x.vehicle_type_id)).size === p.length, {
      error: "Each vehicle type has one monthly price",
    }),
  allocation: z
    .number({ error: ALLOCATION_TEXT })
    .int({ error: ALLOCATION_TEXT })
    .min(1, { error: ALLOCATION_TEXT })
    .max(PLAN_MAX_ALLOCATION, { error: ALLOCATION_TEXT }),
  space_mode: z.enum(PLAN_SPACE_MODES, { error: "A pass holds any space or a named space" }),
  min_term_months: z.union([z.literal(1), z.literal(3), z.literal(12)], {
    error: "The minimum term is 1, 3 or 12 months",
  }),
  discount_3m_percent: discount("The 3-month discount is a percentage from 0 to 50"),
  discount_12m_percent: discount("The 12-month discount is a percentage from 0 to 50"),
};

export const AdminPlanCreateSchema = z.object({
  park_id: idNumber("park_id", "Choose a park"),
  ...PlanFieldsShape,
  space_mode: PlanFieldsShape.space_mode.default("any"),
  min_term_months: PlanFieldsShape.min_term_months.default(1),
  discount_3m_percent: PlanFieldsShape.discount_3m_percent.default(0),
  discount_12m_percent: PlanFieldsShape.discount_12m_percent.default(0),
  /** A plan starts as a draft (sold to nobody) or straight on sale. */
  status: z.enum(["draft", "on_sale"], { error: "A new plan is a draft or on sale" }).default("draft"),
});
export type AdminPlanCreate = z.input<typeof AdminPlanCreateSchema>;
export type AdminPlanCreateParsed = z.output<typeof AdminPlanCreateSchema>;

/** A partial edit: only the fields sent change; `windows` and `prices` replace the whole list. */
export const AdminPlanPatchSchema = z.object({
  name: PlanFieldsShape.name.optional(),
  windows: PlanFieldsShape.windows.optional(),
  prices: PlanFieldsShape.prices.optional(),
  allocation: PlanFieldsShape.allocation.optional(),
  space_mode: PlanFieldsShape.space_mode.optional(),
  min_term_months: PlanFieldsShape.min_term_months.optional(),
  discount_3m_percent: PlanFieldsShape.discount_3m_percent.optional(),
  discount_12m_percent: PlanFieldsShape.discount_12m_percent.optional(),
  status: z.enum(PLAN_STATUSES, { error: `status must be one of ${PLAN_STATUSES.join(", ")}` }).optional(),
});
export type AdminPlanPatch = z.input<typeof AdminPlanPatchSchema>;
export type AdminPlanPatchParsed = z.output<typeof AdminPlanPatchSchema>;

export const AdminPlanSchema = z
  .object({
    id: z.number().int(),
    park: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
    name: z.object({ en: z.string(), fr: z.string() }),
    status: z.enum(PLAN_STATUSES),
    /** In weekday and start order, on the park's clock. */
    windows: z.array(PlanWindowSchema),
    currency: z.string(),
    prices: z.array(
      z.object({ vehicle_type_id: z.number().int(), vehicle_type: z.string(), monthly_price: z.number() }),
    ),
    allocation: z.number().int(),
    /** Passes active or in grace now: what the allocation may not go below. */
    sold: z.number().int(),
    space_mode: z.enum(PLAN_SPACE_MODES),
    min_term_months: z.number().int(),
    discount_3m_percent: z.number(),
    discount_12m_percent: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminPlan" });
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const AdminPlanListQuerySchema = AdminPageQuerySchema.extend({
  park_id: idParam("park_id").optional(),
  status: z
    .enum(PLAN_STATUSES, { error: `status must be one of ${PLAN_STATUSES.join(", ")}` })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type AdminPlanListQuery = z.infer<typeof AdminPlanListQuerySchema>;

export const AdminPlanListSchema = pageOf(AdminPlanSchema).meta({ id: "AdminPlanList" });
export type AdminPlanList = z.infer<typeof AdminPlanListSchema>;

export const PlanIdParamsSchema = z.object({ id: idParam("id") });

/** 409: the allocation may not go below the passes valid now. */
export const PLAN_ALLOCATION_BELOW_SOLD_MESSAGE = "This plan has more passes valid now than that allocation";
/**
 * A plan whose prices were set in another currency than its park's now (the park moved country
 * while the plan was closed): it is neither reopened nor sold until its prices are entered again.
 */
export const planCurrencyChangedMessage = (prices: string, park: string) =>
  `This plan's prices are in ${prices} and its park now charges in ${park}: enter its prices again`;

/** 409: the hours of a plan with passes do not move under their holders. */
export const PLAN_HOURS_SOLD_MESSAGE =
  "Passes are sold on these hours: close this plan and create another for other hours";
