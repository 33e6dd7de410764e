/**
 * The plan form's values (strings, as the fields hold them), the hours presets a plan offers, and
 * the body they make for POST /admin/plans or PATCH /admin/plans/{id} (the contract's schemas
 * check it).
 */
import {
  type AdminPlanCreateSchema,
  type AdminPlanPatchSchema,
  type AdminPlan,
  type AdminPlanCreate,
  type PlanAllocationConflict,
} from "@parkwell/contract";
import type { z } from "zod";
import {
  presetOf,
  presetWindows,
  windowsOf,
  windowValues,
  type HoursPreset,
  type WeeklyHoursValues,
} from "../../../components/weekly-hours/weekly-hours-values";
import { ApiError } from "../../../lib/api";
import type { SchemaForm } from "../../../lib/use-schema-form";
import { formatAmountInput, parseNumber } from "../../../lib/format";

/** The hours a plan offers: always some windows (never "any time"). */
export const PLAN_PRESETS = [
  "always",
  "weekdays",
  "nights_weekends",
  "custom",
] as const satisfies HoursPreset[];

export interface PriceValues {
  vehicle_type_id: number;
  /** "" when the plan takes no vehicles of this type. */
  monthly_price: string;
}
export interface PlanValues extends WeeklyHoursValues {
  park_id: string;
  name: { en: string; fr: string };
  prices: PriceValues[];
  allocation: string;
  space_mode: string;
  min_term_months: string;
  discount_3m_percent: string;
  discount_12m_percent: string;
  status: string;
}

/** A price row per vehicle type the park takes, prefilled from the plan's prices. */
export function priceRows(
  types: { id: number }[],
  prices: AdminPlan["prices"],
  language: string,
): PriceValues[] {
  const ids = [...new Set([...types.map((v) => v.id), ...prices.map((p) => p.vehicle_type_id)])];
  return ids.map((id) => {
    const p = prices.find((x) => x.vehicle_type_id === id);
    return { vehicle_type_id: id, monthly_price: p ? formatAmountInput(p.monthly_price, language) : "" };
  });
}

export function valuesOf(
  plan: AdminPlan | undefined,
  parkId: string,
  types: { id: number }[],
  language: string,
): PlanValues {
  const windows = plan?.windows ?? presetWindows("weekdays");
  const pct = (n: number) => formatAmountInput(n, language);
  return {
    park_id: plan ? String(plan.park.id) : parkId,
    name: { en: plan?.name.en ?? "", fr: plan?.name.fr ?? "" },
    preset: presetOf(windows, PLAN_PRESETS),
    windows: windowValues(windows),
    prices: priceRows(types, plan?.prices ?? [], language),
    allocation: plan ? String(plan.allocation) : "",
    space_mode: plan?.space_mode ?? "any",
    min_term_months: String(plan?.min_term_months ?? 1),
    discount_3m_percent: pct(plan?.discount_3m_percent ?? 0),
    discount_12m_percent: pct(plan?.discount_12m_percent ?? 0),
    status: plan?.status ?? "draft",
  };
}

/** The price rows the plan sends: those given a price. */
export const offered = (v: Pick<PlanValues, "prices">) =>
  v.prices.filter((p) => p.monthly_price.trim() !== "");

/** The body of a new plan (POST) or of an edit (PATCH: every field, the park aside). */
export function inputOf(
  v: PlanValues,
  language: string,
  isNew: boolean,
): AdminPlanCreate | Omit<AdminPlanCreate, "park_id"> {
  const num = (s: string) => (s.trim() === "" ? Number.NaN : parseNumber(s.trim(), language));
  const body = {
    name: { en: v.name.en, fr: v.name.fr },
    windows: windowsOf(v.windows),
    prices: offered(v).map((p) => ({
      vehicle_type_id: p.vehicle_type_id,
      monthly_price: num(p.monthly_price),
    })),
    allocation: num(v.allocation),
    space_mode: v.space_mode as AdminPlanCreate["space_mode"],
    min_term_months: Number(v.min_term_months) as 1 | 3 | 12,
    discount_3m_percent: num(v.discount_3m_percent),
    discount_12m_percent: num(v.discount_12m_percent),
    status: v.status as "draft" | "on_sale",
  };
  return isNew ? { park_id: num(v.park_id), ...body } : body;
}

/**
 * The form's field a problem at a path of the body shows at: a price's index in the body counts
 * only the rows given a price, so it is turned back into the row's index in the form.
 */
export function fieldOf(path: readonly PropertyKey[], v: PlanValues): string {
  const [head, index, ...rest] = path.map(String);
  if (head === "prices" && index !== undefined && /^\d+$/.test(index)) {
    const row = offered(v)[Number(index)];
    const at = row ? v.prices.indexOf(row) : -1;
    return at >= 0 ? ["prices", at, ...(rest.length > 0 ? rest : ["monthly_price"])].join(".") : "prices";
  }
  return path.map(String).join(".");
}

/** The passes a refused allocation must leave room for (409 allocation_below_sold). */
export const allocationConflictOf = (err: unknown): PlanAllocationConflict | null =>
  err instanceof ApiError &&
  err.code === "allocation_below_sold" &&
  Array.isArray((err.body as { passes?: unknown })?.passes)
    ? (err.body as PlanAllocationConflict)
    : null;

/** The plan form (useSchemaForm over PlanValues; its output a new plan's body or an edit's). */
export type PlanForm = SchemaForm<
  PlanValues,
  z.output<typeof AdminPlanCreateSchema> | z.output<typeof AdminPlanPatchSchema>
>;
