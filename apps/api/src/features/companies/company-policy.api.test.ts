// A company's policy (decision 030): members read it, owners and admins replace it, strangers get
// 404; bad fields are 422s in English and French; what is saved is what a checkout then asks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { addMember, createCompany } from "./companies.test-kit";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

const url = (id: number) => `/api/v1/business/companies/${id}/policy`;
const get = (u: TestUser, id: number) => ctx.app.inject({ url: url(id), headers: bearer(u) });
const put = (u: TestUser, id: number, payload: object, language = "en") =>
  ctx.app.inject({
    method: "PUT",
    url: url(id),
    headers: { ...bearer(u), "accept-language": language },
    payload,
  });

const policy = {
  countries: ["ng", "CA"],
  park_types: null,
  hours: [{ weekday: 1, start: "07:00", end: "19:00" }],
  extensions_allowed: false,
  marketplace_allowed: true,
  limits: [{ currency: "ngn", per_booking: 5000, per_member_month: 50000 }],
};

describe("company policy", () => {
  it("owners write it, members read it, strangers get 404", async () => {
    const company = await createCompany(db);
    const member = await createUser(db);
    await addMember(db, company.id, member);
    const stranger = await createUser(db);

    const initial = await get(member, company.id);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      countries: null,
      extensions_allowed: true,
      marketplace_allowed: false,
      limits: [],
      editable: false,
    });

    const saved = await put(company.owner, company.id, policy);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      countries: ["CA", "NG"],
      hours: policy.hours,
      extensions_allowed: false,
      marketplace_allowed: true,
      limits: [{ currency: "NGN", per_booking: 5000, per_member_month: 50000 }],
      editable: true,
    });
    expect((await get(member, company.id)).json().limits).toEqual([
      { currency: "NGN", per_booking: 5000, per_member_month: 50000 },
    ]);
    expect((await put(member, company.id, policy)).statusCode).toBe(403);
    expect((await get(stranger, company.id)).statusCode).toBe(404);
    expect((await put(stranger, company.id, policy)).statusCode).toBe(404);
  });

  it("refuses bad fields one by one, in English and French", async () => {
    const company = await createCompany(db);
    const bad = await put(company.owner, company.id, {
      ...policy,
      countries: ["ZZ"],
      limits: [{ currency: "XYZ", per_booking: 10, per_member_month: null }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toMatchObject({
      countries: "Parkwell does not serve ZZ",
      "limits.0.currency": "Parkwell does not charge in XYZ",
    });
    const fr = await put(
      company.owner,
      company.id,
      { ...policy, limits: [{ currency: "NGN", per_booking: -1, per_member_month: null }] },
      "fr",
    );
    expect(fr.statusCode).toBe(422);
    expect(JSON.stringify(fr.json())).toContain("Saisissez une limite supérieure à 0, ou laissez vide");
  });

  it("refuses an empty list of countries, park types or hours (null is any), and changes nothing", async () => {
    const company = await createCompany(db);
    expect((await put(company.owner, company.id, policy)).statusCode).toBe(200);
    const empty = await put(company.owner, company.id, {
      ...policy,
      countries: [],
      park_types: [],
      hours: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      code: "validation_error",
      fields: {
        countries: "Give at least one country, or none for any country",
        park_types: "Choose at least one park type, or none for any type",
        hours: "Give at least one window, or none for any time",
      },
    });
    const fr = await put(company.owner, company.id, { ...policy, hours: [] }, "fr");
    expect(fr.statusCode).toBe(422);
    expect(fr.json().fields).toEqual({
      hours: "Indiquez au moins un créneau, ou aucun pour toute heure",
    });
    expect((await get(company.owner, company.id)).json()).toMatchObject({
      countries: ["CA", "NG"],
      park_types: null,
      hours: policy.hours,
    });
  });

  it("refuses overlapping hours and more windows than a plan's, and changes nothing", async () => {
    const company = await createCompany(db);
    expect((await put(company.owner, company.id, policy)).statusCode).toBe(200);
    const overlap = await put(
      company.owner,
      company.id,
      { ...policy, hours: [...policy.hours, { weekday: 1, start: "12:00", end: "13:00" }] },
      "fr",
    );
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().fields).toEqual({ hours: "Deux créneaux horaires se chevauchent" });
    const many = Array.from({ length: 22 }, (_, i) => ({
      weekday: (i % 7) + 1,
      start: `0${Math.floor(i / 7)}:00`,
      end: `0${Math.floor(i / 7)}:30`,
    }));
    const tooMany = await put(company.owner, company.id, { ...policy, hours: many });
    expect(tooMany.statusCode).toBe(422);
    expect(JSON.stringify(tooMany.json())).toContain("The hours have at most 21 windows");
    expect((await get(company.owner, company.id)).json().hours).toEqual(policy.hours);
  });
});
