/** The back office's monthly plans: their rows, hours, prices and the passes valid on them. */
import { and, asc, eq, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import { parkingPlans, parks, planPrices, planWindows } from "../../../db/schema/index";
import type { Tx } from "../../../db/tx";
import { offsetOf } from "../../../lib/pagination";
import { parkScopeSql } from "../access.repo";

export type PlanRow = typeof parkingPlans.$inferSelect;
export type PlanInsert = typeof parkingPlans.$inferInsert;

/** A plan with the facts of its park the back office shows and checks. */
export interface PlanWithPark {
  plan: PlanRow;
  parkName: string;
  timeZone: string;
  countryId: number;
  operatorId: number | null;
}

export interface ListFilter {
  parkIds: readonly number[] | null;
  parkId?: number | undefined;
  status?: string | undefined;
  page: number;
  size: number;
}

const withPark = {
  plan: parkingPlans,
  parkName: parks.name,
  timeZone: parks.timeZone,
  countryId: parks.countryId,
  operatorId: parks.operatorId,
};

function where(
  parkIds: readonly number[] | null,
  f: { parkId?: number | undefined; status?: string | undefined },
) {
  return and(
    parkScopeSql(parkingPlans.parkId, parkIds),
    f.parkId === undefined ? undefined : eq(parkingPlans.parkId, f.parkId),
    f.status ? eq(parkingPlans.status, f.status) : undefined,
  );
}

/** A page of the plans at the scope's parks, by park name then id, with the filters' total. */
export async function listPlans(db: Tx, f: ListFilter): Promise<{ rows: PlanWithPark[]; total: number }> {
  const filter = where(f.parkIds, f);
  const rows = await db
    .select(withPark)
    .from(parkingPlans)
    .innerJoin(parks, eq(parks.id, parkingPlans.parkId))
    .where(filter)
    .orderBy(asc(parks.name), asc(parkingPlans.id))
    .limit(f.size)
    .offset(offsetOf(f));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(parkingPlans)
    .where(filter);
  return { rows, total: Number(count?.total ?? 0) };
}

/** A plan in the scope with its park, locked for an edit when asked; undefined outside the scope. */
export async function findPlan(
  db: Tx,
  id: number,
  parkIds: readonly number[] | null,
  lock = false,
): Promise<PlanWithPark | undefined> {
  const query = db
    .select(withPark)
    .from(parkingPlans)
    .innerJoin(parks, eq(parks.id, parkingPlans.parkId))
    .where(and(eq(parkingPlans.id, id), parkScopeSql(parkingPlans.parkId, parkIds)));
  const [row] = lock ? await query.for("update", { of: parkingPlans }) : await query;
  return row;
}

/** The plan's park row shared (FOR KEY SHARE) until the transaction ends: a move of the park waits. */
export async function shareParkRow(tx: Tx, parkId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM parks WHERE id = ${parkId} FOR KEY SHARE`);
}

export interface ParkFacts {
  name: string;
  timeZone: string;
  countryId: number;
  operatorId: number | null;
  /** Car spaces and the rest, by vehicle type id. */
  capacities: Map<number, number>;
}

/** The park a plan is for: its name, zone, country, operator and capacities; undefined if missing. */
export async function parkFacts(db: Tx, parkId: number): Promise<ParkFacts | undefined> {
  const rows = await queryRows<{
    name: string;
    time_zone: string;
    country_id: number;
    operator_id: number | null;
    vehicle_type_id: number | null;
    capacity: number | null;
  }>(
    db,
    sql`SELECT p.name, p.time_zone, p.country_id, p.operator_id, c.vehicle_type_id, c.capacity
      FROM parks p LEFT JOIN park_capacities c ON c.park_id = p.id
      WHERE p.id = ${parkId}`,
  );
  const [first] = rows;
  if (!first) return undefined;
  return {
    name: first.name,
    timeZone: first.time_zone,
    countryId: Number(first.country_id),
    operatorId: first.operator_id === null ? null : Number(first.operator_id),
    capacities: new Map(
      rows
        .filter((r) => r.vehicle_type_id !== null)
        .map((r) => [Number(r.vehicle_type_id), Number(r.capacity)]),
    ),
  };
}

/** Passes valid now (active or in grace) per plan. */
export async function soldOf(db: Tx, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await queryRows<{ plan_id: number; sold: number }>(
    db,
    sql`SELECT plan_id, count(*)::int AS sold FROM passes
      WHERE plan_id = ANY(${sql.param(planIds)}::int[]) AND status IN ('active', 'grace')
      GROUP BY plan_id`,
  );
  return new Map(rows.map((r) => [Number(r.plan_id), Number(r.sold)]));
}

/** Whether any pass was ever sold on the plan (its hours then stay as sold). */
export async function anyPassSold(db: Tx, planId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM passes WHERE plan_id = ${planId} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertPlan(tx: Tx, row: PlanInsert): Promise<number> {
  const [created] = await tx.insert(parkingPlans).values(row).returning({ id: parkingPlans.id });
  return created!.id;
}

export async function updatePlan(tx: Tx, id: number, fields: Partial<PlanInsert>): Promise<void> {
  await tx.update(parkingPlans).set(fields).where(eq(parkingPlans.id, id));
}

export async function replaceWindows(
  tx: Tx,
  planId: number,
  windows: { weekday: number; startMinute: number; endMinute: number }[],
): Promise<void> {
  await tx.delete(planWindows).where(eq(planWindows.planId, planId));
  await tx.insert(planWindows).values(windows.map((w) => ({ planId, ...w })));
}

/** The plan's prices, all in `currency` (the park's now): a price keeps the currency it was set in. */
export async function replacePrices(
  tx: Tx,
  planId: number,
  prices: { vehicleTypeId: number; monthlyMinor: number }[],
  currency: string,
): Promise<void> {
  await tx.delete(planPrices).where(eq(planPrices.planId, planId));
  await tx.insert(planPrices).values(prices.map((p) => ({ planId, ...p, currency })));
}

/** The currencies the plan's prices were set in (none when it has no price). */
export async function priceCurrencies(db: Tx, planId: number): Promise<string[]> {
  const rows = await queryRows<{ currency: string }>(
    db,
    sql`SELECT DISTINCT currency FROM plan_prices WHERE plan_id = ${planId} ORDER BY currency`,
  );
  return rows.map((r) => r.currency.trim());
}

/** Vehicle type names by id. */
export async function vehicleTypeNames(db: Tx): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM vehicle_types`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
