// The wallet's max_balance: top-ups still being paid count against it when one starts, and a
// payment that settles past it credits up to the cap and holds the rest for support.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { anotherApp, TEST_ENGINE } from "../../test/harness";
import { usePaymentsContext } from "../../test/payments-context";
import { revenueKey, userWalletKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import type { TestUser } from "../../test/factories";

const payments = usePaymentsContext();
const { user, addFunds, verify, balance } = payments;
const MILLION = 1_000_000;

/** The customer pays on Paystack and comes back: verify credits. */
async function pay(u: TestUser, reference: string) {
  payments.ctx.paystack.complete(reference);
  return (await verify(u, reference, "paystack")).json();
}

async function start(u: TestUser, amount: number): Promise<string> {
  const res = await addFunds(u, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.reference as string;
}

/**
 * Money landing in the wallet between a top-up's start and its settlement (a booking refund, in
 * life): platform revenue -> wallet. Not a `refund` move: a real one carries its booking's credit
 * note, and what these tests need is only the balance.
 */
const refund = (u: TestUser, amountMinor: number, key: string) =>
  payments.ctx.database.db.transaction((tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-credit:${key}`,
      kind: "adjustment",
      lines: [
        {
          account: {
            key: userWalletKey(u.id, "NGN"),
            kind: "user_wallet",
            currency: "NGN",
            ownerUserId: u.id,
          },
          amountMinor,
        },
        {
          account: { key: revenueKey("NGN"), kind: "platform_revenue", currency: "NGN" },
          amountMinor: -amountMinor,
        },
      ],
    }),
  );

const age = (u: TestUser, interval: string) =>
  payments.ctx.database.db.execute(
    sql`UPDATE payments SET created_at = created_at - ${interval}::interval WHERE user_id = ${u.id}`,
  );

async function held(u: TestUser, reference: string) {
  const [row] = await queryRows<{ held: string; account: string | null }>(
    payments.ctx.database.db,
    sql`SELECT p.held_minor::text AS held,
          (SELECT balance_minor::text FROM wallet_accounts WHERE key = ${`held:${u.id}:NGN`}) AS account
        FROM payments p WHERE p.reference = ${reference}`,
  );
  return { paymentMinor: Number(row!.held), accountMinor: Number(row!.account ?? 0) };
}

/** The receipt of a top-up, by our payment reference (one per payment). */
async function receiptOf(reference: string) {
  const rows = await queryRows<Record<string, unknown>>(
    payments.ctx.database.db,
    sql`SELECT kind, park_id, time_zone, total_minor::text, lines, taxes FROM receipts WHERE reference = ${reference}`,
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

describe("the wallet cap when a top-up starts", () => {
  it("six top-ups of ₦1,000,000 started against ₦0: the sixth is refused and nothing passes ₦5,000,000", async () => {
    const u = await user();
    const refs = [];
    for (let i = 0; i < 5; i++) refs.push(await start(u, MILLION));
    const initialised = payments.ctx.paystack.transactions.size;
    const sixth = await addFunds(u, MILLION);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().fields.amount).toBe(
      "A wallet can hold at most ₦5,000,000; with ₦5,000,000 in top-ups still being paid, you can add up to ₦0",
    );
    expect(payments.ctx.paystack.transactions.size).toBe(initialised);
    for (const ref of refs) expect((await pay(u, ref)).data.credited).toBe(true);
    expect(await balance(u)).toBe(5 * MILLION);
    expect((await addFunds(u, 500)).statusCode).toBe(422);
  });

  it("counts a checkout only while it can still be paid: a day for Paystack, 30 minutes for Wave", async () => {
    const ng = await user();
    for (let i = 0; i < 5; i++) await start(ng, MILLION);
    await age(ng, "31 minutes");
    expect((await addFunds(ng, MILLION)).statusCode).toBe(422);
    await age(ng, "24 hours");
    await start(ng, MILLION);

    // A declined Paystack payment may still be paid on the same page: it keeps counting.
    const declined = await user();
    const refs = [];
    for (let i = 0; i < 5; i++) refs.push(await start(declined, MILLION));
    payments.ctx.paystack.complete(refs[0]!, "failed");
    expect((await verify(declined, refs[0]!)).json().code).toBe("payment_failed");
    expect((await addFunds(declined, MILLION)).statusCode).toBe(422);

    const sn = await user(3);
    for (let i = 0; i < 3; i++) await start(sn, MILLION);
    expect((await addFunds(sn, 500)).statusCode).toBe(422);
    await age(sn, "31 minutes");
    await start(sn, MILLION);
  });
});

describe("the wallet cap when a payment settles", () => {
  it("credits up to the cap, holds the excess in an account of its own and flags the payment", async () => {
    const u = await user();
    for (let i = 0; i < 4; i++) await pay(u, await start(u, MILLION));
    const reference = await start(u, MILLION);
    await refund(u, 600_000_00, u.id);
    expect(await balance(u)).toBe(4_600_000);

    const done = await pay(u, reference);
    expect(done).toMatchObject({
      status: "success",
      data: { credited: true, new_balance: 5 * MILLION, held: 600_000 },
    });
    expect(done.message).toMatch(/held/);
    expect(await balance(u)).toBe(5 * MILLION);
    expect(await held(u, reference)).toEqual({ paymentMinor: 600_000_00, accountMinor: 600_000_00 });
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
    // The receipt documents the payment: the whole ₦1,000,000, the part held included.
    expect(await receiptOf(reference)).toEqual({
      kind: "topup",
      park_id: null,
      time_zone: "Africa/Lagos",
      total_minor: String(MILLION * 100),
      lines: [{ kind: "topup", amountMinor: MILLION * 100, detail: "paystack" }],
      taxes: [],
    });

    // Every other path confirms the same payment without moving money again.
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect((await verify(u, reference)).json().data).toMatchObject({ credited: false, held: 600_000 });
    expect(await balance(u)).toBe(5 * MILLION);
    expect(await held(u, reference)).toEqual({ paymentMinor: 600_000_00, accountMinor: 600_000_00 });
  });

  it("a wallet already at the cap: the whole payment is held, the wallet unchanged", async () => {
    const u = await user();
    for (let i = 0; i < 4; i++) await pay(u, await start(u, MILLION));
    const reference = await start(u, MILLION);
    await refund(u, MILLION * 100, `${u.id}:full`);
    expect((await pay(u, reference)).data).toMatchObject({
      credited: true,
      new_balance: 5 * MILLION,
      held: MILLION,
    });
    expect(await held(u, reference)).toEqual({ paymentMinor: MILLION * 100, accountMinor: MILLION * 100 });
    expect((await receiptOf(reference))!.total_minor).toBe(String(MILLION * 100));
  });
});

// PGlite runs one transaction at a time, so these races only mean something on PostgreSQL.
describe.skipIf(TEST_ENGINE !== "postgres")("the cap under races (PostgreSQL)", () => {
  it("six top-ups of ₦1,000,000 started at once on two API processes: exactly five start", async () => {
    for (let round = 0; round < 3; round++) {
      const u = await user();
      const other = await anotherApp(payments.ctx);
      try {
        const req = {
          method: "POST" as const,
          url: "/api/v1/wallet/add-funds",
          payload: { amount: MILLION },
        };
        const headers = { authorization: `Bearer ${u.token}` };
        const res = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            (i % 2 ? other.app : payments.ctx.app).inject({
              ...req,
              headers: { ...headers, "idempotency-key": randomUUID() },
            }),
          ),
        );
        expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 422]);
        for (const r of res.filter((x) => x.statusCode === 200)) await pay(u, r.json().data.reference);
        expect(await balance(u)).toBe(5 * MILLION);
      } finally {
        await other.close();
      }
    }
  });

  it("two payments settled at once by verifies and webhooks after a refund filled the wallet: it stops at the cap", async () => {
    for (let round = 0; round < 3; round++) {
      const u = await user();
      for (let i = 0; i < 3; i++) await pay(u, await start(u, MILLION));
      const refs = [await start(u, MILLION), await start(u, MILLION)];
      await refund(u, MILLION * 100, `${u.id}:race`);
      for (const ref of refs) payments.ctx.paystack.complete(ref);
      await Promise.all(
        refs.flatMap((ref) => [
          ...Array.from({ length: 8 }, () => verify(u, ref, "paystack")),
          payments.ctx.paystack.sendWebhook(ref, payments.ctx.webhookUrl("paystack")),
          payments.ctx.paystack.sendWebhook(ref, payments.ctx.webhookUrl("paystack")),
        ]),
      );
      expect(await balance(u)).toBe(5 * MILLION);
      const holds = await Promise.all(refs.map((ref) => held(u, ref)));
      expect(holds[0]!.paymentMinor + holds[1]!.paymentMinor).toBe(MILLION * 100);
      expect(holds[0]!.accountMinor).toBe(MILLION * 100);
      for (const ref of refs) expect(await payments.ctx.ledgerTransactionsFor(ref)).toBe(1);
    }
  });
});
