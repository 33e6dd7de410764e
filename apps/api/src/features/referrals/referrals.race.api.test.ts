import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, fund, HOUR } from "../bookings/bookings.test-kit";
import { rewardFirstPurchase } from "./referrals.service";

/**
 * Two first purchases of one invited driver at the same moment pay one reward: on two app
 * instances (two pools) on one PostgreSQL database. PGlite runs one query at a time: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")("referral rewards under concurrency (PostgreSQL only)", () => {
  let ctx: TestContext;
  let db: Db;
  let apps: FastifyInstance[];
  let other: Database;
  const closers: (() => Promise<void>)[] = [];
  let parks: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const a = await anotherApp(ctx, {}, 10);
    const b = await anotherApp(ctx, {}, 10);
    closers.push(a.close, b.close);
    apps = [a.app, b.app];
    other = await openDatabase({ url: ctx.url!, poolSize: 5 });
    closers.push(() => other.close());
    parks = await allDayParks(db, 2);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  /** An invited driver: the inviter's code and a registered invitation, as registration writes it. */
  async function invited(
    existing?: TestUser,
  ): Promise<{ inviter: TestUser; invitee: TestUser; code: string }> {
    const inviter = await createUser(db);
    const invitee = existing ?? (await createUser(db));
    const code = `R${randomUUID().slice(0, 6).toUpperCase()}`;
    await db.execute(
      sql`INSERT INTO referral_codes (user_id, code, created_at) VALUES (${inviter.id}, ${code}, ${at(0)})`,
    );
    await db.execute(
      sql`INSERT INTO referrals (inviter_id, invitee_id, code, status, created_at)
          VALUES (${inviter.id}, ${invitee.id}, ${code}, 'registered', ${at(0)})`,
    );
    return { inviter, invitee, code };
  }

  const rewardsOf = (userId: string) =>
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE t.kind = 'referral_reward' AND a.owner_user_id = ${userId}`,
    ).then((r) => r[0]!.n);

  /** The invitee's referral: its id, status and the purchase that paid it. */
  const referralOf = (inviteeId: string) =>
    queryRows<{ id: string; status: string; purchase_id: string | null }>(
      db,
      sql`SELECT id, status, purchase_id FROM referrals WHERE invitee_id = ${inviteeId}`,
    ).then((r) => r[0]!);

  /** Every marketing account's balance together (in the test's one currency, NGN). */
  const marketingBalance = () =>
    queryRows<{ balance: string }>(
      db,
      sql`SELECT coalesce(sum(balance_minor), 0)::text AS balance FROM wallet_accounts WHERE kind = 'marketing_spend'`,
    ).then((r) => Number(r[0]!.balance));

  /** The marketing account's entries of one referral: one per side when it paid once. */
  const marketingMovesOf = (referralId: string) =>
    queryRows<{ key: string; amount: number }>(
      db,
      sql`SELECT t.idempotency_key AS key, e.amount_minor::int AS amount
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE a.kind = 'marketing_spend' AND t.idempotency_key LIKE ${`referral:${referralId}:%`}
          ORDER BY t.idempotency_key`,
    );

  /**
   * After a race: the one purchase that paid is the one the referral names, the marketing account
   * moved once (one debit per side: NGN 1,000 each) and every balance still equals its history.
   */
  async function paidOnce(
    invitee: TestUser,
    inviter: TestUser,
    answers: { purchaseId: string; paid: boolean }[],
    marketingBefore: number,
  ) {
    const winners = answers.filter((a) => a.paid);
    expect(winners).toHaveLength(1);
    const referral = await referralOf(invitee.id);
    expect(referral.status).toBe("rewarded");
    expect(referral.purchase_id).toBe(winners[0]!.purchaseId);
    expect(await rewardsOf(invitee.id)).toBe(1);
    expect(await rewardsOf(inviter.id)).toBe(1);
    expect(await marketingMovesOf(referral.id)).toEqual([
      { key: `referral:${referral.id}:invitee`, amount: -100_000 },
      { key: `referral:${referral.id}:inviter`, amount: -100_000 },
    ]);
    expect(await marketingBalance()).toBe(marketingBefore - 200_000);
    expect(await ledgerViolations(db)).toEqual([]);
  }

  // Two bookings of one buyer also queue on the buyer's wallet, so this one passes without the
  // referral's row lock too; the next test, two transactions that hold no wallet, needs it.
  it("two first bookings at once, on two app instances: both made, the one that paid is the referral's, paid once", async () => {
    for (let round = 0; round < 5; round++) {
      const { inviter, invitee } = await invited();
      await fund(db, invitee.id, 50_000_000);
      const marketingBefore = await marketingBalance();
      const results = await Promise.all(
        apps.map((app, i) =>
          app.inject({
            method: "POST",
            url: "/api/v1/bookings",
            headers: bearer(invitee),
            payload: {
              park_id: parks[i],
              vehicle_type_id: 1,
              start_time: at((2 + round) * HOUR).toISOString(),
              end_time: at((3 + round) * HOUR).toISOString(),
            },
          }),
        ),
      );
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      const purchases = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM purchases WHERE user_id = ${invitee.id}`,
      );
      expect(purchases).toHaveLength(2);
      // The reward names one of the two purchases (read from the data: the API tests share one
      // module graph per worker, so a module mock of the hook would not reliably see its calls).
      const { purchase_id: paidBy } = await referralOf(invitee.id);
      expect(purchases.map((p) => p.id)).toContain(paidBy);
      const answers = purchases.map((p) => ({ purchaseId: p.id, paid: p.id === paidBy }));
      await paidOnce(invitee, inviter, answers, marketingBefore);
    }
  });

  it("the hook itself, called by two first purchases' transactions at once: one pays, the other waits and pays nothing", async () => {
    for (let round = 0; round < 10; round++) {
      // Two purchases made before the invitation is written, so neither paid a reward yet.
      const invitee = await createUser(db);
      await fund(db, invitee.id, 50_000_000);
      for (const [i, park] of parks.entries()) {
        const res = await apps[i]!.inject({
          method: "POST",
          url: "/api/v1/bookings",
          headers: bearer(invitee),
          payload: {
            park_id: park,
            vehicle_type_id: 1,
            start_time: at((2 + round) * HOUR).toISOString(),
            end_time: at((3 + round) * HOUR).toISOString(),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const purchases = (
        await queryRows<{ id: string }>(
          db,
          sql`SELECT id FROM purchases WHERE user_id = ${invitee.id} ORDER BY id`,
        )
      ).map((p) => p.id);
      expect(purchases).toHaveLength(2);
      const { inviter } = await invited(invitee);
      const marketingBefore = await marketingBalance();
      const answers = await Promise.all(
        [db, other.db].map((handle, i) =>
          handle.transaction(async (tx) => {
            const purchaseId = purchases[i]!;
            const paid = await rewardFirstPurchase(tx, { userId: invitee.id, purchaseId, at: at(0) });
            // Hold the transaction open a moment, so the other one reads the referral meanwhile.
            await tx.execute(sql`SELECT pg_sleep(0.05)`);
            return { purchaseId, paid };
          }),
        ),
      );
      await paidOnce(invitee, inviter, answers, marketingBefore);
    }
  });
});
