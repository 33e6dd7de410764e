// A company's money (decision 030): top-ups through the payments path, billing mode and the
// invoice floor, its wallet account. On PGlite and PostgreSQL; the providers are local fakes
// (test/payments-context). What it spent is in company-spend.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { pgError } from "../../lib/pg-error";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { usePaymentsContext } from "../../test/payments-context";
import { fund } from "../bookings/bookings.test-kit";
import { companyWalletKey } from "../wallet/ledger.domain";
import { addMember, companyBalance, createCompany, type TestCompany } from "./companies.test-kit";
import { chargeCompanyAccount, fundCompany } from "./company-money.test-kit";

const payments = usePaymentsContext();
const db = () => payments.ctx.database.db;
const app = () => payments.ctx.app;

const base = (c: { id: number }) => `/api/v1/business/companies/${c.id}`;
const get = (u: TestUser, url: string, headers: Record<string, string> = {}) =>
  app().inject({ url, headers: { ...bearer(u), ...headers } });

/** 14 November 2026, 10:00 in Lagos (UTC+1). */
const NOV = new Date("2026-11-14T09:00:00Z");

async function team() {
  const company = await createCompany(db());
  const alice = await createUser(db());
  const bob = await createUser(db());
  const admin = await createUser(db());
  const aliceId = await addMember(db(), company.id, alice, "member", "Sales");
  const bobId = await addMember(db(), company.id, bob, "member", "Ops");
  await addMember(db(), company.id, admin, "admin");
  return {
    company,
    admin,
    alice: { ...alice, memberId: aliceId },
    bob: { ...bob, memberId: bobId },
  };
}

async function setLimit(company: TestCompany, minor: number) {
  await queryRows(
    db(),
    sql`UPDATE companies SET credit_limit_minor = ${minor} WHERE id = ${company.id} RETURNING id`,
  );
}

describe("company top-ups", () => {
  it("credit the company's account, not the member's wallet, with a topup row and a receipt naming the company", async () => {
    const { company, admin } = await team();
    const start = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups`,
      headers: { ...bearer(admin), "idempotency-key": "company-topup-1" },
      payload: { amount: 5000 },
    });
    expect(start.statusCode).toBe(200);
    const { reference, provider } = start.json().data;
    expect(provider).toBe("paystack");
    expect(reference).toMatch(new RegExp(`^PWC-${company.id}-`));
    // The same key again: the same payment, no second one at the provider.
    const again = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups`,
      headers: { ...bearer(admin), "idempotency-key": "company-topup-1" },
      payload: { amount: 5000 },
    });
    expect(again.json().data.reference).toBe(reference);

    const verify = () =>
      app().inject({
        method: "POST",
        url: `${base(company)}/top-ups/${reference}/verify`,
        headers: bearer(admin),
      });
    expect((await verify()).json()).toMatchObject({ status: "pending" });
    payments.ctx.paystack.complete(reference);
    const done = await verify();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "success",
      message: "Payment verified and the company's wallet was credited",
      data: { credited: true, new_balance: 5000, currency: "NGN" },
    });
    expect((await verify()).json()).toMatchObject({ data: { credited: false, new_balance: 5000 } });

    expect(await companyBalance(db(), company.id, "NGN")).toBe(500_000);
    const [wallet] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM wallet_accounts WHERE key = ${`user:${admin.id}:NGN`} AND balance_minor <> 0`,
    );
    expect(wallet!.n).toBe(0);
    const charges = await queryRows<{
      kind: string;
      amount_minor: string;
      member_id: number | null;
      ledger_key: string;
    }>(
      db(),
      sql`SELECT kind, amount_minor::text, member_id, ledger_key FROM company_charges WHERE company_id = ${company.id}`,
    );
    expect(charges).toEqual([
      {
        kind: "topup",
        amount_minor: "500000",
        member_id: null,
        ledger_key: expect.stringMatching(/^topup:paystack:/),
      },
    ]);
    const [receipt] = await queryRows<{ kind: string; total_minor: string; buyer: Record<string, string> }>(
      db(),
      sql`SELECT kind, total_minor::text, buyer FROM receipts WHERE ledger_key = ${charges[0]!.ledger_key}`,
    );
    expect(receipt).toMatchObject({
      kind: "topup",
      total_minor: "500000",
      buyer: { companyName: company.name, taxId: "TIN-12345678", address: "1 Marina Road\nLagos" },
    });

    const wallet2 = await get(admin, `${base(company)}/wallet`);
    expect(wallet2.json()).toMatchObject({
      billing: "wallet",
      currency: "NGN",
      balances: [{ currency: "NGN", balance: 5000, available: 5000 }],
    });
  });

  it("verified through /wallet/verify-payment answer the company's balance, and only to whom may see it", async () => {
    const { company, admin } = await team();
    // The admin's own wallet holds money: its balance is not what a company top-up answers.
    await fund(db(), admin.id, 1_234_00);
    const start = async (key: string) => {
      const res = await app().inject({
        method: "POST",
        url: `${base(company)}/top-ups`,
        headers: { ...bearer(admin), "idempotency-key": key },
        payload: { amount: 5000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.reference as string;
    };
    const verify = (reference: string) =>
      app().inject({
        method: "POST",
        url: `/api/v1/wallet/verify-payment?payment_reference=${reference}&payment_provider=paystack`,
        headers: bearer(admin),
      });
    const first = await start("company-verify-wallet-1");
    payments.ctx.paystack.complete(first);
    const done = await verify(first);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "success",
      message: "Payment verified and the company's wallet was credited",
      data: { credited: true, new_balance: 5000, currency: "NGN" },
    });
    expect((await verify(first)).json().data).toMatchObject({ credited: false, new_balance: 5000 });
    // /wallet/credit answers the same for a company's top-up.
    const credited = await start("company-verify-wallet-credit");
    payments.ctx.paystack.complete(credited);
    const credit = await app().inject({
      method: "POST",
      url: `/api/v1/wallet/credit?reference=${credited}&amount=5000`,
      headers: bearer(admin),
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      message: "Payment verified and the company's wallet was credited",
      data: { credited: true, new_balance: 10_000 },
    });

    // Made a plain member, the admin still has the top-up verified, but no longer sees the balance.
    const second = await start("company-verify-wallet-2");
    await db().execute(
      sql`UPDATE company_members SET role = 'member' WHERE company_id = ${company.id} AND user_id = ${admin.id}`,
    );
    payments.ctx.paystack.complete(second);
    const hidden = await verify(second);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().status).toBe("success");
    expect(hidden.json().data.credited).toBe(true);
    expect(hidden.json().data).not.toHaveProperty("new_balance");
    expect(await companyBalance(db(), company.id, "NGN")).toBe(1_500_000);
  });

  it("are for owners and admins: a member gets 403, a stranger 404, and nothing starts", async () => {
    const { company, alice } = await team();
    const stranger = await createUser(db());
    const before = payments.ctx.paystack.requests.length;
    for (const [u, status] of [
      [alice, 403],
      [stranger, 404],
    ] as const) {
      const res = await app().inject({
        method: "POST",
        url: `${base(company)}/top-ups`,
        headers: bearer(u),
        payload: { amount: 5000 },
      });
      expect(res.statusCode).toBe(status);
    }
    expect(payments.ctx.paystack.requests.length).toBe(before);
  });

  it("are settled by the provider's webhook like a personal top-up, once", async () => {
    const { company, admin } = await team();
    const start = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups`,
      headers: bearer(admin),
      payload: { amount: 2500 },
    });
    const { reference } = start.json().data;
    payments.ctx.paystack.complete(reference);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await companyBalance(db(), company.id, "NGN")).toBe(250_000);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
    const verify = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups/${reference}/verify`,
      headers: bearer(company.owner),
    });
    expect(verify.json()).toMatchObject({ status: "success", data: { credited: false, new_balance: 2500 } });
    // Another company's reference is not found through this one.
    const other = await createCompany(db());
    const foreign = await app().inject({
      method: "POST",
      url: `${base(other)}/top-ups/${reference}/verify`,
      headers: bearer(other.owner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("need a verified company that Parkwell has not disabled", async () => {
    const unverified = await createCompany(db(), { verified: false });
    const res = await app().inject({
      method: "POST",
      url: `${base(unverified)}/top-ups`,
      headers: bearer(unverified.owner),
      payload: { amount: 5000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The company's billing e-mail is not verified yet");
    const disabled = await createCompany(db());
    await queryRows(
      db(),
      sql`UPDATE companies SET disabled_at = now() WHERE id = ${disabled.id} RETURNING id`,
    );
    const off = await app().inject({
      method: "POST",
      url: `${base(disabled)}/top-ups`,
      headers: bearer(disabled.owner),
      payload: { amount: 5000 },
    });
    expect(off.statusCode).toBe(409);
  });

  it("are not capped like a personal wallet, but keep the country's per top-up maximum", async () => {
    const { company } = await team();
    const big = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups`,
      headers: bearer(company.owner),
      payload: { amount: 1_000_000.01 },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().fields.amount).toMatch(/at most/);
    // A balance above the personal cap is fine: two maximal top-ups.
    await fundCompany(db(), company.id, company.owner.id, 100_000_000, NOV);
    const more = await app().inject({
      method: "POST",
      url: `${base(company)}/top-ups`,
      headers: bearer(company.owner),
      payload: { amount: 1_000_000 },
    });
    expect(more.statusCode).toBe(200);
  });
});

describe("billing mode", () => {
  const patch = (u: TestUser, c: TestCompany, billing: string) =>
    app().inject({ method: "PATCH", url: `${base(c)}/billing`, headers: bearer(u), payload: { billing } });

  it("invoice needs a credit limit set by Parkwell; members may not switch", async () => {
    const { company, alice, admin } = await team();
    const refused = await patch(admin, company, "invoice");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/credit limit/);
    expect((await patch(alice, company, "invoice")).statusCode).toBe(403);
    expect((await patch(admin, company, "monthly")).statusCode).toBe(422);
    await setLimit(company, 50_000_00);
    const ok = await patch(admin, company, "invoice");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      billing: "invoice",
      credit_limit: 50_000,
      balances: [{ available: 50_000 }],
    });
  });

  it("lets an invoice company go down to minus its limit and not beyond; back to wallet only at zero or more", async () => {
    const { company, admin } = await team();
    await setLimit(company, 1_000_00);
    expect((await patch(admin, company, "invoice")).statusCode).toBe(200);
    const charge = (key: string, minor: number) => chargeCompanyAccount(db(), company.id, key, minor);
    await charge(`kit:${company.id}:1`, 600_00);
    await charge(`kit:${company.id}:2`, 400_00);
    expect(await companyBalance(db(), company.id, "NGN")).toBe(-1_000_00);
    await expect(charge(`kit:${company.id}:3`, 1)).rejects.toMatchObject({ code: "insufficient_funds" });
    expect(await companyBalance(db(), company.id, "NGN")).toBe(-1_000_00);

    const back = await patch(admin, company, "wallet");
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/below zero/);
    await fundCompany(db(), company.id, admin.id, 1_000_00, NOV);
    expect((await patch(admin, company, "wallet")).statusCode).toBe(200);
    // In wallet mode the floor is 0 again: not even one kobo below.
    await expect(charge(`kit:${company.id}:4`, 1)).rejects.toMatchObject({ code: "insufficient_funds" });
  });
});

describe("a company's wallet account", () => {
  it("never goes below zero in wallet mode, even when a charge is its first movement", async () => {
    const { company } = await team();
    const charge = (key: string, minor: number) => chargeCompanyAccount(db(), company.id, key, minor);
    // The account does not exist yet: the charge creates it (ensureAccounts), then must not apply.
    await expect(charge(`kit:${company.id}:first`, 1)).rejects.toMatchObject({ code: "insufficient_funds" });
    expect(await companyBalance(db(), company.id, "NGN")).toBe(0);
    // And the database refuses a company account that could go negative outright.
    await fundCompany(db(), company.id, company.owner.id, 1_00, NOV);
    const refused = await db()
      .execute(
        sql`UPDATE wallet_accounts SET allow_negative = true WHERE key = ${companyWalletKey(company.id, "NGN")}`,
      )
      .then(
        () => null,
        (err: unknown) => pgError(err),
      );
    expect(refused).toMatchObject({ code: "23514", constraint: "wallet_accounts_company_not_negative" });
  });
});
