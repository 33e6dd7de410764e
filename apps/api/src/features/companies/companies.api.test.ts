// Companies and their people (decision 030): sign-up, verification of the billing e-mail, the
// caller's companies. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { lastLink } from "../../test/mailbox";
import { issueVerifyToken } from "./companies.service";
import { addMember } from "./companies.test-kit";

let ctx: TestContext;
let now = new Date("2026-11-14T09:00:00Z");
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
});
afterAll(() => ctx?.close());

const body = {
  name: "Acme Freight Ltd",
  country_code: "NG",
  billing_email: "Billing@Acme.test",
  tax_id: "RC-123456",
  address: "1 Marina\nLagos",
};

const signUp = (u: TestUser, payload: Record<string, unknown>, lang = "en") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/business/companies",
    headers: { ...bearer(u), "accept-language": lang },
    payload,
  });

describe("company sign-up", () => {
  it("opens an unverified company with its caller as owner, listed only for its members", async () => {
    const owner = await createUser(ctx.database.db);
    const stranger = await createUser(ctx.database.db);
    const res = await signUp(owner, body);
    expect(res.statusCode).toBe(201);
    const company = res.json();
    expect(company).toMatchObject({
      name: "Acme Freight Ltd",
      role: "owner",
      country_code: "NG",
      currency: "NGN",
      verified: false,
      disabled: false,
      billing: "wallet",
      cost_centre: "",
    });
    const mine = await ctx.app.inject({ url: "/api/v1/business/companies", headers: bearer(owner) });
    expect(mine.json().items.map((c: { id: number }) => c.id)).toContain(company.id);
    const theirs = await ctx.app.inject({ url: "/api/v1/business/companies", headers: bearer(stranger) });
    expect(theirs.json().items).toEqual([]);
    const one = await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}`,
      headers: bearer(stranger),
    });
    expect(one.statusCode).toBe(404);
  });

  it("refuses each missing field with a 422 naming it, in English and French", async () => {
    const owner = await createUser(ctx.database.db);
    for (const field of ["name", "country_code", "billing_email", "tax_id"]) {
      const partial: Record<string, unknown> = { ...body };
      delete partial[field];
      const en = await signUp(owner, partial);
      expect(en.statusCode).toBe(422);
      expect(en.json().fields[field]).toBeTruthy();
      const fr = await signUp(owner, partial, "fr");
      expect(fr.statusCode).toBe(422);
      expect(fr.json().fields[field]).not.toBe(en.json().fields[field]);
    }
    const bad = await signUp(owner, { ...body, billing_email: "nope" });
    expect(bad.json().fields.billing_email).toBe("Please enter a valid email");
  });

  it("refuses a country Parkwell does not serve", async () => {
    const owner = await createUser(ctx.database.db);
    const res = await signUp(owner, { ...body, country_code: "ZZ" }, "fr");
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.country_code).toBe("Choisissez un pays desservi par Parkwell");
  });

  it("needs a signed-in caller", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/business/companies", payload: body });
    expect(res.statusCode).toBe(401);
  });
});

describe("company verification", () => {
  const verify = (u: TestUser, token: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/business/verify",
      headers: bearer(u),
      payload: { token },
    });

  it("verifies with a good link, answers the same when reused, refuses unknown and expired links", async () => {
    const owner = await createUser(ctx.database.db);
    const company = (await signUp(owner, { ...body, billing_email: "accounts@verify.test" }, "fr")).json();
    // The link was mailed to the billing e-mail through the job queue.
    const link = await lastLink(ctx, "accounts@verify.test", "/business/verify");
    const token = link.searchParams.get("token")!;
    expect(token).toBeTruthy();
    const ok = await verify(owner, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: company.id, verified: true });
    expect((await verify(owner, token)).statusCode).toBe(200);
    const listed = await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}`,
      headers: bearer(owner),
    });
    expect(listed.json().verified).toBe(true);

    expect((await verify(owner, "not-a-token")).statusCode).toBe(404);

    const other = (await signUp(owner, { ...body, name: "Late Ltd" })).json();
    const late = await issueVerifyToken({ db: ctx.database.db, clock: () => now }, other.id);
    const saved = now;
    now = new Date(saved.getTime() + 8 * 24 * 3600 * 1000);
    try {
      const expired = await verify(await signInAgain(ctx.database.db, owner), late);
      expect(expired.statusCode).toBe(422);
      expect(expired.json().code).toBe("verify_link_expired");
    } finally {
      now = saved;
    }
  });
});

describe("company members", () => {
  it("lists members for owners and admins, 403 for a member, 404 for another company's people", async () => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const member = await createUser(db);
    const stranger = await createUser(db);
    const company = (await signUp(owner, body)).json();
    await addMember(db, company.id, member, "member", "Sales");
    const url = `/api/v1/business/companies/${company.id}/members`;
    const list = await ctx.app.inject({ url, headers: bearer(owner) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1 });
    expect(list.json().items.map((m: { role: string }) => m.role)).toEqual(["owner", "member"]);
    expect((await ctx.app.inject({ url, headers: bearer(member) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url, headers: bearer(stranger) })).statusCode).toBe(404);
  });

  it("removes a member at once and keeps the last owner", async () => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const member = await createUser(db);
    const company = (await signUp(owner, body)).json();
    const memberId = await addMember(db, company.id, member, "member", "Sales");
    const url = `/api/v1/business/companies/${company.id}/members`;
    const items = (await ctx.app.inject({ url, headers: bearer(owner) })).json().items as {
      id: number;
      role: string;
    }[];
    const ownerRow = items.find((m) => m.role === "owner")!;
    const last = await ctx.app.inject({
      method: "DELETE",
      url: `${url}/${ownerRow.id}`,
      headers: bearer(owner),
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe("last_owner");
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: `${url}/${memberId}`,
      headers: bearer(owner),
    });
    expect(gone.statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: bearer(owner) })).json().total).toBe(1);
    const theirs = await ctx.app.inject({ url: "/api/v1/business/companies", headers: bearer(member) });
    expect(theirs.json().items).toEqual([]);
  });
});

describe("company member edits", () => {
  it("changes a cost centre, lets only an owner promote, keeps the last owner", async () => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const admin = await createUser(db);
    const member = await createUser(db);
    const company = (await signUp(owner, body)).json();
    await addMember(db, company.id, admin, "admin");
    const memberId = await addMember(db, company.id, member, "member");
    const url = `/api/v1/business/companies/${company.id}/members`;
    const patch = (u: TestUser, id: number, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: "PATCH", url: `${url}/${id}`, headers: bearer(u), payload });
    expect((await patch(admin, memberId, { cost_centre: "Sales" })).statusCode).toBe(200);
    expect((await patch(admin, memberId, { role: "admin" })).statusCode).toBe(403);
    expect((await patch(owner, memberId, { role: "admin" })).statusCode).toBe(200);
    const items = (await ctx.app.inject({ url, headers: bearer(owner) })).json().items as {
      id: number;
      role: string;
      cost_centre: string;
    }[];
    expect(items.find((m) => m.id === memberId)).toMatchObject({ role: "admin", cost_centre: "Sales" });
    const ownerRow = items.find((m) => m.role === "owner")!;
    expect((await patch(owner, ownerRow.id, { role: "member" })).statusCode).toBe(409);
  });
});
