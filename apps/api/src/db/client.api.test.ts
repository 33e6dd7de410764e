import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, TEST_ENGINE, withTestContext, type FreshDatabase } from "../test/harness";
import {
  DEFAULT_POOL_SIZE,
  defaultSearchPoolSize,
  openDatabase,
  queryBuilt,
  queryRows,
  runBuilt,
  type Database,
  type Db,
} from "./client";
import { migrateWithJobs } from "../feature-jobs";

const timeoutOf = async (database: Database) =>
  (await queryRows<{ statement_timeout: string }>(database.db, sql`SHOW statement_timeout`))[0]
    ?.statement_timeout;

describe.skipIf(TEST_ENGINE !== "postgres")("the statement bound (PostgreSQL)", () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.database.close();
    await fresh.drop();
  });

  it("bounds every statement of a request pool, and none of a maintenance pool", async () => {
    const requests = await openDatabase({ url: fresh.url, poolSize: 1 });
    const maintenance = await openDatabase({ url: fresh.url, poolSize: 1, statementTimeoutMs: 0 });
    try {
      expect(await timeoutOf(requests)).toBe("15s");
      expect(await timeoutOf(maintenance)).toBe("0");
    } finally {
      await requests.close();
      await maintenance.close();
    }
  });

  it("gives a migration's connection back to the pool with the bound restored", async () => {
    // One connection: the one migrate() unbounded is the one asked afterwards.
    const database = await openDatabase({ url: fresh.url, poolSize: 1 });
    try {
      await migrateWithJobs(database);
      expect(await timeoutOf(database)).toBe("15s");
    } finally {
      await database.close();
    }
  });

  it("opens at most 10 connections, and defaultSearchPoolSize() for the search, given no sizes", async () => {
    const database = await openDatabase({ url: fresh.url });
    // More statements at once than a pool holds: the rest wait for one of its connections.
    const backends = async (db: Db) => {
      const rows = await Promise.all(
        Array.from({ length: DEFAULT_POOL_SIZE + 3 }, () =>
          queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.1)`),
        ),
      );
      return new Set(rows.map((r) => r[0]?.pid)).size;
    };
    try {
      expect(await backends(database.db)).toBe(DEFAULT_POOL_SIZE);
      expect(await backends(database.read)).toBe(defaultSearchPoolSize());
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("the park search's own pool (PostgreSQL)", () => {
  it("serves the park search, and only it, from connections of its own", () =>
    withTestContext({}, async (ctx) => {
      const names = async () =>
        (
          await queryRows<{ name: string }>(
            ctx.database.db,
            sql`SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database()`,
          )
        ).map((r) => r.name);
      expect((await ctx.app.inject({ url: "/api/v1/countries" })).statusCode).toBe(200);
      expect(await names()).not.toContain("parkwell-search");
      expect((await ctx.app.inject({ url: "/api/v1/parks/front/parks/?country=NG" })).statusCode).toBe(200);
      expect(await names()).toContain("parkwell-search");
    }));
});

describe("runBuilt: the one use of Drizzle's session internals", () => {
  const dialect = new PgDialect();
  const lookup = dialect.sqlToQuery(
    sql`SELECT ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int AS sum, 'x' AS tag`,
  );

  it("runs a built statement with its placeholders bound and gives its rows, named or not", async () => {
    await withTestContext({}, async (ctx) => {
      const db = ctx.database.db;
      expect(await runBuilt(db, lookup, undefined, { a: 2, b: 3 })).toEqual([{ sum: 5, tag: "x" }]);
      expect(await runBuilt(db, lookup, "pw_run_built_test", { a: 40, b: 2 })).toEqual([
        { sum: 42, tag: "x" },
      ]);
      // The same name again on the same statement: the prepared one is reused.
      expect(await runBuilt(db, lookup, "pw_run_built_test", { a: 1, b: 1 })).toEqual([{ sum: 2, tag: "x" }]);
      const plain = dialect.sqlToQuery(sql`SELECT 7 AS seven`);
      expect(await queryBuilt(db, plain, true)).toEqual([{ seven: 7 }]);
    });
  });

  it.skipIf(TEST_ENGINE !== "postgres")(
    "prepares a named statement on the connection (PostgreSQL), once",
    async () => {
      const fresh = await freshDatabase();
      const one = await openDatabase({ url: fresh.url, poolSize: 1 });
      try {
        await runBuilt(one.db, lookup, "pw_run_built_pinned", { a: 1, b: 2 });
        await runBuilt(one.db, lookup, "pw_run_built_pinned", { a: 3, b: 4 });
        const rows = await queryRows<{ name: string; statement: string }>(
          one.db,
          sql`SELECT name, statement FROM pg_prepared_statements WHERE name = 'pw_run_built_pinned'`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.statement).toBe(lookup.sql);
      } finally {
        await one.close();
        await fresh.database.close();
        await fresh.drop();
      }
    },
  );
});
