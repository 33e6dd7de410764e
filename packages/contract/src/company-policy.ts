/**
 * What a company pays for (docs/decisions/030-business-accounts.md, "Paying with a company"): the
 * countries and park types, the weekly hours on the park's clock, the kinds of purchase its
 * switches turn on (`COMPANY_PAY_SWITCHES`), and its limits per currency (major units). Null lists
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

/**
 * The policy's switches: each turns on or off the kinds of purchase (the purchase engine's kinds a
 * company may pay, besides a booking, which needs none) it governs. The one list a new switch is
 * added to: the API's field `<name>_allowed`, the domain's rule and refusal, and the web page's
 * checkbox follow from it; a policy stores the names of its switches that are on (decision 030).
 * `default`: the switch of a company that never saved a policy. `required`: the PUT body must give
 * it (the first two, which every client has always sent); a later switch is optional, absent
 * meaning unchanged (its default on a first policy), so a client that does not know it does not
 * turn it off. A new switch is off for a policy saved before it, whatever its default.
 */
export const COMPANY_PAY_SWITCHES = [
  // A change of a booking's window (decision 063) is paid as an extension is.
  { name: "extensions", kinds: ["extension", "window_change", "renewal"], default: true, required: true },
  { name: "marketplace", kinds: ["order"], default: false, required: true },
  { name: "passes", kinds: ["pass"], default: false, required: false },
  { name: "vehicle_docs", kinds: ["vehicle_docs"], default: false, required: false },
] as const satisfies readonly {
  name: string;
  kinds: readonly string[];
  default: boolean;
  required: boolean;
}[];

type Switches = (typeof COMPANY_PAY_SWITCHES)[number];
export type CompanyPaySwitch = Switches["name"];
/** A switch's field in the API's bodies and answers. */
export type CompanyPaySwitchField = `${CompanyPaySwitch}_allowed`;
export const switchField = <N extends CompanyPaySwitch>(name: N): `${N}_allowed` => `${name}_allowed`;

/** The switches a company that never saved a policy has on. */
export const DEFAULT_PAY_SWITCHES: readonly CompanyPaySwitch[] = COMPANY_PAY_SWITCHES.filter(
  (s) => s.default,
).map((s) => s.name);

type RequiredSwitch = Extract<Switches, { required: true }>["name"];
type OptionalSwitch = Exclude<CompanyPaySwitch, RequiredSwitch>;
type BodySwitchShape = { [N in RequiredSwitch as `${N}_allowed`]: z.ZodBoolean } & {
  [N in OptionalSwitch as `${N}_allowed`]: z.ZodOptional<z.ZodBoolean>;
};
type AnswerSwitchShape = { [N in CompanyPaySwitch as `${N}_allowed`]: z.ZodBoolean };

const switchBoolean = (name: CompanyPaySwitch) =>
  z.boolean({ error: `${name}_allowed must be true or false` });
const bodySwitches = Object.fromEntries(
  COMPANY_PAY_SWITCHES.map((s) => [
    switchField(s.name),
    s.required ? switchBoolean(s.name) : switchBoolean(s.name).optional(),
  ]),
) as BodySwitchShape;
const answerSwitches = Object.fromEntries(
  COMPANY_PAY_SWITCHES.map((s) => [switchField(s.name), z.boolean()]),
) as AnswerSwitchShape;

/** The switches that are on in a body or an answer (a body's absent switch is not on). */
export function switchesOn(
  fields: Partial<Record<CompanyPaySwitchField, boolean | undefined>>,
): CompanyPaySwitch[] {
  return COMPANY_PAY_SWITCHES.filter((s) => fields[switchField(s.name)] === true).map((s) => s.name);
}

/**
 * The fields of a body that look like a switch's (`<name>_allowed`) but name none: the API refuses
 * them rather than drop them unseen, so a client never believes it set a switch the API lacks.
 */
export function unknownSwitchFields(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const known: readonly string[] = COMPANY_PAY_SWITCHES.map((s) => switchField(s.name));
  return Object.keys(body).filter((k) => k.endsWith("_allowed") && !known.includes(k));
}

/** Each switch's field, true when it is in `on`. */
export function switchFields(on: readonly string[]): Record<CompanyPaySwitchField, boolean> {
  return Object.fromEntries(
    COMPANY_PAY_SWITCHES.map((s) => [switchField(s.name), on.includes(s.name)]),
  ) as Record<CompanyPaySwitchField, boolean>;
}

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
  /** `<switch>_allowed` for each switch; an optional one absent: unchanged. */
  ...bodySwitches,
  limits: z.array(CompanyLimitSchema, { error: "Give the limits as a list" }),
});
export type CompanyPolicyBody = z.input<typeof CompanyPolicyBodySchema>;

export const CompanyPolicySchema = z.object({
  company_id: z.number().int(),
  countries: z.array(z.string()).nullable(),
  park_types: z.array(z.string()).nullable(),
  hours: z.array(PlanWindowSchema).nullable(),
  ...answerSwitches,
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
