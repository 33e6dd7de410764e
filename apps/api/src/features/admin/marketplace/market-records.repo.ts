/**
 * The row-by-id queries every back-office marketplace record shares (categories, attributes,
 * items, variations, add-ons, offers, coupons, sliders: an integer id). Queries only.
 */
import { eq } from "drizzle-orm";
import type { PgTable, PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../../db/tx";

type RecordTable = PgTable & { id: PgColumn };

/** A record; with `lock`, its row is held until the transaction commits. */
export async function recordById<T extends RecordTable>(
  tx: Tx,
  table: T,
  id: number,
  lock = false,
): Promise<T["$inferSelect"] | undefined> {
  const query = tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row as T["$inferSelect"] | undefined;
}

export async function insertRecord<T extends RecordTable>(
  tx: Tx,
  table: T,
  values: T["$inferInsert"],
): Promise<T["$inferSelect"]> {
  const [row] = await tx.insert(table).values(values).returning();
  return row as T["$inferSelect"];
}

export async function updateRecord<T extends RecordTable>(
  tx: Tx,
  table: T,
  id: number,
  values: Partial<T["$inferSelect"]>,
): Promise<T["$inferSelect"]> {
  const rows = await tx.update(table).set(values).where(eq(table.id, id)).returning();
  return (rows as T["$inferSelect"][])[0]!;
}

export async function deleteRecord(tx: Tx, table: RecordTable, id: number): Promise<void> {
  await tx.delete(table).where(eq(table.id, id));
}
