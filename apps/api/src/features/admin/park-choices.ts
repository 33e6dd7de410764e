/**
 * "The parks I may act on": the one list behind every back-office park picker (the gate, the
 * drive-up sales, the dashboard and the reports, a service's parks, a staff member's parks),
 * GET /admin/parks/choices?permission=...
 */
import {
  PARK_CHOICES_MAX,
  type ParkChoice,
  type ParkChoiceList,
  type ParkChoicesQuery,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { parkScopeSql } from "./access.repo";
import { forbidden, type StaffAccess } from "./access.service";

export interface ParkChoiceFilter {
  /** Only the active parks (the gate, a sale), else every status (a report reads the past). */
  activeOnly: boolean;
  countryCode?: string | undefined;
  operatorId?: number | undefined;
}

/**
 * The parks in a scope (null: every park), by name, with the vehicle types each takes (a space
 * and a standard hourly rate), its clock and currency.
 */
async function parkChoiceRows(
  db: Tx,
  parkIds: readonly number[] | null,
  filter: ParkChoiceFilter,
  limit: number,
): Promise<ParkChoice[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    city: string;
    time_zone: string;
    currency: string;
    country_code: string;
    vehicle_types: { id: number; name: string }[] | null;
  }>(
    db,
    sql`SELECT p.id, p.name, p.city, p.time_zone, c.currency, c.code AS country_code,
      (SELECT json_agg(json_build_object('id', vt.id, 'name', vt.name) ORDER BY vt.sort_order)
        FROM park_capacities pc
        JOIN park_rates r ON r.park_id = pc.park_id AND r.vehicle_type_id = pc.vehicle_type_id AND r.kind = 'standard'
        JOIN vehicle_types vt ON vt.id = pc.vehicle_type_id
        WHERE pc.park_id = p.id AND pc.capacity > 0 AND r.hourly_minor IS NOT NULL) AS vehicle_types
    FROM parks p JOIN countries c ON c.id = p.country_id
    WHERE ${parkScopeSql(sql`p.id`, parkIds)}
      ${filter.activeOnly ? sql`AND p.status = 'active'` : sql``}
      ${filter.countryCode ? sql`AND c.code = ${filter.countryCode}` : sql``}
      ${filter.operatorId !== undefined ? sql`AND p.operator_id = ${filter.operatorId}` : sql``}
    ORDER BY p.name, p.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    city: r.city,
    time_zone: r.time_zone,
    currency: r.currency,
    country_code: r.country_code.trim(),
    vehicle_types: r.vehicle_types ?? [],
  }));
}

/** The caller's parks for a permission they hold (403 when they do not hold it). */
export async function parkChoices(
  db: Tx,
  access: StaffAccess,
  query: ParkChoicesQuery,
): Promise<ParkChoiceList> {
  if (!access.permissions.has(query.permission)) throw forbidden();
  const rows = await parkChoiceRows(
    db,
    access.parkIds,
    { activeOnly: query.status === "active", countryCode: query.country, operatorId: query.operator },
    PARK_CHOICES_MAX + 1,
  );
  return { items: rows.slice(0, PARK_CHOICES_MAX), complete: rows.length <= PARK_CHOICES_MAX };
}
