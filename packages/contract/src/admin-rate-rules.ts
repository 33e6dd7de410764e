import { z } from "zod";
import { IsoDateSchema } from "./admin";
import { idParam, money } from "./common";
import {
  minutesOfTime,
  RATE_RULE_DATES_MAX,
  RATE_RULE_PERCENT_MAX,
  RATE_RULE_PERCENT_MIN,
} from "./rate-rules";

/**
 * A park's busy-time rules as the back office edits them (docs/decisions/059-demand-pricing.md):
 * the whole rule is sent to create or edit one. Amounts (floor, ceiling) are in major units of the
 * park's currency, as the rates' editor writes them.
 */
const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const TIME_TEXT = "Use a time as HH:MM (00:00 to 24:00)";
export const RATE_RULE_TIMES_TEXT = "Give both times, from and to, or neither";
export const RATE_RULE_SAME_TIMES_TEXT = "The times must differ";
export const RATE_RULE_CONDITION_TEXT = "Choose at least one condition: days, times, dates or occupancy";
export const RATE_RULE_FLOOR_TEXT = "The floor cannot be above the ceiling";
/** RATE_RULE_PERCENT_MIN and _MAX in words. */
export const RATE_RULE_PERCENT_TEXT = "Enter a whole percentage from -90 to 300, not 0";

const time = z.string({ error: TIME_TEXT }).regex(TIME, { error: TIME_TEXT }).nullish();

export const AdminRateRuleBodySchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, { error: "Name is required" })
      .max(60, { error: "Name must be at most 60 characters" }),
    adjustment_percent: z
      .number({ error: RATE_RULE_PERCENT_TEXT })
      .int({ error: RATE_RULE_PERCENT_TEXT })
      .min(RATE_RULE_PERCENT_MIN, { error: RATE_RULE_PERCENT_TEXT })
      .max(RATE_RULE_PERCENT_MAX, { error: RATE_RULE_PERCENT_TEXT })
      .refine((n) => n !== 0, { error: RATE_RULE_PERCENT_TEXT }),
    /** Weekdays on the park's clock, Monday = 0; empty or absent: every day. */
    days: z
      .array(
        z
          .number({ error: "Days are 0 (Monday) to 6 (Sunday)" })
          .int({ error: "Days are 0 (Monday) to 6 (Sunday)" })
          .min(0, { error: "Days are 0 (Monday) to 6 (Sunday)" })
          .max(6, { error: "Days are 0 (Monday) to 6 (Sunday)" }),
      )
      .max(7, { error: "Days are 0 (Monday) to 6 (Sunday)" })
      .nullish(),
    /** The window's start time of day on the park's clock, in [from, to); `to` not after `from` runs past midnight. */
    from_time: time,
    to_time: time,
    /** The window's start date on the park's clock (event days); empty or absent: any date. */
    dates: z.array(IsoDateSchema).max(RATE_RULE_DATES_MAX, { error: "Too many dates" }).nullish(),
    /** Applies when more than this percent of the vehicle type's spaces are held in the window. */
    occupancy_above_percent: z
      .number({ error: "Enter a whole percentage from 0 to 99" })
      .int({ error: "Enter a whole percentage from 0 to 99" })
      .min(0, { error: "Enter a whole percentage from 0 to 99" })
      .max(99, { error: "Enter a whole percentage from 0 to 99" })
      .nullish(),
    /** The window's parking after the rule is at least this much, and at most `ceiling` (major units). */
    floor: money().nullish(),
    ceiling: money().nullish(),
    active: z.boolean({ error: "Choose active or inactive" }).default(true),
  })
  .superRefine((r, ctx) => {
    if ((r.from_time == null) !== (r.to_time == null)) {
      ctx.addIssue({
        code: "custom",
        path: [r.from_time == null ? "from_time" : "to_time"],
        message: RATE_RULE_TIMES_TEXT,
        params: { key: "validation.ruleTimes" },
      });
    } else if (r.from_time != null && minutesOfTime(r.from_time) === minutesOfTime(r.to_time!)) {
      ctx.addIssue({
        code: "custom",
        path: ["to_time"],
        message: RATE_RULE_SAME_TIMES_TEXT,
        params: { key: "validation.ruleSameTimes" },
      });
    }
    if (!r.days?.length && r.from_time == null && !r.dates?.length && r.occupancy_above_percent == null) {
      ctx.addIssue({
        code: "custom",
        path: ["days"],
        message: RATE_RULE_CONDITION_TEXT,
        params: { key: "validation.ruleCondition" },
      });
    }
    if (r.floor != null && r.ceiling != null && r.floor > r.ceiling) {
      ctx.addIssue({
        code: "custom",
        path: ["floor"],
        message: RATE_RULE_FLOOR_TEXT,
        params: { key: "validation.ruleFloor" },
      });
    }
  });
export type AdminRateRuleBody = z.input<typeof AdminRateRuleBodySchema>;
export type AdminRateRuleParsed = z.output<typeof AdminRateRuleBodySchema>;

export const AdminRateRuleParamsSchema = z.object({ id: idParam("id"), rule: idParam("rule") });

export const AdminRateRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  adjustment_percent: z.number().int(),
  days: z.array(z.number().int()),
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  dates: z.array(z.string()),
  occupancy_above_percent: z.number().int().nullable(),
  /** Major units of the park's currency; null: none. */
  floor: z.number().nullable(),
  ceiling: z.number().nullable(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type AdminRateRule = z.infer<typeof AdminRateRuleSchema>;

/** A park's busy-time rules, oldest first, with the currency their floors and ceilings are in. */
export const AdminRateRulesSchema = z
  .object({
    park_id: z.number().int(),
    currency: z.string().length(3),
    /** How many digits an amount may have after the point. */
    decimals: z.number().int(),
    /** The park's clock: the rules' days, times and dates are read on it. */
    time_zone: z.string(),
    items: z.array(AdminRateRuleSchema),
  })
  .meta({ id: "AdminRateRules" });
export type AdminRateRules = z.infer<typeof AdminRateRulesSchema>;
