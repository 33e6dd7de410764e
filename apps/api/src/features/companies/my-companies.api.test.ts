import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { addMember, createCompany } from "./companies.test-kit";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const list = (user: { token: string }) =>
  ctx.app.inject({ method: "GET", url: "/api/v1/business/companies", headers: bearer(user) });

describe("GET /business/companies", () => {
  it("lists the caller's active memberships only, with role, currency and whether each can pay", async () => {
    const db = ctx.database.db;
    const driver = await createUser(db);
    const acme = await createCompany(db, { name: "Acme Ltd" });
    const pending = await createCompany(db, { name: "Beta Ltd", verified: false });
    const other = await createCompany(db, { name: "Other Ltd" });
    const memberId = await addMember(db, acme.id, driver, "member", "Sales");
    await addMember(db, pending.id, driver, "admin");

    const res = await list(driver);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: acme.id,
        name: "Acme Ltd",
        role: "member",
        country_code: "NG",
        currency: "NGN",
        verified: true,
        disabled: false,
        billing: "wallet",
        cost_centre: "Sales",
      },
      expect.objectContaining({ id: pending.id, role: "admin", verified: false }),
    ]);
    // Another company's owner sees only theirs.
    expect((await list(other.owner)).json().items.map((c: { id: number }) => c.id)).toEqual([other.id]);

    // Removed: gone at once.
    await db.execute(sql`UPDATE company_members SET removed_at = now() WHERE id = ${memberId}`);
    expect((await list(driver)).json().items.map((c: { id: number }) => c.id)).toEqual([pending.id]);
  });

  it("needs a signed-in caller", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/business/companies" });
    expect(res.statusCode).toBe(401);
  });
});
