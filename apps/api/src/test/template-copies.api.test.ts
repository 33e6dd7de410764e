import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type Db } from "../db/client";
import { createUser } from "./factories";
import { freshDatabase, TEST_ENGINE } from "./harness";
import { copiesKept } from "./template-copies";

/** Every table's rows (in a stable order, whatever the heap's) and every sequence's state. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', n.nspname, c.relname) AS name
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
           AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, coalesce(string_agg(t::text, '|' ORDER BY t::text), '') AS rows FROM ${name} t`,
  );
  parts.push(`SELECT 'sequence ' || sequencename, coalesce(last_value::text, 'unused') FROM pg_sequences`);
  const rows = await queryRows<{ name: string; rows: string }>(db, sql.raw(parts.join(" UNION ALL ")));
  return Object.fromEntries(rows.map((r) => [r.name, r.rows]));
}

/** A test file's copy of the template, used, then given back as its context's close gives it. */
async function withCopy<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const fresh = await freshDatabase();
  try {
    return await use(fresh.database.db);
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

describe("a worker's copies of the template", () => {
  it("are given to the next file with the template's rows and sequences, whatever the last one wrote", async () => {
    const before = await withCopy((db) => contents(db));
    const kept = copiesKept();
    expect(kept).toBeGreaterThan(0);
    await withCopy(async (db) => {
      expect(copiesKept()).toBe(kept - 1);
      await createUser(db);
      await db.execute(
        sql`UPDATE parks SET name = name || ' (moved)' WHERE id = (SELECT min(id) FROM parks)`,
      );
      await db.execute(sql`DELETE FROM coupons WHERE id = (SELECT min(id) FROM coupons)`);
      await db.execute(sql`SELECT nextval('parks_id_seq')`);
      expect(await contents(db)).not.toEqual(before);
    });
    expect(copiesKept()).toBe(kept);
    expect(await withCopy((db) => contents(db))).toEqual(before);
  });

  it("are not kept when a test changed the schema and left it so", async () => {
    const kept = copiesKept();
    await withCopy(async (db) => {
      await db.execute(sql`CREATE TABLE left_behind (id int)`);
    });
    expect(copiesKept()).toBe(kept - 1);
    await withCopy(async (db) => {
      const [row] = await queryRows<{ found: string | null }>(
        db,
        sql`SELECT to_regclass('left_behind')::text AS found`,
      );
      expect(row?.found).toBeNull();
    });
  });

  it.runIf(TEST_ENGINE === "pglite")("refuse a closed file's late calls", async () => {
    const fresh = await freshDatabase();
    await fresh.database.close();
    await expect(fresh.database.db.execute(sql`SELECT 1`)).rejects.toHaveProperty(
      "cause.message",
      "PGlite is closed",
    );
  });
});
