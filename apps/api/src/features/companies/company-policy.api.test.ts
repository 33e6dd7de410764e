// A company's policy (decision 030): members read it, owners and admins replace it, strangers get
// 404; bad fields are 422s in English and French; what is saved is what a checkout then asks.
import { COMPANY_PAY_SWITCHES, switchField } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { addMember, createCompany } from "./companies.test-kit";
import { rulesOf } from "./company-pay.repo";

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

describe("the policy's switches (the contract's COMPANY_PAY_SWITCHES)", () => {
  const allOff = Object.fromEntries(COMPANY_PAY_SWITCHES.map((s) => [switchField(s.name), false]));

  it("round-trip one by one: each saved on reads back on, alone, and is what a checkout asks", async () => {
    const company = await createCompany(db);
    for (const s of COMPANY_PAY_SWITCHES) {
      const saved = await put(company.owner, company.id, {
        ...policy,
        ...allOff,
        [switchField(s.name)]: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const read = (await get(company.owner, company.id)).json();
      expect(
        COMPANY_PAY_SWITCHES.filter((x) => read[switchField(x.name)] === true).map((x) => x.name),
        s.name,
      ).toEqual([s.name]);
      expect((await rulesOf(db, company.id, "NGN")).policy.switches).toEqual([s.name]);
    }
    const all = Object.fromEntries(COMPANY_PAY_SWITCHES.map((s) => [switchField(s.name), true]));
    expect((await put(company.owner, company.id, { ...policy, ...all })).json()).toMatchObject(all);
    expect((await put(company.owner, company.id, { ...policy, ...allOff })).json()).toMatchObject(allOff);
  });

  it("keep an optional switch not sent as it was, and give a first policy its defaults", async () => {
    const company = await createCompany(db);
    // `policy` sends the first two switches only: the others take their defaults (off).
    expect((await put(company.owner, company.id, policy)).json()).toMatchObject({
      extensions_allowed: false,
      marketplace_allowed: true,
      passes_allowed: false,
      vehicle_docs_allowed: false,
    });
    await put(company.owner, company.id, { ...policy, passes_allowed: true, vehicle_docs_allowed: false });
    const kept = await put(company.owner, company.id, { ...policy, extensions_allowed: true });
    expect(kept.json()).toMatchObject({
      extensions_allowed: true,
      marketplace_allowed: true,
      passes_allowed: true,
      vehicle_docs_allowed: false,
    });
    expect((await rulesOf(db, company.id, "NGN")).policy.switches).toEqual([
      "extensions",
      "marketplace",
      "passes",
    ]);
  });

  it("refuses a switch that is not true or false, and one the policy does not have, in English and French; changes nothing", async () => {
    const company = await createCompany(db);
    expect((await put(company.owner, company.id, policy)).statusCode).toBe(200);
    const bad = await put(company.owner, company.id, { ...policy, passes_allowed: "yes" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ passes_allowed: "passes_allowed must be true or false" });
    const frBad = await put(company.owner, company.id, { ...policy, marketplace_allowed: null }, "fr");
    expect(frBad.json().fields).toEqual({
      marketplace_allowed: "marketplace_allowed doit valoir true ou false",
    });

    const unknown = await put(company.owner, company.id, { ...policy, parking_allowed: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: "validation_error",
      fields: {
        parking_allowed:
          "parking_allowed is not a switch of the policy; its switches are extensions_allowed, marketplace_allowed, passes_allowed, vehicle_docs_allowed",
      },
    });
    const fr = await put(company.owner, company.id, { ...policy, parking_allowed: true }, "fr");
    expect(fr.json().fields.parking_allowed).toBe(
      "parking_allowed n'est pas une option de la politique ; ses options sont extensions_allowed, marketplace_allowed, passes_allowed, vehicle_docs_allowed",
    );
    expect((await get(company.owner, company.id)).json()).toMatchObject({
      extensions_allowed: false,
      marketplace_allowed: true,
      passes_allowed: false,
    });
  });
});
