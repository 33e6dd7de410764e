/** The monthly plans on sale, as drivers find them: by country, text, point, vehicle type, price and hours. */
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { distanceSql } from "../../db/geo-sql";
import type { Tx } from "../../db/tx";
import { offsetOf } from "../../lib/pagination";

export interface PlanFilter {
  countryId?: number | undefined;
  /** Normalised search words (lib/search-text), all of which a park's text or the plan's name holds. */
  words: string[];
  geo?: { lat: number; lng: number } | undefined;
  vehicleTypeId?: number | undefined;
  maxPriceMinor?: number | undefined;
  hours?: "all_day" | "weekdays" | "nights_weekends" | undefined;
  planId?: number | undefined;
  /** One park's plans (parking_plans_park_idx). */
  parkId?: number | undefined;
  page: number;
  size: number;
}

export interface PlanRow {
  id: number;
  name: { en: string; fr: string };
  park_id: number;
  park_name: string;
  slug: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
  time_zone: string;
  country_id: number;
  min_term_months: number;
  discount_3m_bps: number;
  discount_12m_bps: number;
  space_mode: string;
  passes_left: number;
  minutes_per_week: number;
  distance_m: number | null;
  total: number;
}

/** A window's length in minutes (past midnight when its end is at or before its start). */
const lengthOf = (w: string) =>
  sql.raw(`CASE WHEN ${w}.end_minute > ${w}.start_minute THEN ${w}.end_minute - ${w}.start_minute
    ELSE ${w}.end_minute + 1440 - ${w}.start_minute END`);

function whereOf(f: PlanFilter): SQL {
  const where = [sql`pl.status = 'on_sale'`, sql`p.status = 'active'`];
  if (f.planId !== undefined) where.push(sql`pl.id = ${f.planId}`);
  if (f.parkId !== undefined) where.push(sql`pl.park_id = ${f.parkId}`);
  if (f.countryId !== undefined) where.push(sql`p.country_id = ${f.countryId}`);
  for (const word of f.words) {
    where.push(
      sql`(p.search_text LIKE ${`%${word}%`} OR lower(pl.name->>'en' || ' ' || (pl.name->>'fr')) LIKE ${`%${word}%`})`,
    );
  }
  if (f.vehicleTypeId !== undefined || f.maxPriceMinor !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM plan_prices pp WHERE pp.plan_id = pl.id
      ${f.vehicleTypeId !== undefined ? sql`AND pp.vehicle_type_id = ${f.vehicleTypeId}` : sql``}
      ${f.maxPriceMinor !== undefined ? sql`AND pp.monthly_minor <= ${f.maxPriceMinor}` : sql``})`);
  }
  const allWeek = sql`(SELECT coalesce(sum(${lengthOf("w")}), 0) FROM plan_windows w WHERE w.plan_id = pl.id) >= 10080`;
  const weekend = sql`EXISTS (SELECT 1 FROM plan_windows w WHERE w.plan_id = pl.id
    AND (w.weekday IN (6, 7) OR (w.weekday = 5 AND w.end_minute <= w.start_minute)))`;
  const night = sql`EXISTS (SELECT 1 FROM plan_windows w WHERE w.plan_id = pl.id
    AND (w.end_minute <= w.start_minute OR w.start_minute >= 18 * 60 OR w.start_minute < 6 * 60))`;
  if (f.hours === "all_day") where.push(allWeek);
  if (f.hours === "weekdays") where.push(sql`NOT ${allWeek} AND NOT ${weekend}`);
  if (f.hours === "nights_weekends") where.push(sql`NOT ${allWeek} AND (${weekend} OR ${night})`);
  return sql.join(where, sql` AND `);
}

/** A page of plans on sale, nearest first with a point, else by city, park and plan, with the filters' total. */
export async function listPlans(db: Tx, f: PlanFilter): Promise<PlanRow[]> {
  const distance = f.geo ? distanceSql(sql`p.lat`, sql`p.lng`, f.geo) : sql`NULL::float8`;
  const order = f.geo ? sql`distance_m, pl.id` : sql`p.city, p.name, pl.id`;
  return queryRows<PlanRow>(
    db,
    sql`SELECT pl.id, pl.name, p.id AS park_id, p.name AS park_name, p.slug, p.address, p.city, p.lat, p.lng,
        p.time_zone, p.country_id, pl.min_term_months, pl.discount_3m_bps,
        pl.discount_12m_bps, pl.space_mode,
        greatest(0, pl.allocation - (SELECT count(*) FROM passes ps
          WHERE ps.plan_id = pl.id AND ps.status IN ('active', 'grace')))::int AS passes_left,
        (SELECT coalesce(sum(${lengthOf("w")}), 0) FROM plan_windows w WHERE w.plan_id = pl.id)::int AS minutes_per_week,
        ${distance} AS distance_m,
        count(*) OVER ()::int AS total
      FROM parking_plans pl JOIN parks p ON p.id = pl.park_id
      WHERE ${whereOf(f)}
      ORDER BY ${order}
      LIMIT ${f.size} OFFSET ${offsetOf(f)}`,
  );
}

export interface PlanWindowRow {
  plan_id: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface PlanPriceRow {
  plan_id: number;
  vehicle_type_id: number;
  vehicle_type: string;
  monthly_minor: number | string;
  /** The currency the price was set in. */
  currency: string;
}

/** The plans' windows alone, in weekday order (a company's policy reads a pass's hours). */
export async function windowsOf(db: Tx, planIds: number[]): Promise<PlanWindowRow[]> {
  return queryRows<PlanWindowRow>(
    db,
    sql`SELECT plan_id, weekday, start_minute, end_minute FROM plan_windows
      WHERE plan_id = ANY(${sql.param(planIds)}::int[]) ORDER BY plan_id, weekday, start_minute`,
  );
}

/** The plans' windows and monthly prices, in weekday and vehicle type order. */
export async function hoursAndPrices(
  db: Tx,
  planIds: number[],
): Promise<{ windows: PlanWindowRow[]; prices: PlanPriceRow[] }> {
  if (planIds.length === 0) return { windows: [], prices: [] };
  const ids = sql.param(planIds);
  const windows = await windowsOf(db, planIds);
  const prices = await queryRows<PlanPriceRow>(
    db,
    sql`SELECT pp.plan_id, pp.vehicle_type_id, v.name AS vehicle_type, pp.monthly_minor, pp.currency
      FROM plan_prices pp JOIN vehicle_types v ON v.id = pp.vehicle_type_id
      WHERE pp.plan_id = ANY(${ids}::int[]) ORDER BY pp.plan_id, v.sort_order, v.id`,
  );
  return { windows, prices };
}
