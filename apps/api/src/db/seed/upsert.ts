import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/**
 * INSERT ... ON CONFLICT (key) DO UPDATE every other column: seeding twice changes nothing.
 * `unless` leaves an existing row as it is when it holds (a park changed in the back office).
 */
export async function upsertAll<T extends PgTable>(
  db: Db,
  table: T,
  key: PgColumn,
  rows: T["$inferInsert"][],
  unless?: SQL,
): Promise<void> {
  if (rows.length === 0) return;
  const set: Record<string, SQL> = {};
  for (const [prop, column] of Object.entries(getTableColumns(table))) {
    if (column.name !== key.name) set[prop] = sql.raw(`excluded."${column.name}"`);
  }
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: key, set, ...(unless ? { setWhere: sql`NOT (${unless})` } : {}) });
}
