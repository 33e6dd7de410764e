import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";
import { queryRows } from "../client";
import { seed } from "./index";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const state = async (id: number) => {
  const [row] = await queryRows<{ name: string; capacity: number; hourly: string }>(
    ctx.database.db,
    sql`SELECT p.name, c.capacity, r.hourly_minor AS hourly FROM parks p
      JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
      JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
      WHERE p.id = ${id}`,
  );
  return { ...row!, hourly: Number(row!.hourly) };
};

async function change(id: number) {
  const db = ctx.database.db;
  await db.execute(sql`UPDATE parks SET name = 'Renamed by its operator' WHERE id = ${id}`);
  await db.execute(
    sql`UPDATE park_capacities SET capacity = 3 WHERE park_id = ${id} AND vehicle_type_id = 1`,
  );
  await db.execute(sql`UPDATE park_rates SET hourly_minor = 123400, daily_max_minor = 999900
    WHERE park_id = ${id} AND vehicle_type_id = 1`);
}

describe("seeding again", () => {
  it("repairs a seeded park, but keeps a park its operator changed in the back office", async () => {
    const db = ctx.database.db;
    const seeded = await state(1);
    await change(1);
    await change(2);
    const kept = await state(2);
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id) VALUES ('park.update', 'park', '2', NULL)`,
    );

    await seed(db);

    expect(await state(1)).toEqual(seeded);
    expect(await state(2)).toEqual(kept);
    expect(kept).toEqual({ name: "Renamed by its operator", capacity: 3, hourly: 123400 });
  });

  it("lists a seeded park's chargers again, but not at a park its operator changed (its audit entry)", async () => {
    const db = ctx.database.db;
    const [a, b] = await queryRows<{ park_id: number }>(
      db,
      sql`SELECT DISTINCT park_id FROM park_chargers ORDER BY park_id LIMIT 2`,
    );
    const count = async (id: number) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM park_chargers WHERE park_id = ${id}`,
        )
      )[0]!.n;
    const listed = await count(a!.park_id);
    expect(listed).toBeGreaterThan(0);
    await db.execute(sql`DELETE FROM park_chargers WHERE park_id IN (${a!.park_id}, ${b!.park_id})`);
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id)
        VALUES ('park.charger.add', 'park', ${String(b!.park_id)}, NULL)`,
    );

    await seed(db);

    expect(await count(a!.park_id)).toBe(listed);
    expect(await count(b!.park_id)).toBe(0);
  });
});
