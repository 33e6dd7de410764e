import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, TEST_ENGINE, type FreshDatabase } from "../test/harness";
import { defaultPoolSize, openDatabase, queryRows, type Database } from "./client";
import { migrate } from "./migrate";

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
      await migrate(database);
      expect(await timeoutOf(database)).toBe("15s");
    } finally {
      await database.close();
    }
  });

  it("opens at most defaultPoolSize() connections when given no pool size", async () => {
    const database = await openDatabase({ url: fresh.url });
    try {
      // More statements at once than the pool holds: the rest wait for a connection.
      const backends = await Promise.all(
        Array.from({ length: defaultPoolSize() + 3 }, () =>
          queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.1)`),
        ),
      );
      expect(new Set(backends.map((rows) => rows[0]?.pid)).size).toBe(defaultPoolSize());
    } finally {
      await database.close();
    }
  });
});
