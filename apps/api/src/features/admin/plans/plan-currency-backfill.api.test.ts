import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { MIGRATIONS_DIR } from "../../../db/migrate";
import { createTestContext, type TestContext } from "../../../test/harness";

// Migration 0048's back-fill of plan_prices.currency, run again on rows written as a database
// before it held them: each price gets the currency of its park's country when it was set.
const BACKFILL = fs
  .readFileSync(path.join(MIGRATIONS_DIR, "0048_plan_price_currency.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .find((s) => s.startsWith("UPDATE"))!;

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());

async function planAt(parkId: number, name: string, createdAt: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO parking_plans (park_id, name, status, allocation, space_mode, min_term_months,
        discount_3m_bps, discount_12m_bps, created_at, updated_at)
      VALUES (${parkId}, ${JSON.stringify({ en: name, fr: name })}::jsonb, 'closed', 2, 'any', 1, 0, 0,
        ${createdAt}::timestamptz, ${createdAt}::timestamptz)
      RETURNING id`,
  );
  const id = Number(row!.id);
  // Written as the old rows were read: the currency column holds no truth yet.
  await db.execute(
    sql`INSERT INTO plan_prices (plan_id, vehicle_type_id, monthly_minor, currency) VALUES (${id}, 1, 4500000, 'XOF')`,
  );
  return id;
}

const currencyOf = async (planId: number) =>
  (
    await queryRows<{ currency: string }>(db, sql`SELECT currency FROM plan_prices WHERE plan_id = ${planId}`)
  )[0]!.currency;

describe("plan_prices.currency back-fill (migration 0048)", () => {
  it("gives a price its park's currency, or the one the park left when it moved after the price was set", async () => {
    const [park] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p WHERE p.country_id = 1
          AND NOT EXISTS (SELECT 1 FROM parking_plans pl WHERE pl.park_id = p.id) ORDER BY p.id LIMIT 1`,
    );
    const parkId = Number(park!.id);
    const before = await planAt(parkId, "Priced in Lagos", "2026-03-01T09:00:00Z");
    const repriced = await planAt(parkId, "Priced again in Toronto", "2026-03-01T09:00:00Z");
    const after = await planAt(parkId, "Made in Toronto", "2026-06-01T09:00:00Z");
    // The park moved from Nigeria to Canada on 1 May, as the back office records a move.
    await db.execute(
      sql`UPDATE parks SET country_id = 2, time_zone = 'America/Toronto' WHERE id = ${parkId}`,
    );
    await db.execute(sql`INSERT INTO audit_log (action, entity, entity_id, before, after, at) VALUES
      ('park.update', 'park', ${String(parkId)}, '{"country_id": 1}'::jsonb, '{"country_id": 2}'::jsonb, '2026-05-01T09:00:00Z'),
      ('plan.update', 'plan', ${String(repriced)}, '{"prices": []}'::jsonb, '{"prices": []}'::jsonb, '2026-05-02T09:00:00Z')`);

    await db.execute(sql.raw(BACKFILL));

    expect(await currencyOf(before)).toBe("NGN");
    expect(await currencyOf(repriced)).toBe("CAD");
    expect(await currencyOf(after)).toBe("CAD");
    // Every seeded plan's prices are in its park's currency.
    const [wrong] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM plan_prices pp JOIN parking_plans pl ON pl.id = pp.plan_id
          JOIN parks p ON p.id = pl.park_id JOIN countries c ON c.id = p.country_id
          WHERE pp.currency <> c.currency AND pl.park_id <> ${parkId}`,
    );
    expect(wrong!.n).toBe(0);
  });
});
