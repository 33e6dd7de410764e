/**
 * What a company pays for (docs/decisions/030-business-accounts.md, "Paying with a company"): the
 * countries and park types, the weekly hours on the park's clock, extensions, marketplace orders,
 * monthly passes, vehicle-document requests, and its limits per currency (major units). Null lists
 * and hours mean "any"; an empty list is refused (it would pay for nothing): "any" is null, never [].
 */
import { z } from "zod";
import { PLAN_MAX_WINDOWS, PlanWindowSchema } from "./admin-plans";
import { PARK_TYPES } from "./park-values";

const COUNTRY_TEXT = "Give countries as their two-letter codes";
const TYPE_TEXT = `Choose park types among: ${PARK_TYPES.join(", ")}`;
const CURRENCY_TEXT = "Give a currency as its three-letter code";
const LIMIT_TEXT = "Enter a limit more than 0, or leave it empty";
const NO_COUNTRY_TEXT = "Give at least one country, or none for any country";
const NO_TYPE_TEXT = "Choose at least one park type, or none for any type";
const NO_WINDOW_TEXT = "Give at least one window, or none for any time";

const limit = z
  .number({ error: LIMIT_TEXT })
  .positive({ error: LIMIT_TEXT })
  .max(100_000_000, { error: "This amount is too large" })
  .nullable();

export const CompanyLimitSchema = z.object({
  currency: z
    .string({ error: CURRENCY_TEXT })
    .regex(/^[A-Za-z]{3}$/, { error: CURRENCY_TEXT })
    .transform((c) => c.toUpperCase()),
  per_booking: limit,
  per_member_month: limit,
});

export const CompanyPolicyBodySchema = z.object({
  countries: z
    .array(
      z
        .string({ error: COUNTRY_TEXT })
        .regex(/^[A-Za-z]{2}$/, { error: COUNTRY_TEXT })
        .transform((c) => c.toUpperCase()),
      { error: COUNTRY_TEXT },
    )
    .min(1, { error: NO_COUNTRY_TEXT })
    .nullable(),
  park_types: z
    .array(z.enum(PARK_TYPES, { error: TYPE_TEXT }), { error: TYPE_TEXT })
    .min(1, { error: NO_TYPE_TEXT })
    .nullable(),
  /** At most as many windows as a monthly plan's (three a day). */
  hours: z
    .array(PlanWindowSchema, { error: "Give the hours as a list of windows" })
    .min(1, { error: NO_WINDOW_TEXT })
    .max(PLAN_MAX_WINDOWS, { error: `The hours have at most ${PLAN_MAX_WINDOWS} windows` })
    .nullable(),
  extensions_allowed: z.boolean({ error: "extensions_allowed must be true or false" }),
  marketplace_allowed: z.boolean({ error: "marketplace_allowed must be true or false" }),
  /** Monthly passes and vehicle-document requests; absent: unchanged (false on a new policy). */
  passes_allowed: z.boolean({ error: "passes_allowed must be true or false" }).optional(),
  vehicle_docs_allowed: z.boolean({ error: "vehicle_docs_allowed must be true or false" }).optional(),
  limits: z.array(CompanyLimitSchema, { error: "Give the limits as a list" }),
});
export type CompanyPolicyBody = z.input<typeof CompanyPolicyBodySchema>;

export const CompanyPolicySchema = z.object({
  company_id: z.number().int(),
  countries: z.array(z.string()).nullable(),
  park_types: z.array(z.string()).nullable(),
  hours: z.array(PlanWindowSchema).nullable(),
  extensions_allowed: z.boolean(),
  marketplace_allowed: z.boolean(),
  passes_allowed: z.boolean(),
  vehicle_docs_allowed: z.boolean(),
  limits: z.array(
    z.object({
      currency: z.string(),
      per_booking: z.number().nullable(),
      per_member_month: z.number().nullable(),
    }),
  ),
  /** Whether the reader may change it (owners and admins). */
  editable: z.boolean(),
});
export type CompanyPolicy = z.infer<typeof CompanyPolicySchema>;
