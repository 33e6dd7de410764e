import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ensureChargeAccounts } from "../wallet/ledger.service";
import { allDayParks, at, book, fundedUser, HOUR } from "./bookings.test-kit";

/**
 * Decision 052: every statement a new booking runs on PostgreSQL, in its transaction and for its
 * answer, is a named prepared statement (parsed and planned once per connection), so a booking
 * costs the database no planning. Read from node-postgres itself: every query the booking's
 * request sends, with its name or its text. PGlite has no statements to prepare.
 */
describe.skipIf(TEST_ENGINE !== "postgres")("a booking's statements (PostgreSQL)", () => {
  let ctx: TestContext;
  let park: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    park = (await allDayParks(ctx.database.db, 1))[0]!;
  });
  afterAll(() => ctx?.close());

  /** The queries node-postgres sends while `run` runs: a name, or the unnamed text. */
  async function sent(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args as [string | { text: string; name?: string }];
      seen.push(
        typeof first === "string"
          ? `text: ${first}`
          : first.name
            ? `name: ${first.name}`
            : `text: ${first.text}`,
      );
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = query;
    }
    return seen;
  }

  it("names every statement of a new booking but the transaction's own", async () => {
    const driver = await fundedUser(ctx.database.db);
    // The steady state: the revenue's shards have had their first movement (a shard's account is
    // created, unprepared, by the first charge that reports it missing).
    await ctx.database.db.transaction(async (tx) => {
      for (let shard = 0; shard < 16; shard += 1)
        await ensureChargeAccounts(tx, { userId: driver.id, currency: "NGN", revenueShard: shard });
    });
    const window = { park_id: park, start: at(3 * HOUR), end: at(5 * HOUR), plate_number: "LAG 901 ST" };
    // The first booking on a connection prepares its statements; the second runs them.
    expect((await book(ctx.app, driver, window)).statusCode).toBe(201);
    const statements = await sent(async () => {
      const res = await book(ctx.app, driver, { ...window, start: at(7 * HOUR), end: at(9 * HOUR) });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(statements.length).toBeGreaterThan(3);
    const unnamed = statements.filter(
      (s) => s.startsWith("text: ") && !/^text: (BEGIN|COMMIT|ROLLBACK)\b/i.test(s),
    );
    expect(unnamed).toEqual([]);
  });
});
