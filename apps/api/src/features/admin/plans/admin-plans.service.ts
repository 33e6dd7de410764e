/**
 * The back office's monthly plans (docs/PRODUCT-RULES.md#monthly-passes, decision 028): list,
 * read, create and edit the plans of the parks in the caller's scope. Every change is one
 * transaction with its audit entry. A plan holds no space itself: its passes do, in the capacity
 * engine, so the checks here are the plan's own (its hours, prices, and an allocation neither above
 * the park's spaces nor below the passes valid now).
 */
import {
  minutesOfClock,
  overlappingWindows,
  PLAN_ALLOCATION_BELOW_SOLD_MESSAGE,
  PLAN_HOURS_SOLD_MESSAGE,
  planCurrencyChangedMessage,
  type AdminPlan,
  type AdminPlanCreateParsed,
  type AdminPlanList,
  type AdminPlanListQuery,
  type AdminPlanPatchParsed,
  type PlanWindow,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import { listPage } from "../../../lib/pagination";
import { servedCountries } from "../../reference/served-countries";
import { parkNotFound, requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { changed } from "../parks/admin-parks.domain";
import { presentPlan } from "./admin-plans.present";
import { hoursAndPrices } from "../../passes/plans.service";
import { validPassesOf } from "./admin-passes.repo";
import * as repo from "./admin-plans.repo";

export const planNotFound = () => AppError.notFound("Plan not found", "plan_not_found");

function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

type CountryFacts = {
  currency: string;
  currencyDecimals: number;
  /** The decimals of any served currency (a plan's prices may be in the park's old one). */
  decimalsOf: (currency: string) => number;
};

/** The plans with their hours, prices and passes valid now, as the back office shows them. */
async function show(
  db: Tx,
  rows: repo.PlanWithPark[],
  countryOf: (id: number) => CountryFacts,
): Promise<AdminPlan[]> {
  const ids = rows.map((r) => r.plan.id);
  const hours = await hoursAndPrices(db, ids);
  const sold = await repo.soldOf(db, ids);
  return rows.map((r) => {
    const country = countryOf(r.countryId);
    const planHours = hours.get(r.plan.id)!;
    // Shown in the currency they were set in (the park's, unless it moved country since).
    const currency = planHours.prices[0]?.currency ?? country.currency;
    return presentPlan(r, {
      ...planHours,
      sold: sold.get(r.plan.id) ?? 0,
      currency,
      decimals: country.decimalsOf(currency),
    });
  });
}

/** The served countries of these plans' parks, looked up before any transaction (they read the root handle). */
async function countriesOf(db: Db, rows: { countryId: number }[]): Promise<(id: number) => CountryFacts> {
  const served = servedCountries(db);
  const decimals = new Map((await served.list()).map((c) => [c.currency, c.currencyDecimals]));
  const decimalsOf = (currency: string) => {
    const found = decimals.get(currency);
    if (found === undefined) throw new Error(`unsupported currency ${currency}`);
    return found;
  };
  const byId = new Map<number, CountryFacts>();
  for (const r of rows) byId.set(r.countryId, { ...(await served.byId(r.countryId))!, decimalsOf });
  return (id) => byId.get(id)!;
}

export async function list(db: Db, access: StaffAccess, q: AdminPlanListQuery): Promise<AdminPlanList> {
  if (q.park_id !== undefined) await requireParkInScope(db, access, q.park_id);
  const { rows, total } = await repo.listPlans(db, {
    parkIds: access.parkIds,
    parkId: q.park_id,
    status: q.status,
    ...q,
  });
  return listPage(await show(db, rows, await countriesOf(db, rows)), total, q);
}

export async function get(db: Db, access: StaffAccess, id: number): Promise<AdminPlan> {
  const found = await repo.findPlan(db, id, access.parkIds);
  if (!found) throw planNotFound();
  return (await show(db, [found], await countriesOf(db, [found])))[0]!;
}

interface Fields {
  windows?: PlanWindow[] | undefined;
  prices?: { vehicle_type_id: number; monthly_price: number }[] | undefined;
  allocation?: number | undefined;
}

/**
 * The plan's own rules against its park: windows that never share a moment (a pass would hold two
 * spaces there), prices only for vehicle types the park has spaces for and in its currency's
 * decimals, and an allocation no larger than those spaces. Answers the prices in minor units.
 */
async function checkFields(
  db: Tx,
  country: { currency: string; currencyDecimals: number },
  park: repo.ParkFacts,
  input: Fields,
  pricedTypes: number[],
): Promise<{ vehicleTypeId: number; monthlyMinor: number }[] | undefined> {
  const fields: Record<string, string> = {};
  if (input.windows && overlappingWindows(input.windows)) {
    fields.windows = "Two of the plan's windows overlap: each moment of the week may be in one window only";
  }
  const names = await repo.vehicleTypeNames(db);
  input.prices?.forEach((p, i) => {
    if (!(park.capacities.get(p.vehicle_type_id) ?? 0)) {
      fields[`prices.${i}.vehicle_type_id`] = names.has(p.vehicle_type_id)
        ? `This park has no spaces for ${names.get(p.vehicle_type_id)}`
        : "Choose a vehicle type";
    }
    const wrong = decimalsRefusal(p.monthly_price, country.currency, country.currencyDecimals);
    if (wrong) fields[`prices.${i}.monthly_price`] = wrong;
  });
  if (input.allocation !== undefined) {
    const types = input.prices?.map((p) => p.vehicle_type_id) ?? pricedTypes;
    const spaces = types.reduce((n, t) => n + (park.capacities.get(t) ?? 0), 0);
    if (spaces > 0 && input.allocation > spaces) {
      fields.allocation = `The park has ${spaces} spaces for these vehicle types: the allocation cannot be more`;
    }
  }
  refuse(fields);
  return input.prices?.map((p) => ({
    vehicleTypeId: p.vehicle_type_id,
    monthlyMinor: toMinor(p.monthly_price, country.currencyDecimals),
  }));
}

const windowRows = (windows: PlanWindow[]) =>
  windows.map((w) => ({
    weekday: w.weekday,
    startMinute: minutesOfClock(w.start),
    endMinute: minutesOfClock(w.end),
  }));
const percentToBps = (p: number) => Math.round(p * 100);

/** The plan as the audit log keeps it: its fields, hours and prices. */
async function auditView(tx: Tx, found: repo.PlanWithPark, countryOf: (id: number) => CountryFacts) {
  const [shown] = await show(tx, [found], countryOf);
  const { sold: _sold, created_at: _c, updated_at: _u, ...rest } = shown!;
  return rest;
}

export async function create(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  input: AdminPlanCreateParsed,
  now: Date,
): Promise<AdminPlan> {
  await requireParkInScope(db, access, input.park_id);
  const park = await repo.parkFacts(db, input.park_id);
  if (!park) throw parkNotFound();
  const countryOf = await countriesOf(db, [park]);
  const prices = (await checkFields(db, countryOf(park.countryId), park, input, []))!;
  return db.transaction(async (tx) => {
    const id = await repo.insertPlan(tx, {
      parkId: input.park_id,
      name: input.name,
      status: input.status,
      allocation: input.allocation,
      spaceMode: input.space_mode,
      minTermMonths: input.min_term_months,
      discount3mBps: percentToBps(input.discount_3m_percent),
      discount12mBps: percentToBps(input.discount_12m_percent),
      createdBy: access.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceWindows(tx, id, windowRows(input.windows));
    await repo.replacePrices(tx, id, prices, countryOf(park.countryId).currency);
    const found = (await repo.findPlan(tx, id, null))!;
    await recordAudit(tx, actor, {
      action: "plan.create",
      entity: "plan",
      entityId: id,
      operatorId: park.operatorId,
      after: await auditView(tx, found, countryOf),
    });
    return (await show(tx, [found], countryOf))[0]!;
  });
}

export async function update(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  id: number,
  input: AdminPlanPatchParsed,
  now: Date,
): Promise<AdminPlan> {
  // The park's country (its currency) before the transaction: the served countries read the root handle.
  const seen = await repo.findPlan(db, id, access.parkIds);
  if (!seen) throw planNotFound();
  const countryOf = await countriesOf(db, [seen]);
  return db.transaction(async (tx) => {
    // The plan's row, locked: a sale (which counts the passes valid under the same lock) and an
    // edit of the allocation never interleave.
    const found = await repo.findPlan(tx, id, access.parkIds, true);
    if (!found) throw planNotFound();
    // The park's row shared: a plan put on sale and a change of the park's country or time zone
    // (which counts the plans on sale under the row's FOR UPDATE) never interleave.
    await repo.shareParkRow(tx, found.plan.parkId);
    const park = (await repo.parkFacts(tx, found.plan.parkId))!;
    const current = (await hoursAndPrices(tx, [id])).get(id)!;
    const priced = current.prices.map((p) => p.vehicle_type_id);
    const allocation = input.allocation ?? (input.prices ? found.plan.allocation : undefined);
    const prices = await checkFields(tx, countryOf(park.countryId), park, { ...input, allocation }, priced);
    if (input.windows && (await repo.anyPassSold(tx, id))) {
      // The hours sold stay as sold: the same windows may be sent again, other ones may not.
      const key = (w: { weekday: number; startMinute: number; endMinute: number }) =>
        `${w.weekday}:${w.startMinute}:${w.endMinute}`;
      const sold = windowRows(current.windows).map(key).sort().join();
      if (windowRows(input.windows).map(key).sort().join() !== sold) {
        throw new AppError(409, "plan_hours_sold", PLAN_HOURS_SOLD_MESSAGE);
      }
    }
    // Prices set before the park moved country are in its old currency: the plan goes on sale
    // again only with prices entered in the new one, never with the old numbers re-read in it.
    const parkCurrency = countryOf(park.countryId).currency;
    const oldCurrency = current.prices.find((p) => p.currency !== parkCurrency)?.currency;
    if ((input.status ?? found.plan.status) === "on_sale" && !prices && oldCurrency) {
      throw new AppError(409, "plan_currency_changed", planCurrencyChangedMessage(oldCurrency, parkCurrency));
    }
    const sold = (await repo.soldOf(tx, [id])).get(id) ?? 0;
    if (input.allocation !== undefined && input.allocation < sold) {
      // The passes valid now, listed: the staff see whose passes the allocation must leave room for.
      const valid = await validPassesOf(tx, id);
      throw new AppError(409, "allocation_below_sold", PLAN_ALLOCATION_BELOW_SOLD_MESSAGE, undefined, {
        sold,
        passes: valid.map((p) => ({ pass_code: p.pass_code, plates: p.plates })),
      });
    }
    const before = await auditView(tx, found, countryOf);
    await repo.updatePlan(tx, id, {
      ...(input.name ? { name: input.name } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.allocation !== undefined ? { allocation: input.allocation } : {}),
      ...(input.space_mode ? { spaceMode: input.space_mode } : {}),
      ...(input.min_term_months !== undefined ? { minTermMonths: input.min_term_months } : {}),
      ...(input.discount_3m_percent !== undefined
        ? { discount3mBps: percentToBps(input.discount_3m_percent) }
        : {}),
      ...(input.discount_12m_percent !== undefined
        ? { discount12mBps: percentToBps(input.discount_12m_percent) }
        : {}),
      updatedAt: now,
    });
    if (input.windows) await repo.replaceWindows(tx, id, windowRows(input.windows));
    if (prices) await repo.replacePrices(tx, id, prices, countryOf(park.countryId).currency);
    const after = (await repo.findPlan(tx, id, null))!;
    const diff = changed(before, await auditView(tx, after, countryOf));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, actor, {
        action: "plan.update",
        entity: "plan",
        entityId: id,
        operatorId: park.operatorId,
        ...diff,
      });
    }
    return (await show(tx, [after], countryOf))[0]!;
  });
}
