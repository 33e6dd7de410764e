// The tests' ledger invariants check (ledger-invariants.ts) finds what it promises to find: each
// case tampers inside a transaction that is rolled back, since the database itself would refuse it.
import { randomUUID } from "node:crypto";
import { PURCHASE_KINDS } from "@parkwell/contract";
import { servedCountries } from "../features/reference/served-countries";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { creditTopUp } from "../features/wallet/ledger.service";
import { ensureAccounts } from "../features/wallet/ledger.repo";
import { createUser } from "./factories";
import { createTestContext, type TestContext } from "./harness";
import { ledgerViolations, receiptViolations } from "./ledger-invariants";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());

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

describe("ledgerViolations", () => {
  it("the invariant check itself finds a drifted balance and an entry whose balance_after is wrong", async () => {
    const user = await createUser(db);
    await topUp(user.id, 1_000, `t:${user.id}:tamper`);
    await topUp(user.id, 500, `t:${user.id}:tamper2`);
    const key = `user:${user.id}:NGN`;
    let found: string[] = [];
    // Tampering needs the append-only trigger off; the transaction is rolled back afterwards.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_change`);
        await tx.execute(
          sql`UPDATE ledger_entries SET balance_after_minor = balance_after_minor + 1
              WHERE id = (SELECT min(e.id) FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id WHERE a.key = ${key})`,
        );
        await tx.execute(
          sql`UPDATE wallet_accounts SET balance_minor = balance_minor + 7 WHERE key = ${key}`,
        );
        found = await ledgerViolations(tx as unknown as Db);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(found.some((p) => p.startsWith(`account ${key}: balance 1507 but entries sum to 1500`))).toBe(
      true,
    );
    expect(found.filter((p) => p.includes("balance_after does not match"))).toHaveLength(1);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("the invariant check itself finds a transaction unbalanced per currency and an entry in another currency than its account", async () => {
    const user = await createUser(db);
    const [ngn, usd] = await db.transaction((tx) =>
      ensureAccounts(tx, [
        { key: `test:${user.id}:NGN`, kind: "provider_clearing", currency: "NGN" },
        { key: `test:${user.id}:USD`, kind: "provider_clearing", currency: "USD" },
      ]),
    );
    // The commit check would refuse these, so each is looked at inside its transaction, then rolled back.
    const violationsOf = async (key: string, lines: [string, number, string][]) => {
      let found: string[] = [];
      await db
        .transaction(async (tx) => {
          const [t] = (
            (await tx.execute(
              sql`INSERT INTO ledger_transactions (kind, idempotency_key) VALUES ('test', ${key}) RETURNING id`,
            )) as unknown as { rows: { id: string }[] }
          ).rows;
          for (const [account, amount, currency] of lines) {
            await tx.execute(
              sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency, balance_after_minor)
                  VALUES (${t!.id}, ${account}, ${amount}, ${currency}, ${amount})`,
            );
            await tx.execute(sql`UPDATE wallet_accounts SET balance_minor = ${amount} WHERE id = ${account}`);
          }
          found = await ledgerViolations(tx as unknown as Db);
          throw new Error("roll back");
        })
        .catch(() => {});
      return found;
    };
    // +500 NGN and -500 USD: zero as one sum, unbalanced in each currency.
    const mixed = await violationsOf(`fx:${user.id}`, [
      [ngn.id, 500, "NGN"],
      [usd.id, -500, "USD"],
    ]);
    expect(mixed).toHaveLength(2);
    expect(mixed.every((p) => /^ledger transaction \S+ does not balance in (NGN|USD)$/.test(p))).toBe(true);
    // Balanced in USD, but one USD entry sits on the NGN account.
    const foreign = await violationsOf(`foreign:${user.id}`, [
      [ngn.id, 500, "USD"],
      [usd.id, -500, "USD"],
    ]);
    expect(foreign).toEqual([expect.stringMatching(/^entry \d+ is in USD but its account in NGN$/)]);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe("receiptViolations", () => {
  it("the invariant check itself finds a purchase of every kind on the engine without its kind's row", async () => {
    // A kind added to PURCHASE_KIND_FACTS fails here until PURCHASE_ROWS names its table.
    const user = await createUser(db);
    let found: string[] = [];
    await db
      .transaction(async (tx) => {
        for (const kind of PURCHASE_KINDS) {
          await tx.execute(sql`INSERT INTO purchases (id, kind, code, user_id, created_at)
              VALUES (${randomUUID()}, ${kind}, ${`ORPHAN-${kind}`}, ${user.id}, '2026-01-01T00:00:00Z')`);
        }
        found = await receiptViolations(tx as unknown as Db);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(found.map((p) => p.replace(/ has no \S+ row of its buyer$/, "")).sort()).toEqual(
      PURCHASE_KINDS.map((kind) => `purchase ORPHAN-${kind} (${kind})`).sort(),
    );
    expect(await receiptViolations(db)).toEqual([]);
  });
});
