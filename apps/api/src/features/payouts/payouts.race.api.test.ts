import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database, type Db } from "../../db/client";
import { hashToken } from "../../lib/tokens";
import { bearer } from "../../test/factories";
import { holdRequests } from "../../test/fakes/fake-server";
import { TEST_ENGINE } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, type PaymentsContext } from "../../test/payments-context";
import { createPayments } from "../payments/registry";
import { servedCountries } from "../reference/served-countries";
import { dueSettlements } from "./payouts.repo";
import { createPayout, runPayouts, sendPayout, type PayoutDeps } from "./payouts.service";
import {
  balanceOf,
  closePeriod,
  confirmedAccount,
  credit,
  operatorWithManager,
  payoutsOf,
} from "./payouts.test-kit";

// PGlite runs one statement at a time, so races there always pass and prove nothing.
const onPostgres = TEST_ENGINE === "postgres";
const reason = "needs real PostgreSQL (TEST_DB_ENGINE=postgres): PGlite serialises every query";

let ctx: PaymentsContext;
let second: Database;
let one: PayoutDeps;
let two: PayoutDeps;
const depsOf = (db: Db): PayoutDeps => {
  const countries = servedCountries(db);
  return {
    db,
    clock: () => new Date(),
    countries,
    payments: createPayments(ctx.config, (c) => countries.decimalsOf(c)),
  };
};
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createPaymentsContext({ PAYMENT_TIMEOUT_MS: "5000" });
  second = await openDatabase({ url: ctx.url!, poolSize: 10 });
  await servedCountries(second.db).load();
  one = depsOf(ctx.database.db);
  two = depsOf(second.db);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});
afterEach(async () => {
  if (!ctx) return;
  ctx.paystack.behaviour.hold?.release();
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const MONTH = { start: new Date("2026-10-01T00:00:00Z"), end: new Date("2026-11-01T00:00:00Z") };

async function recipientFor(number: string, name: string): Promise<string> {
  ctx.paystack.bankAccounts.set(`058:${number}`, name);
  const res = await fetch(`${ctx.paystack.url}/transferrecipient`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEYS.paystack}`, "content-type": "application/json" },
    body: JSON.stringify({ type: "nuban", name, account_number: number, bank_code: "058", currency: "NGN" }),
  });
  return ((await res.json()) as { data: { recipient_code: string } }).data.recipient_code;
}

async function owed(amountMinor: number) {
  const { operatorId, manager } = await operatorWithManager(ctx.database.db, 1);
  const number = String(2_000_000_000 + operatorId);
  const accountId = await confirmedAccount(ctx.database.db, {
    operatorId,
    currency: "NGN",
    provider: "paystack",
    destination: number,
    recipient: await recipientFor(number, "FIRST HOLDER"),
    at: new Date(),
  });
  await credit(ctx.database.db, operatorId, "NGN", amountMinor);
  await closePeriod(ctx.database.db, operatorId, "NGN", MONTH.start, MONTH.end);
  return { operatorId, manager, accountId, number };
}

const transfersTo = (recipient: string) =>
  [...ctx.paystack.transfers.values()].filter((t) => t.recipient === recipient);

describe.skipIf(!onPostgres)(`payouts under concurrency (${reason})`, () => {
  it("two payout jobs for one period, on two processes, make one payout and one transfer", async () => {
    for (let round = 0; round < 3; round++) {
      const { operatorId } = await owed(1_500_000);
      await Promise.all([runPayouts(one), runPayouts(two), runPayouts(one), runPayouts(two)]);
      const payouts = await payoutsOf(ctx.database.db, operatorId);
      expect(payouts).toHaveLength(1);
      expect(payouts[0]!.status).toBe("sent");
      const [row] = await queryRows<{ recipient: string }>(
        ctx.database.db,
        sql`SELECT provider_recipient AS recipient FROM payout_accounts WHERE id = ${payouts[0]!.payout_account_id}`,
      );
      expect(transfersTo(row!.recipient)).toHaveLength(1);
      expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(0);
    }
  });

  it("a second job while the first is at the provider does not send the payout again (the lease)", async () => {
    const { operatorId } = await owed(1_200_000);
    const due = (await dueSettlements(ctx.database.db)).find((s) => s.operator_id === operatorId)!;
    const id = (await createPayout(one, due))!;
    const held = holdRequests(ctx.paystack);
    const first = sendPayout(one, id);
    const request = await held.arrived;
    expect(request.path).toBe("/transfer");
    expect(await sendPayout(two, id)).toBe("skip");
    held.release();
    expect(await first).toBe("sent");
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    expect(payout).toMatchObject({ status: "sent", attempts: 1 });
    expect(
      ctx.paystack.requests.filter((r) => r.path === "/transfer" && r.body.includes(payout!.idempotency_key)),
    ).toHaveLength(1);
  });

  it("a webhook delivered many times at once, and out of order, settles once", async () => {
    const { operatorId } = await owed(2_000_000);
    await runPayouts(one);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    ctx.paystack.settleTransfer(payout!.idempotency_key, "success");
    const url = ctx.webhookUrl("paystack");
    const statuses = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        ctx.paystack.sendTransferWebhook(payout!.idempotency_key, "transfer.success", url),
      ),
      ...Array.from({ length: 2 }, () =>
        ctx.paystack.sendTransferWebhook(payout!.idempotency_key, "transfer.failed", url),
      ),
    ]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await payoutsOf(ctx.database.db, operatorId))[0]!.status).toBe("paid");
    const [moves] = await queryRows<{ settled: number; returned: number }>(
      ctx.database.db,
      sql`SELECT count(*) FILTER (WHERE idempotency_key = ${`payout_settled:${payout!.id}`})::int AS settled,
            count(*) FILTER (WHERE idempotency_key = ${`payout_returned:${payout!.id}`})::int AS returned
          FROM ledger_transactions`,
    );
    expect(moves).toEqual({ settled: 1, returned: 0 });
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(0);
  });

  it("a bank-account change racing a payout: the payout uses exactly one account, the one usable at that moment", async () => {
    for (let round = 0; round < 3; round++) {
      const { operatorId, manager, accountId } = await owed(1_000_000);
      const newNumber = String(3_000_000_000 + operatorId);
      ctx.paystack.bankAccounts.set(`058:${newNumber}`, "SECOND HOLDER");
      const added = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/admin/payout-accounts",
        headers: bearer(manager),
        payload: { bank_code: "058", account_number: newNumber },
      });
      expect(added.statusCode).toBe(201);
      // The link's token, as the e-mail would carry it.
      const token = `race-token-${operatorId}-${round}-0123456789`;
      await ctx.database.db.execute(sql`UPDATE payout_accounts SET confirm_token_hash = ${hashToken(token)},
        confirm_expires_at = now() + interval '1 day' WHERE id = ${added.json().id}`);
      const [confirmed] = await Promise.all([
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/admin/payout-accounts/confirm",
          headers: bearer(manager),
          payload: { token },
        }),
        runPayouts(two),
      ]);
      expect(confirmed.statusCode).toBe(200);
      const [payout] = await payoutsOf(ctx.database.db, operatorId);
      // The new account is in its 48 hours: the one usable at that moment is the first.
      expect(payout).toMatchObject({ status: "sent", payout_account_id: accountId });
      const [first] = await queryRows<{ recipient: string; status: string }>(
        ctx.database.db,
        sql`SELECT provider_recipient AS recipient, status FROM payout_accounts WHERE id = ${accountId}`,
      );
      expect(first!.status).toBe("replaced");
      expect(ctx.paystack.transfers.get(payout!.idempotency_key)!.recipient).toBe(first!.recipient);
      expect(transfersTo(first!.recipient)).toHaveLength(1);
    }
  });
});
