import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { likePattern } from "../../../lib/like";

export interface AuditRow {
  id: number | string;
  action: string;
  entity: string;
  entity_id: string;
  operator_id: number | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  at: Date | string;
}

export interface AuditFilter {
  /** undefined: every operator's entries and Parkwell-wide ones (an admin). */
  operatorId?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  /** An actor's id (exact) or part of their name or e-mail. */
  actorId?: string | undefined;
  actorText?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(f: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.operatorId !== undefined) parts.push(sql`a.operator_id = ${f.operatorId}`);
  if (f.entity) parts.push(sql`a.entity = ${f.entity}`);
  if (f.action) parts.push(sql`a.action ILIKE ${likePattern(f.action)}`);
  if (f.actorId) parts.push(sql`a.actor_id = ${f.actorId}`);
  if (f.actorText) {
    const like = likePattern(f.actorText);
    parts.push(sql`a.actor_id IN (SELECT id FROM users WHERE email ILIKE ${like}
      OR (first_name || ' ' || last_name) ILIKE ${like})`);
  }
  if (f.from) parts.push(sql`a.at >= ${f.from}`);
  if (f.to) parts.push(sql`a.at <= ${f.to}`);
  return sql.join(parts, sql` AND `);
}

/** Newest first (the at, id index). */
export async function listAudit(
  db: Tx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const w = where(filter);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${w}`,
  );
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT a.id, a.action, a.entity, a.entity_id, a.operator_id, a.actor_id,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS actor_name, u.email AS actor_email,
        a.before, a.after, a.ip, a.at
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE ${w} ORDER BY a.at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The entities the log holds, for the filter. */
export async function auditEntities(db: Tx, operatorId: number | undefined): Promise<string[]> {
  const rows = await queryRows<{ entity: string }>(
    db,
    sql`SELECT DISTINCT entity FROM audit_log
      ${operatorId === undefined ? sql`` : sql`WHERE operator_id = ${operatorId}`} ORDER BY entity`,
  );
  return rows.map((r) => r.entity);
}
