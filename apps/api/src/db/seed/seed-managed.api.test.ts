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
});
