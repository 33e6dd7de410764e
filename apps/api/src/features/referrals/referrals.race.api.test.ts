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
      sql`INSERT INTO referral_codes (user_id, code, created_at) VALUES (${inviter.id}, ${code}, now())`,
    );
    await db.execute(
      sql`INSERT INTO referrals (inviter_id, invitee_id, code, status, created_at)
          VALUES (${inviter.id}, ${invitee.id}, ${code}, 'registered', now())`,
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

  it("two bookings at once, on two app instances: both made, one reward to each side", async () => {
    for (let round = 0; round < 5; round++) {
      const { inviter, invitee } = await invited();
      await fund(db, invitee.id, 50_000_000);
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
      expect(await rewardsOf(invitee.id)).toBe(1);
      expect(await rewardsOf(inviter.id)).toBe(1);
    }
  });

  it("the reward itself, called by two purchases' transactions at once (e.g. two paid by others): one pays", async () => {
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
      await Promise.all(
        [db, other.db].map((handle, i) =>
          handle.transaction(async (tx) => {
            await rewardFirstPurchase(tx, { userId: invitee.id, purchaseId: purchases[i]!, at: new Date() });
            // Hold the transaction open a moment, so the other one waits on the referral's row.
            await tx.execute(sql`SELECT pg_sleep(0.05)`);
          }),
        ),
      );
      expect(await rewardsOf(invitee.id)).toBe(1);
      expect(await rewardsOf(inviter.id)).toBe(1);
      const [row] = await queryRows<{ status: string; purchase_id: string }>(
        db,
        sql`SELECT status, purchase_id FROM referrals WHERE invitee_id = ${invitee.id}`,
      );
      expect(row!.status).toBe("rewarded");
      expect(purchases).toContain(row!.purchase_id);
    }
  });
});
