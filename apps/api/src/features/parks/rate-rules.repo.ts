/** A park's busy-time rules (decision 059): the back office writes them, pricing reads the active ones. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { parkRateRules } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export type RateRuleRow = typeof parkRateRules.$inferSelect;
export type RateRuleValues = Omit<RateRuleRow, "id" | "parkId" | "createdAt" | "updatedAt">;

/** The park's rules, oldest first (the order a tie between two rules is settled by); `active` only when asked. */
export function listRules(db: Db | Tx, parkId: number, activeOnly = false): Promise<RateRuleRow[]> {
  return (db as Db)
    .select()
    .from(parkRateRules)
    .where(
      activeOnly
        ? and(eq(parkRateRules.parkId, parkId), eq(parkRateRules.active, true))
        : eq(parkRateRules.parkId, parkId),
    )
    .orderBy(asc(parkRateRules.id));
}

export async function findRule(db: Db | Tx, parkId: number, id: number): Promise<RateRuleRow | undefined> {
  const [row] = await (db as Db)
    .select()
    .from(parkRateRules)
    .where(and(eq(parkRateRules.parkId, parkId), eq(parkRateRules.id, id)))
    .for("update");
  return row;
}

export async function insertRule(tx: Tx, parkId: number, v: RateRuleValues): Promise<RateRuleRow> {
  const [row] = await (tx as Db)
    .insert(parkRateRules)
    .values({ parkId, ...v })
    .returning();
  return row!;
}

export async function updateRule(tx: Tx, id: number, v: RateRuleValues, now: Date): Promise<RateRuleRow> {
  const [row] = await (tx as Db)
    .update(parkRateRules)
    .set({ ...v, updatedAt: now })
    .where(eq(parkRateRules.id, id))
    .returning();
  return row!;
}

export async function deleteRule(tx: Tx, id: number): Promise<void> {
  await (tx as Db).delete(parkRateRules).where(eq(parkRateRules.id, id));
}

/** The active rules of several parks (a search page's), oldest first: one statement. */
export function activeRulesOfParks(db: Db, parkIds: number[]): Promise<RateRuleRow[]> {
  if (parkIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(parkRateRules)
    .where(and(inArray(parkRateRules.parkId, parkIds), eq(parkRateRules.active, true)))
    .orderBy(asc(parkRateRules.id));
}
