import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, createUser, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { companyWalletKey } from "../../wallet/ledger.domain";
import { companyBalance, createCompany } from "../../companies/companies.test-kit";
import { chargeCompanyAccount } from "../../companies/company-money.test-kit";

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: { token: string }, method: "GET" | "PATCH", url: string, payload?: object, lang = "en") =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin/companies${url}`,
    headers: { ...bearer(user), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });

const floorOf = async (id: number) => {
  const [row] = await queryRows<{ floor: string | number }>(
    ctx.database.db,
    sql`SELECT credit_limit_minor AS floor FROM wallet_accounts WHERE key = ${companyWalletKey(id, "NGN")}`,
  );
  return Number(row?.floor ?? 0);
};

describe("companies in the back office", () => {
  it("are listed and searched for Parkwell's staff; a driver is refused", async () => {
    const company = await createCompany(ctx.database.db, { name: "Zenith Haulage Ltd" });
    const list = await call(admin, "GET", "?search=zenith");
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: company.id,
        name: "Zenith Haulage Ltd",
        currency: "NGN",
        billing: "wallet",
        credit_limit: 0,
        balance: 0,
        members: 1,
        verified: true,
        disabled: false,
      }),
    ]);
    expect((await call(admin, "GET", `/${company.id}`)).json().name).toBe("Zenith Haulage Ltd");
    expect((await call(admin, "GET", "/2000000000")).statusCode).toBe(404);
    const driver = await createUser(ctx.database.db);
    expect((await call(driver, "GET", "")).statusCode).toBe(403);
    expect((await call(driver, "PATCH", `/${company.id}`, { disabled: true })).statusCode).toBe(403);
  });

  it("set a credit limit that invoice billing may owe, never below what is owed; 0 ends invoice billing", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const set = await call(admin, "PATCH", `/${company.id}`, { credit_limit: 1000 });
    expect(set.statusCode).toBe(200);
    expect(set.json().credit_limit).toBe(1000);
    // Wallet billing: the floor stays 0 until the company switches to invoice.
    expect(await floorOf(company.id)).toBe(0);
    await db.execute(sql`UPDATE companies SET billing = 'invoice' WHERE id = ${company.id}`);
    expect((await call(admin, "PATCH", `/${company.id}`, { credit_limit: 800 })).statusCode).toBe(200);
    expect(await floorOf(company.id)).toBe(800_00);
    // The company owes ₦600 ...
    await chargeCompanyAccount(db, company.id, `admin-companies:${company.id}`, 600_00);
    expect(await companyBalance(db, company.id, "NGN")).toBe(-600_00);
    // ... so a limit below it is refused (en, fr) and nothing changes.
    const below = await call(admin, "PATCH", `/${company.id}`, { credit_limit: 500 });
    expect(below.statusCode).toBe(422);
    expect(below.json().fields.credit_limit).toBe("The company owes more than this limit: it must pay first");
    const fr = await call(admin, "PATCH", `/${company.id}`, { credit_limit: 0 }, "fr");
    expect(fr.json().fields.credit_limit).toBe(
      "L'entreprise doit plus que cette limite\u00a0: elle doit d'abord payer",
    );
    expect(await floorOf(company.id)).toBe(800_00);
    expect((await call(admin, "PATCH", `/${company.id}`, { credit_limit: 10.001 })).statusCode).toBe(422);
    expect((await call(admin, "PATCH", `/${company.id}`, {})).statusCode).toBe(422);
  });

  it("a limit of 0 puts an invoice company back on wallet billing; disable and enable are audited", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db, { billing: "invoice", creditLimitMinor: 500_00 });
    const zero = await call(admin, "PATCH", `/${company.id}`, { credit_limit: 0 });
    expect(zero.json()).toMatchObject({ credit_limit: 0, billing: "wallet" });
    expect(await floorOf(company.id)).toBe(0);
    expect((await call(admin, "PATCH", `/${company.id}`, { disabled: true })).json().disabled).toBe(true);
    expect((await call(admin, "PATCH", `/${company.id}`, { disabled: false })).json().disabled).toBe(false);
    const audits = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'company' AND entity_id = ${String(company.id)} ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(["company.update", "company.update", "company.update"]);
  });
});
