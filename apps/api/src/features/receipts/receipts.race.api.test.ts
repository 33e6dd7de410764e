import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database, type Db } from "../../db/client";
import { createUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { numberReceipts } from "./receipts.service";
import { buy } from "./receipts.test-kit";

/**
 * Gap-free numbering under real concurrency: purchases committing and rolling back in two
 * countries while numberers run from two pools (two API processes) on one PostgreSQL database.
 * PGlite runs one query at a time, so this race cannot happen there: PostgreSQL only
 * (`npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")("receipt numbers under concurrency (PostgreSQL only)", () => {
  let ctx: TestContext;
  let db: Db;
  const pools: Database[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    for (let i = 0; i < 2; i += 1) pools.push(await openDatabase({ url: ctx.url!, poolSize: 10 }));
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await ctx?.close();
  });

  /** Each country's and year's sequences, in order: what must be exactly 1..n. */
  async function sequences(year: number) {
    const rows = await queryRows<{ country_id: number; seqs: (string | number)[] }>(
      db,
      sql`SELECT country_id, array_agg(sequence ORDER BY sequence) AS seqs FROM receipts
          WHERE number IS NOT NULL AND year = ${year} GROUP BY country_id ORDER BY country_id`,
    );
    return Object.fromEntries(rows.map((r) => [Number(r.country_id), r.seqs.map(Number)]));
  }
  const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it("numbers 1..n per country and year, once per committed move, never a rolled-back one", async () => {
    const AT = new Date("2026-08-01T10:00:00Z");
    const users = [];
    for (let i = 0; i < 8; i += 1) users.push(await createUser(db));
    const numberers: Promise<number>[] = [];
    const purchases: Promise<void>[] = [];
    let stop = false;
    // Numberers loop from both pools while the purchases run, then once more each at the end.
    const numberer = async (pool: Database, country?: number) => {
      let n = 0;
      while (!stop) n += await numberReceipts(pool.db, country);
      return n;
    };
    for (const pool of pools) {
      numberers.push(numberer(pool), numberer(pool, 1), numberer(pool, 3));
    }
    // 80 purchases (a top-up and a booking each: two moves, two receipts), half in Senegal,
    // every fifth rolled back, from both pools, 8 drivers at once.
    for (let i = 0; i < 80; i += 1) {
      const pool = pools[i % 2]!;
      const country = i % 4 < 2 ? 1 : 3;
      purchases.push(buy(pool.db, users[i % 8]!.id, `RACE-${i}`, AT, country, i % 5 === 0));
    }
    await Promise.all(purchases);
    stop = true;
    await Promise.all(numberers);
    await Promise.all(pools.map((p) => numberReceipts(p.db)));

    const committed = await queryRows<{ country_id: number; n: string }>(
      db,
      sql`SELECT r.country_id, count(*)::text AS n FROM receipts r
          JOIN ledger_transactions t ON t.idempotency_key = r.ledger_key
          WHERE r.reference LIKE 'RACE-%' GROUP BY r.country_id ORDER BY r.country_id`,
    );
    // 64 committed purchases, 32 per country: 64 receipts each.
    expect(committed.map((c) => [Number(c.country_id), Number(c.n)])).toEqual([
      [1, 64],
      [3, 64],
    ]);
    expect(await sequences(2026)).toEqual({ 1: oneToN(64), 3: oneToN(64) });
    const rolledBack = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM receipts WHERE reference IN
          (SELECT 'RACE-' || i FROM generate_series(0, 79, 5) i)`,
    );
    expect(Number(rolledBack[0]!.n)).toBe(0);
    const unnumbered = await queryRows(db, sql`SELECT id FROM receipts WHERE number IS NULL`);
    expect(unnumbered).toEqual([]);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  }, 30_000);

  it("negative control: without the counter's lock, concurrent numberers collide", async () => {
    // In another year, so the first test's numbers stay as they are.
    const AT = new Date("2031-03-01T10:00:00Z");
    const user = await createUser(db);
    let failures = 0;
    for (let round = 0; round < 10 && failures === 0; round += 1) {
      for (let i = 0; i < 4; i += 1) await buy(db, user.id, `UNSAFE-${round}-${i}`, AT);
      const results = await Promise.allSettled(
        [0, 1, 2, 3, 4, 5].map((i) => numberReceipts(pools[i % 2]!.db, 1, { unsafeSkipCounterLock: true })),
      );
      failures += results.filter((r) => r.status === "rejected").length;
      // A collision is refused by the constraints (unique sequence, a number written once) or leaves a gap.
      if (failures === 0 && (await receiptViolations(db)).length > 0) failures += 1;
    }
    expect(failures).toBeGreaterThan(0);
  }, 20_000);

  it("negative control: the check finds a gap", async () => {
    const AT = new Date("2032-03-01T10:00:00Z");
    const user = await createUser(db);
    await buy(db, user.id, "GAP-1", AT);
    await numberReceipts(db, 1);
    expect(await sequences(2032)).toEqual({ 1: [1, 2] });
    // A number lost: the counter moved on without a receipt.
    await db.execute(
      sql`UPDATE receipt_sequences SET last_number = last_number + 1 WHERE country_id = 1 AND year = 2032`,
    );
    await buy(db, user.id, "GAP-2", AT);
    await numberReceipts(db, 1);
    expect(await sequences(2032)).toEqual({ 1: [1, 2, 4, 5] });
    expect(await receiptViolations(db)).toContainEqual(
      "receipts of country 1 in 2032: 4 numbered, highest 5, counter 5",
    );
  });
});
