import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { ledgerViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, type PaymentsContext } from "../../test/payments-context";
import { createPayments } from "../payments/registry";
import { servedCountries } from "../reference/served-countries";
import { closeOperatorPeriods } from "../settlements/settlements.service";
import { runPayouts, type PayoutDeps } from "./payouts.service";
import {
  accountBalance,
  balanceOf,
  closePeriod,
  confirmedAccount,
  credit,
  operatorWithManager,
  payoutsOf,
} from "./payouts.test-kit";

let ctx: PaymentsContext;
let admin: TestUser;
let deps: PayoutDeps;
beforeAll(async () => {
  ctx = await createPaymentsContext();
  admin = await createStaff(ctx.database.db, "admin");
  const countries = servedCountries(ctx.database.db);
  deps = {
    db: ctx.database.db,
    clock: () => new Date(),
    countries,
    payments: createPayments(ctx.config, (c) => countries.decimalsOf(c)),
  };
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const call = (
  user: { token: string },
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  lang = "en",
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { ...bearer(user), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });

const MONTH = { start: new Date("2026-10-01T00:00:00Z"), end: new Date("2026-11-01T00:00:00Z") };

/** A Nigerian operator owed `amountMinor` in a closed October, with a usable Paystack account. */
async function owedInNigeria(amountMinor: number, opts: { account?: boolean } = {}) {
  const { operatorId, manager } = await operatorWithManager(ctx.database.db, 1);
  const number = String(1_000_000_000 + operatorId).padStart(10, "0");
  ctx.paystack.bankAccounts.set(`058:${number}`, "OPERATOR HOLDER");
  let accountId: number | null = null;
  if (opts.account !== false) {
    // Made at Paystack as the add route makes it, then confirmed 49 hours ago.
    const recipient = await fetch(`${ctx.paystack.url}/transferrecipient`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEYS.paystack}`, "content-type": "application/json" },
      body: JSON.stringify({
        type: "nuban",
        name: "OPERATOR HOLDER",
        account_number: number,
        bank_code: "058",
        currency: "NGN",
      }),
    }).then((r) => r.json() as Promise<{ data: { recipient_code: string } }>);
    accountId = await confirmedAccount(ctx.database.db, {
      operatorId,
      currency: "NGN",
      provider: "paystack",
      destination: number,
      recipient: recipient.data.recipient_code,
      holder: "OPERATOR HOLDER",
      at: new Date(),
    });
  }
  await credit(ctx.database.db, operatorId, "NGN", amountMinor);
  const settlementId = await closePeriod(ctx.database.db, operatorId, "NGN", MONTH.start, MONTH.end);
  return { operatorId, manager, accountId, settlementId, number };
}

describe("a closed period's payout through Paystack", () => {
  it("is made once, sent with its idempotency key as the reference, and settled once by its webhook", async () => {
    const { operatorId, manager, accountId } = await owedInNigeria(2_500_000);
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    expect(payout).toMatchObject({
      status: "sent",
      provider: "paystack",
      payout_account_id: accountId,
      attempts: 1,
    });
    expect(Number(payout!.amount_minor)).toBe(2_500_000);
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(0);
    const transfer = ctx.paystack.transfers.get(payout!.idempotency_key)!;
    expect(transfer).toMatchObject({
      amount: 2_500_000,
      currency: "NGN",
      source: "balance",
      status: "pending",
    });

    // Another run neither makes a second payout nor sends it again.
    await runPayouts(deps);
    expect(await payoutsOf(ctx.database.db, operatorId)).toHaveLength(1);
    expect(
      [...ctx.paystack.transfers.values()].filter((t) => t.recipient === transfer.recipient),
    ).toHaveLength(1);

    const inTransit = await accountBalance(ctx.database.db, "payouts:paystack:NGN");
    const clearing = await accountBalance(ctx.database.db, "clearing:paystack:NGN");
    ctx.paystack.settleTransfer(payout!.idempotency_key, "success");
    expect(
      await ctx.paystack.sendTransferWebhook(
        payout!.idempotency_key,
        "transfer.success",
        ctx.webhookUrl("paystack"),
      ),
    ).toBe(200);
    expect(
      await ctx.paystack.sendTransferWebhook(
        payout!.idempotency_key,
        "transfer.success",
        ctx.webhookUrl("paystack"),
      ),
    ).toBe(200);
    const [paid] = await payoutsOf(ctx.database.db, operatorId);
    expect(paid!.status).toBe("paid");
    expect(await accountBalance(ctx.database.db, "payouts:paystack:NGN")).toBe(inTransit - 2_500_000);
    expect(await accountBalance(ctx.database.db, "clearing:paystack:NGN")).toBe(clearing + 2_500_000);

    const seen = (await call(manager, "GET", "/payouts")).json();
    expect(seen.items).toEqual([
      expect.objectContaining({
        id: paid!.id,
        status: "paid",
        amount: 25_000,
        currency: "NGN",
        account: { last4: expect.any(String), holder_name: "OPERATOR HOLDER", bank_name: null },
      }),
    ]);
    expect((await call(manager, "GET", `/payouts/${paid!.id}`)).json().status).toBe("paid");
    const outsider = await operatorWithManager(ctx.database.db, 1);
    expect((await call(outsider.manager, "GET", `/payouts/${paid!.id}`)).statusCode).toBe(404);
    expect((await call(outsider.manager, "GET", "/payouts")).json().total).toBe(0);
    const filtered = (
      await call(
        admin,
        "GET",
        `/payouts?operator_id=${operatorId}&country=ng&status=paid&from=2026-10-01&to=2026-10-31`,
      )
    ).json();
    expect(filtered.items.map((p: { id: number }) => p.id)).toEqual([paid!.id]);
    expect(
      (await call(admin, "GET", `/payouts?operator_id=${operatorId}&from=2026-11-01`)).json().total,
    ).toBe(0);
  });

  it("failed: the amount goes back to the operator's balance once, with the bank's words", async () => {
    const { operatorId, manager } = await owedInNigeria(1_000_000);
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    ctx.paystack.settleTransfer(payout!.idempotency_key, "failed", "Account dormant");
    for (let i = 0; i < 2; i++) {
      expect(
        await ctx.paystack.sendTransferWebhook(
          payout!.idempotency_key,
          "transfer.failed",
          ctx.webhookUrl("paystack"),
        ),
      ).toBe(200);
    }
    const [failed] = await payoutsOf(ctx.database.db, operatorId);
    expect(failed).toMatchObject({ status: "failed", reason: "Account dormant" });
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(1_000_000);
    // A success delivered late (the bank's last word is failed) moves nothing again.
    expect(
      await ctx.paystack.sendTransferWebhook(
        payout!.idempotency_key,
        "transfer.success",
        ctx.webhookUrl("paystack"),
      ),
    ).toBe(200);
    expect((await payoutsOf(ctx.database.db, operatorId))[0]!.status).toBe("failed");
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(1_000_000);
    const shown = (await call(manager, "GET", `/payouts/${payout!.id}`, undefined, "fr")).json();
    expect(shown).toMatchObject({ status: "failed", reason: "Account dormant" });
  });

  it("out of order: a failure delivered before the success of a transfer that succeeded settles it paid, once", async () => {
    const { operatorId } = await owedInNigeria(700_000);
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    ctx.paystack.settleTransfer(payout!.idempotency_key, "success");
    await ctx.paystack.sendTransferWebhook(
      payout!.idempotency_key,
      "transfer.failed",
      ctx.webhookUrl("paystack"),
    );
    await ctx.paystack.sendTransferWebhook(
      payout!.idempotency_key,
      "transfer.success",
      ctx.webhookUrl("paystack"),
    );
    expect((await payoutsOf(ctx.database.db, operatorId))[0]!.status).toBe("paid");
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(0);
  });

  it("reversed after it was paid: the amount comes back from the provider's balance", async () => {
    const { operatorId } = await owedInNigeria(900_000);
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    ctx.paystack.settleTransfer(payout!.idempotency_key, "success");
    await ctx.paystack.sendTransferWebhook(
      payout!.idempotency_key,
      "transfer.success",
      ctx.webhookUrl("paystack"),
    );
    const clearing = await accountBalance(ctx.database.db, "clearing:paystack:NGN");
    ctx.paystack.settleTransfer(payout!.idempotency_key, "reversed", "Beneficiary bank returned the funds");
    await ctx.paystack.sendTransferWebhook(
      payout!.idempotency_key,
      "transfer.reversed",
      ctx.webhookUrl("paystack"),
    );
    await ctx.paystack.sendTransferWebhook(
      payout!.idempotency_key,
      "transfer.success",
      ctx.webhookUrl("paystack"),
    );
    expect((await payoutsOf(ctx.database.db, operatorId))[0]).toMatchObject({
      status: "reversed",
      reason: "Beneficiary bank returned the funds",
    });
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(900_000);
    expect(await accountBalance(ctx.database.db, "clearing:paystack:NGN")).toBe(clearing - 900_000);
  });

  it("a balance under the minimum, or negative, is carried: no payout", async () => {
    const small = await owedInNigeria(400_000);
    const negative = await owedInNigeria(-300_000);
    await runPayouts(deps);
    expect(await payoutsOf(ctx.database.db, small.operatorId)).toEqual([]);
    expect(await payoutsOf(ctx.database.db, negative.operatorId)).toEqual([]);
    expect(await balanceOf(ctx.database.db, negative.operatorId, "NGN")).toBe(-300_000);
  });

  it("waits, saying why, without an account; with an account still in its 48 hours; while held", async () => {
    const none = await owedInNigeria(600_000, { account: false });
    await runPayouts(deps);
    const [waiting] = await payoutsOf(ctx.database.db, none.operatorId);
    expect(waiting).toMatchObject({ status: "waiting", payout_account_id: null });
    expect(waiting!.reason).toContain("No payout account is confirmed for NGN");
    const fr = (await call(none.manager, "GET", "/payouts", undefined, "fr")).json().items[0];
    expect(fr.reason).toContain("Aucun compte de versement n'est confirmé en NGN");

    // A new account in its 48 hours: the payout waits until it is usable.
    await confirmedAccount(ctx.database.db, {
      operatorId: none.operatorId,
      currency: "NGN",
      provider: "paystack",
      destination: "0000000001",
      recipient: "RCP_unused",
      at: new Date(),
      hoursAgo: 1,
    });
    await runPayouts(deps);
    expect((await payoutsOf(ctx.database.db, none.operatorId))[0]!.reason).toContain(
      "The new payout account can be used from",
    );

    const held = await owedInNigeria(800_000);
    const hold = await call(admin, "POST", `/operators/${held.operatorId}/payout-hold`, {
      reason: "Bank details under review",
    });
    expect(hold.json()).toMatchObject({
      operator_id: held.operatorId,
      hold: { reason: "Bank details under review" },
    });
    expect(
      (await call(held.manager, "POST", `/operators/${held.operatorId}/payout-hold`, { reason: "mine" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, "POST", `/operators/${held.operatorId}/payout-hold`, { reason: "" })).statusCode,
    ).toBe(422);
    await runPayouts(deps);
    const [heldPayout] = await payoutsOf(ctx.database.db, held.operatorId);
    expect(heldPayout).toMatchObject({
      status: "waiting",
      reason: "Payouts to this operator are held: Bank details under review",
    });
    const setup = (await call(held.manager, "GET", "/payout-accounts/setup")).json();
    expect(setup.hold.reason).toBe("Bank details under review");
    const operators = (await call(held.manager, "GET", "/payouts/operators")).json().items;
    expect(operators).toEqual([
      expect.objectContaining({
        id: held.operatorId,
        hold: expect.objectContaining({ reason: "Bank details under review" }),
      }),
    ]);

    expect((await call(admin, "DELETE", `/operators/${held.operatorId}/payout-hold`)).json().hold).toBeNull();
    await runPayouts(deps);
    expect((await payoutsOf(ctx.database.db, held.operatorId))[0]!.status).toBe("sent");
  });
});

describe("after the statements' own close", () => {
  it("pays the closed period's balance: one payout for the operator's latest statement", async () => {
    const { operatorId } = await operatorWithManager(ctx.database.db, 1);
    const number = String(1_500_000_000 + operatorId);
    ctx.paystack.bankAccounts.set(`058:${number}`, "CLOSE HOLDER");
    const recipient = await fetch(`${ctx.paystack.url}/transferrecipient`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEYS.paystack}`, "content-type": "application/json" },
      body: JSON.stringify({
        type: "nuban",
        name: "CLOSE HOLDER",
        account_number: number,
        bank_code: "058",
        currency: "NGN",
      }),
    }).then((r) => r.json() as Promise<{ data: { recipient_code: string } }>);
    await confirmedAccount(ctx.database.db, {
      operatorId,
      currency: "NGN",
      provider: "paystack",
      destination: number,
      recipient: recipient.data.recipient_code,
      at: new Date(),
    });
    const now = new Date();
    await credit(ctx.database.db, operatorId, "NGN", 3_000_000, new Date(now.getTime() - 70 * 24 * 3600_000));
    await credit(ctx.database.db, operatorId, "NGN", 1_000_000, new Date(now.getTime() - 40 * 24 * 3600_000));
    const closed = await closeOperatorPeriods(
      { db: ctx.database.db, jobs: ctx.app.jobs },
      operatorId,
      "NGN",
      now,
    );
    expect(closed.length).toBeGreaterThanOrEqual(2);
    await runPayouts(deps);
    const payouts = await payoutsOf(ctx.database.db, operatorId);
    expect(payouts).toHaveLength(1);
    expect(Number(payouts[0]!.amount_minor)).toBe(4_000_000);
    expect(payouts[0]!.status).toBe("sent");
    expect(await balanceOf(ctx.database.db, operatorId, "NGN")).toBe(0);
  });
});

describe("the payouts job", () => {
  it("is registered on the queue and runs", async () => {
    const { operatorId } = await owedInNigeria(550_000);
    await ctx.app.jobs.boss.send("payouts-run", {});
    expect(await ctx.app.jobs.runDue(["payouts-run"])).toBeGreaterThan(0);
    expect((await payoutsOf(ctx.database.db, operatorId))[0]!.status).toBe("sent");
  });
});
