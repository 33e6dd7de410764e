import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, TEST_ENGINE, type FreshDatabase } from "../test/harness";
import { openDatabase, queryRows, type Database } from "./client";
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
});
