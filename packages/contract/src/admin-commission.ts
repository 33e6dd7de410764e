/**
 * The back office's commission (issue #65, decision 056): Parkwell's rates per operator and per
 * country as data, effective from an instant, never rewritten; an operator's statement period. The
 * rules are in docs/PRODUCT-RULES.md "Operators' money"; the plain values in settlement-values.ts.
 */
import { z } from "zod";
import { isIsoDate } from "./admin";
import { idParam } from "./common";
import {
  COMMISSION_BPS_MAX,
  COMMISSION_PRODUCTS,
  SETTLEMENT_PERIODS,
  type CommissionProduct,
} from "./settlement-values";

export const COMMISSION_PRODUCT_TEXT = `product must be one of ${COMMISSION_PRODUCTS.join(", ")}`;
// COMMISSION_BPS_MAX written out: the catalogue keys the sentence as it is sent.
export const COMMISSION_BPS_TEXT = "rate_bps must be a whole number from 0 to 10000";
export const EFFECTIVE_FROM_TEXT =
  "effective_from must be a date (YYYY-MM-DD) or a date and time with its offset";
export const SETTLEMENT_PERIOD_TEXT = `period must be one of ${SETTLEMENT_PERIODS.join(", ")}`;
/** A new rate's start that is already past: a sale keeps the rate it was made at. */
export const RATE_IN_PAST_TEXT = "A new rate takes effect from now on: changes never rewrite the past";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date (on the clock of the operator's or country's zone: from its midnight) or an instant with its offset. */
export function isEffectiveFrom(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isIsoDate(value);
  return INSTANT.test(value) && Number.isFinite(Date.parse(value)) && isIsoDate(value.slice(0, 10));
}

/** Where a rate in force comes from: the operator's own, its country's default, or Parkwell's default (no row). */
export const COMMISSION_SOURCES = ["operator", "country", "default"] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

export const CommissionOperatorParamsSchema = z.object({ id: idParam("id") });

const rateBps = z
  .number({ error: COMMISSION_BPS_TEXT })
  .int({ error: COMMISSION_BPS_TEXT })
  .min(0, { error: COMMISSION_BPS_TEXT })
  .max(COMMISSION_BPS_MAX, { error: COMMISSION_BPS_TEXT });

const RateShape = {
  rate_bps: rateBps,
  /** Null or absent: every product. */
  product: z.enum(COMMISSION_PRODUCTS, { error: COMMISSION_PRODUCT_TEXT }).nullish(),
  effective_from: z
    .string({ error: EFFECTIVE_FROM_TEXT })
    .trim()
    .max(40, { error: EFFECTIVE_FROM_TEXT })
    .refine(isEffectiveFrom, { error: EFFECTIVE_FROM_TEXT }),
};

/** A new rate of an operator's: a new row, from `effective_from` on (a date: from its midnight on the operator's country's clock). */
export const CommissionRateBodySchema = z.object(RateShape);
export type CommissionRateBody = z.input<typeof CommissionRateBodySchema>;

/** A new default of a country's (a date: from its midnight on the country's clock). */
export const CommissionDefaultBodySchema = z.object({
  country_code: z
    .string({ error: "country_code is required" })
    .trim()
    .regex(/^[A-Z]{2}$/, { error: "a country code is two capital letters" }),
  ...RateShape,
});
export type CommissionDefaultBody = z.input<typeof CommissionDefaultBodySchema>;

export const SettlementPeriodBodySchema = z.object({
  period: z.enum(SETTLEMENT_PERIODS, { error: SETTLEMENT_PERIOD_TEXT }),
});
export type SettlementPeriodBody = z.input<typeof SettlementPeriodBodySchema>;

const productOrAll = z.enum(COMMISSION_PRODUCTS).nullable();
const author = z.object({ id: z.string(), name: z.string() }).nullable();

/** A row of the rates' history: never changed once written. */
export const CommissionRateRowSchema = z.object({
  id: z.number().int(),
  /** Whose row: the operator's own or its country's default. */
  scope: z.enum(["operator", "country"]),
  product: productOrAll,
  rate_bps: z.number().int(),
  effective_from: z.string(),
  /** Not yet in force at the time of the answer. */
  upcoming: z.boolean(),
  created_at: z.string(),
  created_by: author,
});
export type CommissionRateRow = z.infer<typeof CommissionRateRowSchema>;

/** The rate in force now for a product, and the row it comes from. */
export const CommissionCurrentSchema = z.object({
  product: z.enum(COMMISSION_PRODUCTS),
  rate_bps: z.number().int(),
  source: z.enum(COMMISSION_SOURCES),
  /** Whether the row names this product (false: a row for every product). */
  product_specific: z.boolean(),
  /** Null for Parkwell's default (no row). */
  effective_from: z.string().nullable(),
});
export type CommissionCurrent = z.infer<typeof CommissionCurrentSchema>;

export const OperatorCommissionSchema = z
  .object({
    operator: z.object({
      id: z.number().int(),
      name: z.string(),
      /** Null until it has a park. */
      country_code: z.string().nullable(),
      /** Its country's clock (a date's midnight, its periods), UTC without a country. */
      time_zone: z.string(),
      settlement_period: z.enum(SETTLEMENT_PERIODS),
      /** A change of period waiting for the next period to start. */
      next_settlement_period: z.object({ period: z.enum(SETTLEMENT_PERIODS), from: z.string() }).nullable(),
    }),
    current: z.array(CommissionCurrentSchema),
    /** The operator's own rates and its country's defaults, newest first. */
    history: z.array(CommissionRateRowSchema),
  })
  .meta({ id: "OperatorCommission" });
export type OperatorCommission = z.infer<typeof OperatorCommissionSchema>;

/** Each served country's defaults: the rate in force now per product, and the history, newest first. */
export const CommissionDefaultsSchema = z
  .object({
    items: z.array(
      z.object({
        country_code: z.string(),
        country_name: z.string(),
        time_zone: z.string(),
        current: z.array(CommissionCurrentSchema),
        history: z.array(CommissionRateRowSchema),
      }),
    ),
  })
  .meta({ id: "CommissionDefaults" });
export type CommissionDefaults = z.infer<typeof CommissionDefaultsSchema>;

/** The operators an admin may pick (a branch manager: its own), with their country. */
export const CommissionOperatorsSchema = z
  .object({
    items: z.array(z.object({ id: z.number().int(), name: z.string(), country_code: z.string().nullable() })),
  })
  .meta({ id: "CommissionOperators" });
export type CommissionOperators = z.infer<typeof CommissionOperatorsSchema>;

export type { CommissionProduct };
