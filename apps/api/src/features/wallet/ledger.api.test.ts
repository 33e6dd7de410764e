import { servedCountries } from "../reference/served-countries";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { checkTransfer, LedgerRuleError, splitAtCap } from "./ledger.domain";
import { ensureAccounts, findWallet } from "./ledger.repo";
import { chargeWallet, creditTopUp, postTransfer, refundToWallet, userWallet } from "./ledger.service";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

const topUp = (userId: string, amountMinor: number, key: string) =>
  db.transaction((tx) =>
    creditTopUp(servedCountries(db), tx, {
      userId,
      currency: "NGN",
      amountMinor,
      provider: "paystack",
      idempotencyKey: key,
      at: new Date(),
    }),
  );
const charge = (userId: string, amountMinor: number, key: string) =>
  db.transaction((tx) => chargeWallet(tx, { userId, currency: "NGN", amountMinor, idempotencyKey: key }));
const balanceOf = async (userId: string) => (await findWallet(db, `user:${userId}:NGN`))?.balanceMinor ?? 0;

describe("ledger rules (pure)", () => {
  it("accepts only balanced transfers of two or more non-zero whole lines on distinct accounts", () => {
    const line = (key: string, amountMinor: number) => ({ account: { key }, amountMinor });
    expect(() => checkTransfer([line("a", 5)])).toThrow(LedgerRuleError);
    expect(() => checkTransfer([line("a", 5), line("b", -4)])).toThrow(/sum to zero/);
    expect(() => checkTransfer([line("a", 0), line("b", 0)])).toThrow();
    expect(() => checkTransfer([line("a", 0.5), line("b", -0.5)])).toThrow();
    expect(() => checkTransfer([line("a", 5), line("a", -5)])).toThrow(/each account once/);
    expect(() => checkTransfer([line("a", 5), line("b", -5)])).not.toThrow();
  });

  it("splits an incoming amount at the wallet's cap: what fits is credited, the rest held", () => {
    expect(splitAtCap(1_000, 3_000, 5_000)).toEqual({ creditMinor: 1_000, heldMinor: 0 });
    expect(splitAtCap(1_000, 4_600, 5_000)).toEqual({ creditMinor: 400, heldMinor: 600 });
    expect(splitAtCap(1_000, 5_000, 5_000)).toEqual({ creditMinor: 0, heldMinor: 1_000 });
    expect(splitAtCap(1_000, 7_000, 5_000)).toEqual({ creditMinor: 0, heldMinor: 1_000 });
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000), (amount, balance, cap) => {
        const { creditMinor, heldMinor } = splitAtCap(amount, balance, cap);
        expect(creditMinor + heldMinor).toBe(amount);
        expect(creditMinor).toBeGreaterThanOrEqual(0);
        expect(heldMinor).toBeGreaterThanOrEqual(0);
        if (creditMinor > 0) expect(balance + creditMinor).toBeLessThanOrEqual(cap);
      }),
    );
  });
});

describe("ledger postings", () => {
  it("credits, charges and refunds with balances that follow the entries", async () => {
    const user = await createUser(db);
    const credited = await topUp(user.id, 10_000, `t:${user.id}:1`);
    expect(credited.created).toBe(true);
    expect(credited.walletBalanceMinor).toBe(10_000);
    expect((await charge(user.id, 2_500, `c:${user.id}:1`)).walletBalanceMinor).toBe(7_500);
    const refunded = await db.transaction((tx) =>
      refundToWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 2_500,
        idempotencyKey: `r:${user.id}:1`,
      }),
    );
    expect(refunded.walletBalanceMinor).toBe(10_000);
    expect(await balanceOf(user.id)).toBe(10_000);
  });

  it("posts an idempotency key once: a replay moves nothing and returns the first transaction", async () => {
    const user = await createUser(db);
    const first = await topUp(user.id, 5_000, `t:${user.id}:same`);
    const again = await topUp(user.id, 5_000, `t:${user.id}:same`);
    expect(again.created).toBe(false);
    expect(again.transactionId).toBe(first.transactionId);
    expect(await balanceOf(user.id)).toBe(5_000);
  });

  it("refuses a charge beyond the balance and changes nothing", async () => {
    const user = await createUser(db);
    await topUp(user.id, 1_000, `t:${user.id}:1`);
    await expect(charge(user.id, 1_001, `c:${user.id}:1`)).rejects.toMatchObject({
      status: 409,
      code: "insufficient_funds",
    });
    expect(await balanceOf(user.id)).toBe(1_000);
    const [row] = (
      (await db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`c:${user.id}:1`}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row?.n).toBe(0);
  });

  it("the database itself refuses an unbalanced transaction, an edited entry and a negative wallet", async () => {
    const user = await createUser(db);
    await topUp(user.id, 1_000, `t:${user.id}:1`);
    const wallet = await db.transaction((tx) => userWallet(tx, user.id, "NGN"));
    await expect(
      db.transaction(async (tx) => {
        const [t] = (
          (await tx.execute(
            sql`INSERT INTO ledger_transactions (kind, idempotency_key) VALUES ('mint', ${`mint:${user.id}`}) RETURNING id`,
          )) as unknown as { rows: { id: string }[] }
        ).rows;
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency, balance_after_minor)
              VALUES (${t!.id}, ${wallet.id}, 500, 'NGN', 1500)`,
        );
      }),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE ledger_entries SET amount_minor = 999999 WHERE account_id = ${wallet.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`DELETE FROM ledger_entries WHERE account_id = ${wallet.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE wallet_accounts SET balance_minor = -1 WHERE id = ${wallet.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE wallet_accounts SET allow_negative = true WHERE id = ${wallet.id}`),
    ).rejects.toThrow();
    expect(await balanceOf(user.id)).toBe(1_000);
  });

  it("the commit check names what is wrong: a currency that does not balance, an entry in another currency than its account", async () => {
    const user = await createUser(db);
    const [ngn, usd] = await db.transaction((tx) =>
      ensureAccounts(tx, [
        { key: `user:${user.id}:NGN`, kind: "user_wallet", currency: "NGN", ownerUserId: user.id },
        { key: `test:${user.id}:USD`, kind: "provider_clearing", currency: "USD" },
      ]),
    );
    const post = (key: string, lines: [string, number, string][]) =>
      db.transaction(async (tx) => {
        const [t] = (
          (await tx.execute(
            sql`INSERT INTO ledger_transactions (kind, idempotency_key) VALUES ('test', ${key}) RETURNING id`,
          )) as unknown as { rows: { id: string }[] }
        ).rows;
        for (const [account, amount, currency] of lines) {
          await tx.execute(
            sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency, balance_after_minor)
                VALUES (${t!.id}, ${account}, ${amount}, ${currency}, 0)`,
          );
        }
      });
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => "committed",
        (err: unknown) => {
          const messages: string[] = [];
          for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
            messages.push(String(e.message));
          }
          return messages.join(" | ");
        },
      );
    expect(await failure(post(`a:${user.id}`, [[usd.id, 300, "USD"]]))).toMatch(/does not balance in USD/);
    expect(
      await failure(
        post(`b:${user.id}`, [
          [ngn.id, 500, "USD"],
          [usd.id, -500, "USD"],
        ]),
      ),
    ).toMatch(/has an entry in another currency than its account/);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("rejects a transfer that does not sum to zero before touching the database", async () => {
    const user = await createUser(db);
    const wallet = {
      key: `user:${user.id}:NGN`,
      kind: "user_wallet" as const,
      currency: "NGN",
      ownerUserId: user.id,
    };
    await expect(
      db.transaction((tx) =>
        postTransfer(tx, {
          idempotencyKey: `x:${user.id}`,
          kind: "adjustment",
          lines: [{ account: wallet, amountMinor: 100 }],
        }),
      ),
    ).rejects.toThrow(LedgerRuleError);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("keeps every invariant over random sequences of top-ups, charges and refunds (property)", async () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant("topup" as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ type: fc.constant("charge" as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ type: fc.constant("refund" as const), pick: fc.nat() }),
      fc.record({ type: fc.constant("replay" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const user = await createUser(db);
        let model = 0;
        let n = 0;
        const posted: { key: string; type: "topup" | "charge"; amount: number; refunded: boolean }[] = [];
        for (const o of ops) {
          n += 1;
          const key = `p:${user.id}:${n}`;
          if (o.type === "topup") {
            await topUp(user.id, o.amount, key);
            model += o.amount;
            posted.push({ key, type: "topup", amount: o.amount, refunded: false });
          } else if (o.type === "charge") {
            const ok = o.amount <= model;
            const attempt = charge(user.id, o.amount, key);
            if (ok) {
              await attempt;
              model -= o.amount;
              posted.push({ key, type: "charge", amount: o.amount, refunded: false });
            } else await expect(attempt).rejects.toMatchObject({ code: "insufficient_funds" });
          } else if (posted.length > 0) {
            const target = posted[o.pick % posted.length]!;
            if (o.type === "replay") {
              const again =
                target.type === "topup"
                  ? await topUp(user.id, target.amount, target.key)
                  : await charge(user.id, target.amount, target.key);
              expect(again.created).toBe(false);
            } else if (target.type === "charge") {
              const r = await db.transaction((tx) =>
                refundToWallet(tx, {
                  userId: user.id,
                  currency: "NGN",
                  amountMinor: target.amount,
                  idempotencyKey: `${target.key}:refund`,
                }),
              );
              if (!target.refunded) model += target.amount;
              expect(r.created).toBe(!target.refunded);
              target.refunded = true;
            }
          }
          expect(await balanceOf(user.id)).toBe(model);
        }
        expect(await ledgerViolations(db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")(
  "ledger under concurrency (PostgreSQL; PGlite serialises everything)",
  () => {
    it("30 concurrent charges against a balance for 5: exactly 5 succeed and the wallet ends at zero", async () => {
      const user = await createUser(db);
      await topUp(user.id, 5 * 700, `t:${user.id}:1`);
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => charge(user.id, 700, `c:${user.id}:${i}`)),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
      expect(await balanceOf(user.id)).toBe(0);
    });

    it("40 concurrent transfers between two accounts, lines in both orders: no deadlock, all posted", async () => {
      const a = { key: `test:a:${Date.now()}`, kind: "provider_clearing" as const, currency: "NGN" };
      const b = { key: `test:b:${Date.now()}`, kind: "platform_revenue" as const, currency: "NGN" };
      await db.transaction((tx) => ensureAccounts(tx, [a, b]));
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          db.transaction((tx) =>
            postTransfer(tx, {
              idempotencyKey: `both-orders:${a.key}:${i}`,
              kind: "adjustment",
              // Half the transfers name b first: updating in the given order would deadlock.
              lines:
                i % 2 === 0
                  ? [
                      { account: a, amountMinor: -(i + 1) },
                      { account: b, amountMinor: i + 1 },
                    ]
                  : [
                      { account: b, amountMinor: -(i + 1) },
                      { account: a, amountMinor: i + 1 },
                    ],
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    });

    it("concurrent first top-ups of new wallets (accounts created on the way): no deadlock", async () => {
      // Wallet ids are random, so across 6 users both orders of wallet and clearing account occur.
      const users = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
      const results = await Promise.allSettled(
        users.flatMap((u) => Array.from({ length: 8 }, (_, i) => topUp(u.id, 100, `first:${u.id}:${i}`))),
      );
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      for (const u of users) expect(await balanceOf(u.id)).toBe(800);
    });

    it("30 concurrent posts of one idempotency key: one transaction", async () => {
      const user = await createUser(db);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => topUp(user.id, 1_000, `t:${user.id}:once`)),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
      expect(await balanceOf(user.id)).toBe(1_000);
    });
  },
);
