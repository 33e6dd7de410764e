/** The back office's passes: the passes at the parks in scope, their drivers, and their space labels. */
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { likePattern } from "../../../lib/like";
import { offsetOf } from "../../../lib/pagination";
import { parkScopeSql } from "../access.repo";

/** A pass with what the back office shows beside it: its driver, plan, park and whether a car is in. */
export interface AdminPassRow {
  id: string;
  pass_code: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  plan_id: number;
  plan_name: { en: string; fr: string };
  space_mode: string;
  park_id: number;
  park_name: string;
  time_zone: string;
  operator_id: number | null;
  vehicle_type_id: number;
  vehicle_type: string;
  plates: string[];
  status: string;
  ended_reason: string | null;
  starts_at: Date | string;
  paid_until: Date | string;
  cancel_at_period_end: boolean;
  term_months: number;
  space_label: string | null;
  inside: boolean;
}

export interface PassFilter {
  parkIds: readonly number[] | null;
  parkId?: number | undefined;
  planId?: number | undefined;
  status?: string | undefined;
  search?: string | undefined;
  page: number;
  size: number;
}

const SELECT = sql`SELECT p.id, p.pass_code, p.user_id, u.first_name, u.last_name, u.email::text AS email,
    p.plan_id, pl.name AS plan_name, pl.space_mode, p.park_id, pk.name AS park_name, pk.time_zone,
    pk.operator_id, p.vehicle_type_id, vt.name AS vehicle_type, p.plates, p.status, p.ended_reason,
    p.starts_at, p.paid_until, p.cancel_at_period_end, p.term_months, p.space_label,
    EXISTS (SELECT 1 FROM pass_visits v WHERE v.pass_id = p.id AND v.checked_out_at IS NULL) AS inside
  FROM passes p
  JOIN users u ON u.id = p.user_id
  JOIN parking_plans pl ON pl.id = p.plan_id
  JOIN parks pk ON pk.id = p.park_id
  JOIN vehicle_types vt ON vt.id = p.vehicle_type_id`;

function where(f: Omit<PassFilter, "page" | "size">): SQL {
  const parts: SQL[] = [parkScopeSql(sql`p.park_id`, f.parkIds)];
  if (f.parkId !== undefined) parts.push(sql`p.park_id = ${f.parkId}`);
  if (f.planId !== undefined) parts.push(sql`p.plan_id = ${f.planId}`);
  if (f.status) parts.push(sql`p.status = ${f.status}`);
  if (f.search) {
    // A plate is matched with or without its spaces ("LAG 123 AA" or "lag123").
    const plain = f.search.replace(/\s+/g, "");
    parts.push(sql`(p.pass_code ILIKE ${likePattern(f.search)}
      OR replace(array_to_string(p.plates, '|'), ' ', '') ILIKE ${likePattern(plain)})`);
  }
  return sql.join(parts, sql` AND `);
}

/** A page of passes, newest first, with the filters' total. */
export async function listPasses(db: Tx, f: PassFilter): Promise<{ rows: AdminPassRow[]; total: number }> {
  const filter = where(f);
  const rows = await queryRows<AdminPassRow>(
    db,
    sql`${SELECT} WHERE ${filter} ORDER BY p.created_at DESC, p.id LIMIT ${f.size} OFFSET ${offsetOf(f)}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM passes p WHERE ${filter}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

/** A pass in the scope, locked for an edit when asked; undefined outside the scope. */
export async function findPass(
  db: Tx,
  id: string,
  parkIds: readonly number[] | null,
  lock = false,
): Promise<AdminPassRow | undefined> {
  const [row] = await queryRows<AdminPassRow>(
    db,
    sql`${SELECT} WHERE p.id = ${id}::uuid AND ${parkScopeSql(sql`p.park_id`, parkIds)}
      ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  return row;
}

/**
 * Serializes the label changes at one park for the transaction: two edits giving the same label
 * to two passes there cannot both see it free.
 */
export async function lockParkLabels(tx: Tx, parkId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('pass_space_labels'), ${parkId})`);
}

/** Another pass at the park holding space now (active or in grace) with this label, case aside. */
export async function labelHolder(
  tx: Tx,
  parkId: number,
  label: string,
  exceptId: string,
): Promise<string | undefined> {
  const [row] = await queryRows<{ pass_code: string }>(
    tx,
    sql`SELECT pass_code FROM passes
      WHERE park_id = ${parkId} AND status IN ('active', 'grace') AND id <> ${exceptId}::uuid
        AND lower(space_label) = lower(${label})
      LIMIT 1`,
  );
  return row?.pass_code;
}

export async function setSpaceLabel(tx: Tx, id: string, label: string | null, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE passes SET space_label = ${label}, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id}::uuid`);
}

/** The passes valid now (active or in grace) on a plan, oldest first: what an allocation must leave room for. */
export async function validPassesOf(
  tx: Tx,
  planId: number,
): Promise<{ pass_code: string; plates: string[] }[]> {
  return queryRows<{ pass_code: string; plates: string[] }>(
    tx,
    sql`SELECT pass_code, plates FROM passes
      WHERE plan_id = ${planId} AND status IN ('active', 'grace') ORDER BY created_at, pass_code`,
  );
}
