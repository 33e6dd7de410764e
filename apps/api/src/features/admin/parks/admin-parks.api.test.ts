import type { AdminPark, ParkDetail, ParkPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { createEvent } from "../../../test/events";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { allDayParks, at, book, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";

let ctx: TestContext;
let harbourview: number;
let citypark: number;
let manager: TestUser;
let cityManager: TestUser;
let admin: TestUser;
let attendant: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  citypark = await operatorId(db, "Citypark Nigeria");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  cityManager = await createStaff(db, "branch_manager", { operatorId: citypark });
  admin = await createStaff(db, "admin");
  attendant = await createStaff(db, "employee", {
    operatorId: harbourview,
    parkIds: (await parksOf(db, harbourview)).slice(0, 2),
  });
});
afterAll(async () => {
  await ctx?.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

/** A Lagos park's fields, as the form sends them. */
const newPark = (name: string, extra: object = {}) => ({
  name,
  type: "city",
  country: "NG",
  state_id: null,
  city: "Lagos",
  address: "12 Adeola Odeku Street",
  lat: 6.4312,
  lng: 3.4201,
  time_zone: "Africa/Lagos",
  open_24h: true,
  overnight_stays: false,
  amenities: ["cctv", "lit", "cctv"],
  max_height_cm: 210,
  text_language: "en",
  texts: {
    en: { description: "A quiet garage.", entry_instructions: "Enter from the side street." },
    fr: { description: "Un garage calme.", entry_instructions: "Entrez par la rue latérale." },
  },
  ...extra,
});

/** The public search for a text in Nigeria, as a driver runs it. */
async function searchNg(text: string): Promise<ParkPage> {
  const res = await ctx.app.inject({
    url: `/api/v1/parks/front/parks/?country=NG&search=${encodeURIComponent(text)}&size=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkPage>();
}

/** The public search around a point in Nigeria. */
async function aroundNg(lat: number, lng: number): Promise<number[]> {
  const res = await ctx.app.inject({
    url: `/api/v1/parks/front/parks/?country=NG&lat=${lat}&lng=${lng}&radius_km=1&size=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkPage>().items.map((i) => i.id);
}

/**
 * The search's kept tables (counts per country, cell and word; rate cards) against a recount of
 * the parks themselves, as parks-kept.api.test.ts checks them: empty when they agree.
 */
const keptDrift = () =>
  rows<{ kind: string; key: string | null; kept: number; actual: number }>(sql`
    WITH actual_cells AS (
      SELECT country_id, park_cell(lat, lng) AS cell, count(*)::int AS n FROM parks WHERE status = 'active' GROUP BY 1, 2),
    actual_countries AS (
      SELECT country_id, count(*)::int AS n FROM parks WHERE status = 'active' GROUP BY 1),
    actual_words AS (
      SELECT country_id, word, count(DISTINCT id)::int AS n
      FROM parks, regexp_split_to_table(search_text, ' ') AS word
      WHERE status = 'active' AND char_length(word) >= 3 AND word !~ '^[0-9]+$' GROUP BY 1, 2)
    SELECT 'cell' AS kind, coalesce(k.cell, a.cell)::text AS key, coalesce(k.n, 0) AS kept, coalesce(a.n, 0) AS actual
    FROM park_cell_counts k FULL JOIN actual_cells a ON a.country_id = k.country_id AND a.cell = k.cell
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)
    UNION ALL
    SELECT 'country', coalesce(k.country_id, a.country_id)::text, coalesce(k.n, 0), coalesce(a.n, 0)
    FROM park_country_counts k FULL JOIN actual_countries a ON a.country_id = k.country_id
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)
    UNION ALL
    SELECT 'word', coalesce(k.word, a.word), coalesce(k.n, 0), coalesce(a.n, 0)
    FROM park_word_counts k FULL JOIN actual_words a ON a.country_id = k.country_id AND a.word = k.word
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)
    UNION ALL
    SELECT 'rate_card', p.id::text, 0, 0 FROM parks p
    WHERE p.rate_card IS DISTINCT FROM coalesce((
        SELECT jsonb_object_agg(v.vehicle_type_id::text, jsonb_build_array(
          (SELECT r.hourly_minor FROM park_rates r
            WHERE r.park_id = p.id AND r.vehicle_type_id = v.vehicle_type_id AND r.kind = 'standard'),
          (SELECT r.daily_max_minor FROM park_rates r
            WHERE r.park_id = p.id AND r.vehicle_type_id = v.vehicle_type_id AND r.kind = 'standard'),
          (SELECT c.capacity FROM park_capacities c WHERE c.park_id = p.id AND c.vehicle_type_id = v.vehicle_type_id)))
        FROM (SELECT vehicle_type_id FROM park_capacities WHERE park_id = p.id
              UNION SELECT vehicle_type_id FROM park_rates WHERE park_id = p.id AND kind = 'standard') v), '{}'::jsonb)
      OR p.hourly_from_minor IS DISTINCT FROM (
        SELECT r.hourly_minor FROM park_rates r WHERE r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard')`);

const lastAudit = async (parkId: number) =>
  (
    await rows<{
      action: string;
      actor_id: string;
      operator_id: number | null;
      before: unknown;
      after: unknown;
    }>(
      sql`SELECT action, actor_id, operator_id, before, after FROM audit_log
        WHERE entity = 'park' AND entity_id = ${String(parkId)} ORDER BY id DESC LIMIT 1`,
    )
  )[0];

describe("GET /admin/parks", () => {
  it("lists a manager's own parks only, an employee's assigned ones, and every park to an admin", async () => {
    const own = await parksOf(ctx.database.db, harbourview);
    const res = await call(manager, "GET", "/admin/parks?size=1000");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(own.length);
    expect(body.items.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(own);
    expect(body.items.every((p: { operator: string }) => p.operator === "Harbourview Parking Ltd")).toBe(
      true,
    );
    expect(body.items[0]).toMatchObject({
      country: "NG",
      currency: "NGN",
      capacity: expect.any(Number),
      photos: 0,
      hourly_from: expect.any(Number),
    });

    const staff = (await call(attendant, "GET", "/admin/parks")).json();
    expect(staff.total).toBe(2);
    const all = (await call(admin, "GET", "/admin/parks")).json();
    expect(all.total).toBeGreaterThan(own.length);
    expect(all).toMatchObject({ page: 1, size: 10, pages: Math.ceil(all.total / 10) });
  });

  it("filters by search text (accents and case ignored), park code, status and country", async () => {
    const [first] = (await call(manager, "GET", "/admin/parks?size=10")).json().items;
    const byName = (
      await call(manager, "GET", `/admin/parks?search=${encodeURIComponent(first.name.toUpperCase())}`)
    ).json();
    expect(byName.items.map((p: { id: number }) => p.id)).toContain(first.id);
    const byCode = (
      await call(manager, "GET", `/admin/parks?search=${first.park_code.toLowerCase()}`)
    ).json();
    expect(byCode.items.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect((await call(manager, "GET", "/admin/parks?status=inactive")).json().total).toBe(0);
    expect((await call(manager, "GET", "/admin/parks?country=CA")).json().total).toBe(0);
    expect((await call(admin, "GET", "/admin/parks?country=ca")).json().items[0].country).toBe("CA");
  });

  it("takes only the back office's page sizes, and refuses drivers", async () => {
    const bad = await call(manager, "GET", "/admin/parks?size=7");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.size).toBe("size must be one of 10, 25, 50, 100, 500, 1000");
    expect((await call(manager, "GET", "/admin/parks?status=gone")).statusCode).toBe(422);
    expect((await call(manager, "GET", "/admin/parks?size=500")).statusCode).toBe(200);
    expect((await call(null, "GET", "/admin/parks")).statusCode).toBe(401);
    const driver = await fundedUser(ctx.database.db, 0);
    expect((await call(driver, "GET", "/admin/parks")).statusCode).toBe(403);
  });
});

describe("scope between operators", () => {
  it("answers another operator's park exactly as a missing one, for every route, and changes nothing", async () => {
    const [foreign] = await parksOf(ctx.database.db, citypark);
    const missing = 99_999_999;
    const attempts: [Method, string, object?][] = [
      ["GET", ""],
      ["PATCH", "", { name: "Taken over" }],
      ["PUT", "/rates", { rates: [{ vehicle_type_id: 1, hourly: 1, daily_max: 2 }] }],
      ["PUT", "/capacities", { capacities: [{ vehicle_type_id: 1, capacity: 1 }] }],
      ["DELETE", "/photos/0"],
      ["PUT", "/photos/order", { order: [] }],
    ];
    const before = await rows(sql`SELECT * FROM parks WHERE id = ${foreign!}`);
    for (const [method, path, payload] of attempts) {
      const theirs = await call(manager, method, `/admin/parks/${foreign}${path}`, payload);
      const none = await call(manager, method, `/admin/parks/${missing}${path}`, payload);
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(theirs.json()).toEqual(none.json());
      expect(theirs.json()).toEqual({ message: "Park not found", code: "park_not_found" });
    }
    // And the other way round.
    const [mine] = await parksOf(ctx.database.db, harbourview);
    expect((await call(cityManager, "GET", `/admin/parks/${mine}`)).statusCode).toBe(404);
    expect((await call(cityManager, "PATCH", `/admin/parks/${mine}`, { name: "x" })).statusCode).toBe(404);
    expect(await rows(sql`SELECT * FROM parks WHERE id = ${foreign!}`)).toEqual(before);
  });

  it("lets an employee view their parks but not change them (403 before the body is read)", async () => {
    const [assigned] = (await call(attendant, "GET", "/admin/parks")).json().items;
    expect((await call(attendant, "GET", `/admin/parks/${assigned.id}`)).statusCode).toBe(200);
    expect((await call(attendant, "PATCH", `/admin/parks/${assigned.id}`, { name: 5 })).statusCode).toBe(403);
    expect((await call(attendant, "POST", "/admin/parks", {})).statusCode).toBe(403);
    // Every other write the park editor's read-only view hides is refused too, and changes nothing.
    const before = await rows(sql`SELECT * FROM parks WHERE id = ${assigned.id}`);
    const writes: [Method, string, object | undefined][] = [
      ["PATCH", `/admin/parks/${assigned.id}`, { status: "inactive" }],
      ["PUT", `/admin/parks/${assigned.id}/rates`, { rates: [] }],
      ["PUT", `/admin/parks/${assigned.id}/capacities`, { capacities: [] }],
      ["POST", `/admin/parks/${assigned.id}/photos`, {}],
      ["PUT", `/admin/parks/${assigned.id}/photos/order`, { order: [] }],
      ["DELETE", `/admin/parks/${assigned.id}/photos/0`, undefined],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(attendant, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rows(sql`SELECT * FROM parks WHERE id = ${assigned.id}`)).toEqual(before);
  });
});

describe("creating and editing a park", () => {
  it("creates a manager's park for their operator, with generated slug and code, and the driver finds it at once", async () => {
    const before = (await searchNg("Lekki Harbour Annex")).total;
    const res = await call(manager, "POST", "/admin/parks", newPark("Lekki Harbour Annex"));
    expect(res.statusCode, res.body).toBe(201);
    const park = res.json<AdminPark>();
    expect(park).toMatchObject({
      slug: "lekki-harbour-annex-lagos",
      operator: { id: harbourview, name: "Harbourview Parking Ltd" },
      status: "active",
      amenities: ["cctv", "lit"],
      opening_hours: null,
      texts: { fr: { description: "Un garage calme." } },
      rates: [],
      capacities: [],
    });
    expect(park.park_code).toMatch(/^NG[2-9A-HJ-NP-Z]{5}$/);
    const [row] = await rows<{ search_text: string; operator: string; translations: unknown }>(
      sql`SELECT search_text, operator, translations FROM parks WHERE id = ${park.id}`,
    );
    expect(row).toEqual({
      search_text: "lekki harbour annex 12 adeola odeku street lagos",
      operator: "Harbourview Parking Ltd",
      translations: {
        fr: { description: "Un garage calme.", entry_instructions: "Entrez par la rue latérale." },
      },
    });
    expect(await lastAudit(park.id)).toMatchObject({
      action: "park.create",
      actor_id: manager.id,
      operator_id: harbourview,
    });
    // The same name again gets the next free slug.
    const twin = (
      await call(manager, "POST", "/admin/parks", newPark("Lekki Harbour Annex"))
    ).json<AdminPark>();
    expect(twin.slug).toBe("lekki-harbour-annex-lagos-2");
    expect(twin.park_code).not.toBe(park.park_code);

    const found = await searchNg("lekki harbour annex");
    expect(found.total).toBe(before + 2);
    expect(found.items.map((i) => i.id)).toContain(park.id);
    expect(await aroundNg(6.4312, 3.4201)).toContain(park.id);
    const page = await ctx.app.inject({ url: `/api/v1/front/parks/${park.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<ParkDetail>()).toMatchObject({
      name: "Lekki Harbour Annex",
      operator: "Harbourview Parking Ltd",
    });
    expect(await keptDrift()).toEqual([]);
    // The manager's list has it right away.
    expect((await call(manager, "GET", `/admin/parks/${park.id}`)).statusCode).toBe(200);
  });

  it("follows edits of name, address, city, position and status in the search, the park page and the kept tables", async () => {
    const park = (
      await call(manager, "POST", "/admin/parks", newPark("Marina Tidewater Deck"))
    ).json<AdminPark>();
    const res = await call(manager, "PATCH", `/admin/parks/${park.id}`, {
      name: "Bonny Quay Garage",
      address: "4 Creek Road",
      city: "Ikeja",
      lat: 6.6018,
      lng: 3.3515,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPark>()).toMatchObject({
      name: "Bonny Quay Garage",
      slug: park.slug,
      park_code: park.park_code,
    });
    expect((await searchNg("tidewater")).items.map((i) => i.id)).not.toContain(park.id);
    expect((await searchNg("bonny quay")).items.map((i) => i.id)).toContain(park.id);
    expect((await searchNg("creek road ikeja")).items.map((i) => i.id)).toContain(park.id);
    expect(await aroundNg(6.4312, 3.4201)).not.toContain(park.id);
    expect(await aroundNg(6.6018, 3.3515)).toContain(park.id);
    expect(await keptDrift()).toEqual([]);
    const audit = await lastAudit(park.id);
    expect(audit).toMatchObject({
      action: "park.update",
      before: { name: "Marina Tidewater Deck", city: "Lagos" },
      after: { name: "Bonny Quay Garage", city: "Ikeja" },
    });
    expect(Object.keys(audit!.after as object).sort()).toEqual(["address", "city", "lat", "lng", "name"]);

    // Deactivated: gone from search and its page, counts follow; reactivated: back.
    const off = await call(manager, "PATCH", `/admin/parks/${park.id}`, { status: "inactive" });
    expect(off.statusCode).toBe(200);
    expect((await lastAudit(park.id))?.action).toBe("park.deactivate");
    expect((await searchNg("bonny quay")).items.map((i) => i.id)).not.toContain(park.id);
    // Its page's route says it is gone (410), its rate that there is no such park.
    expect((await ctx.app.inject({ url: `/api/v1/front/parks/${park.slug}` })).statusCode).toBe(410);
    expect((await ctx.app.inject({ url: `/api/v1/front/parks/${park.slug}/rate` })).statusCode).toBe(404);
    expect(await keptDrift()).toEqual([]);
    expect(
      (await call(manager, "GET", "/admin/parks?status=inactive"))
        .json()
        .items.map((i: { id: number }) => i.id),
    ).toContain(park.id);
    await call(manager, "PATCH", `/admin/parks/${park.id}`, { status: "active" });
    expect((await searchNg("bonny quay")).items.map((i) => i.id)).toContain(park.id);
    expect(await keptDrift()).toEqual([]);
  });

  it("shows rates and capacities set here in the search's prices and spaces at once", async () => {
    const park = (await call(manager, "POST", "/admin/parks", newPark("Apapa Wharf Lot"))).json<AdminPark>();
    const rates = await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [
        { vehicle_type_id: 1, hourly: 1500.5, daily_max: 9000 },
        { vehicle_type_id: 3, hourly: 700, daily_max: 700 },
      ],
    });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json<AdminPark>().rates).toEqual([
      { vehicle_type_id: 1, vehicle_type: expect.any(String), hourly: 1500.5, daily_max: 9000 },
      { vehicle_type_id: 3, vehicle_type: expect.any(String), hourly: 700, daily_max: 700 },
    ]);
    const [stored] = await rows<{ hourly_minor: string }>(
      sql`SELECT hourly_minor FROM park_rates WHERE park_id = ${park.id} AND vehicle_type_id = 1`,
    );
    expect(Number(stored!.hourly_minor)).toBe(150050);
    const caps = await call(manager, "PUT", `/admin/parks/${park.id}/capacities`, {
      capacities: [
        { vehicle_type_id: 1, capacity: 40 },
        { vehicle_type_id: 3, capacity: 6 },
      ],
    });
    expect(caps.statusCode, caps.body).toBe(200);
    const listed = (await searchNg("apapa wharf")).items.find((i) => i.id === park.id);
    expect(listed?.price_from).toMatchObject({ hourly: 1500.5, daily_max: 9000, currency: "NGN" });
    expect(await keptDrift()).toEqual([]);
    const list = (await call(manager, "GET", "/admin/parks?search=apapa%20wharf")).json();
    expect(list.items[0]).toMatchObject({ capacity: 46, hourly_from: 1500.5 });
    // A type left out loses its rate.
    await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 1000, daily_max: 5000 }],
    });
    expect((await call(manager, "GET", `/admin/parks/${park.id}`)).json<AdminPark>().rates).toHaveLength(1);
    expect(await keptDrift()).toEqual([]);
    expect((await lastAudit(park.id))?.action).toBe("park.rates");
  });

  it("lets an admin choose the operator, or none (a park Parkwell runs), and refuses a manager choosing one", async () => {
    const theirs = await call(
      admin,
      "POST",
      "/admin/parks",
      newPark("Ikoyi Admin Garage", { operator_id: citypark }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<AdminPark>().operator).toEqual({ id: citypark, name: "Citypark Nigeria" });
    expect((await call(cityManager, "GET", `/admin/parks/${theirs.json().id}`)).statusCode).toBe(200);
    expect((await call(manager, "GET", `/admin/parks/${theirs.json().id}`)).statusCode).toBe(404);

    const ours = (
      await call(admin, "POST", "/admin/parks", newPark("Parkwell Own Garage", { operator_id: null }))
    ).json();
    expect(ours.operator).toBeNull();
    const moved = await call(admin, "PATCH", `/admin/parks/${ours.id}`, { operator_id: harbourview });
    expect(moved.json().operator).toEqual({ id: harbourview, name: "Harbourview Parking Ltd" });
    const [row] = await rows<{ operator: string }>(sql`SELECT operator FROM parks WHERE id = ${ours.id}`);
    expect(row!.operator).toBe("Harbourview Parking Ltd");

    const refused = await call(
      manager,
      "POST",
      "/admin/parks",
      newPark("Sneaky Garage", { operator_id: citypark }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      operator_id: "Only Parkwell's staff can choose a park's operator",
    });
  });
});

describe("validation", () => {
  const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM parks`))[0]!.n;

  it("refuses bad fields with 422 and every field's message, in French too, and creates nothing", async () => {
    const before = await count();
    const shape = await call(manager, "POST", "/admin/parks", {
      ...newPark(""),
      type: "castle",
      lat: 200,
      open_24h: false,
      max_height_cm: 20,
      amenities: ["jacuzzi"],
      closures: ["2026-02-30"],
    });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().fields).toMatchObject({
      name: "This field is required!",
      type: expect.stringContaining("Choose a type"),
      lat: "Latitude must be a number between -90 and 90",
      max_height_cm: "Max height must be between 100 and 1000 cm",
      "amenities.0": expect.stringContaining("Choose among"),
      "closures.0": "Use a date as YYYY-MM-DD",
    });
    const noHours = await call(manager, "POST", "/admin/parks", {
      ...newPark("No Hours Garage"),
      open_24h: false,
    });
    expect(noHours.json().fields).toEqual({
      opening_hours: "Give the opening hours, or mark the park open 24 hours",
    });
    const place = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/parks",
      headers: { ...bearer(manager), "accept-language": "fr" },
      payload: newPark("Nowhere Garage", { country: "ZZ", time_zone: "Mars/Olympus_Mons" }),
    });
    expect(place.statusCode).toBe(422);
    expect(place.json().fields).toEqual({
      country: "Veuillez choisir un pays",
      time_zone: "Saisissez un fuseau horaire, par exemple Africa/Lagos",
    });
    const hours = await call(manager, "POST", "/admin/parks", {
      ...newPark("Hours Garage"),
      open_24h: false,
      opening_hours: [{ open: "25:00", close: "10:00" }, null, null, null, null, null, null],
    });
    expect(hours.json().fields).toEqual({
      "opening_hours.0.open": "Enter a time from 00:00 to 23:59 (24:00 for a midnight closing)",
    });
    const state = await call(manager, "POST", "/admin/parks", newPark("State Garage", { state_id: 101 }));
    expect(state.json().fields).toEqual({ state_id: "Choose a state of the park's country" });
    expect(await count()).toBe(before);
  });

  it("checks rates: daily max at least hourly, the currency's decimals, known vehicle types", async () => {
    const [mine] = await parksOf(ctx.database.db, harbourview);
    const before = (await call(manager, "GET", `/admin/parks/${mine}`)).json<AdminPark>().rates;
    const low = await call(manager, "PUT", `/admin/parks/${mine}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 1000, daily_max: 500 }],
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().fields).toEqual({
      "rates.0.hourly": "The hourly rate cannot be above the daily maximum",
    });
    const cents = await call(manager, "PUT", `/admin/parks/${mine}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 10.505, daily_max: 50 }],
    });
    expect(cents.json().fields).toEqual({ "rates.0.hourly": "Amounts in NGN have at most 2 decimals" });
    const unknown = await call(manager, "PUT", `/admin/parks/${mine}/rates`, {
      rates: [{ vehicle_type_id: 999, hourly: 10, daily_max: 50 }],
    });
    expect(unknown.json().fields).toEqual({ "rates.0.vehicle_type_id": "Please choose a vehicle type" });
    const twice = await call(manager, "PUT", `/admin/parks/${mine}/rates`, {
      rates: [
        { vehicle_type_id: 1, hourly: 10, daily_max: 50 },
        { vehicle_type_id: 1, hourly: 20, daily_max: 50 },
      ],
    });
    expect(twice.json().fields).toEqual({ rates: "Each vehicle type may appear once" });
    // Senegal's franc has no decimals.
    const [dakar] = await rows<{ id: number }>(
      sql`SELECT id FROM parks WHERE country_id = 3 ORDER BY id LIMIT 1`,
    );
    const xof = await call(admin, "PUT", `/admin/parks/${dakar!.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 500.5, daily_max: 3000 }],
    });
    expect(xof.json().fields).toEqual({ "rates.0.hourly": "Amounts in XOF have no decimals" });
    expect((await call(manager, "GET", `/admin/parks/${mine}`)).json<AdminPark>().rates).toEqual(before);
  });
});

describe("capacity never below what is held", () => {
  it("answers 409 listing the bookings and parked drive-up sales a lower capacity would strand", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).find((id) => own.has(id))!;
    await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    const driver = await fundedUser(db, 100_000_000);
    const codes: string[] = [];
    for (const [from, to, plate] of [
      [2, 5, "LAG 123 AB"],
      [3, 6, "LAG 124 AB"],
      [20, 22, "LAG 125 AB"],
    ] as const) {
      const res = await book(ctx.app, driver, {
        park_id: parkId,
        start: at(from * HOUR),
        end: at(to * HOUR),
        plate_number: plate,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json().booking_code);
    }
    // A car parked at the gate without a booking holds a space too.
    await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency)
      VALUES ('POS-TEST-1', ${parkId}, 1, 'KJA 555 XY', ${at(-1 * HOUR).toISOString()}::timestamptz, ${at(4 * HOUR).toISOString()}::timestamptz, 'NGN')`);

    const res = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      code: "capacity_conflict",
      message: "Some bookings already hold more spaces than the capacity you asked for",
    });
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]).toMatchObject({ vehicle_type_id: 1, requested: 2, peak: 3 });
    expect(body.conflicts[0].bookings.map((b: { booking_code: string }) => b.booking_code).sort()).toEqual(
      [codes[0], codes[1], "POS-TEST-1"].sort(),
    );
    expect(body.conflicts[0].bookings[0]).toMatchObject({
      plate_number: expect.any(String),
      start_time: expect.any(String),
    });
    // Removing the type altogether is a capacity of 0: refused the same way.
    const gone = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, { capacities: [] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().conflicts[0]).toMatchObject({ requested: 0, peak: 3 });
    expect((await call(manager, "GET", `/admin/parks/${parkId}`)).json<AdminPark>().capacities).toEqual([
      { vehicle_type_id: 1, vehicle_type: expect.any(String), capacity: 10 },
    ]);

    // Exactly the peak is fine; the next booking in that window is then full.
    const ok = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 3 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(3 * HOUR),
      end: at(4 * HOUR),
      plate_number: "LAG 126 AB",
    });
    expect(full.json().code).toBe("no_capacity");
    expect(await lastAudit(parkId)).toMatchObject({
      action: "park.capacities",
      before: { capacities: { 1: 10 } },
      after: { capacities: { 1: 3 } },
    });
    expect(await keptDrift()).toEqual([]);
  });

  it("counts a published event's allocation as held, and names the event in the 409", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).filter((id) => own.has(id))[2]!;
    await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    const ev = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      parks: [{ parkId, offers: [{ allocation: 6 }] }],
    });
    const driver = await fundedUser(db, 100_000_000);
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(29 * HOUR),
      end: at(31 * HOUR),
      plate_number: "LAG 901 EV",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 6 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().conflicts[0]).toMatchObject({ requested: 6, peak: 7 });
    expect(
      res
        .json()
        .conflicts[0].bookings.map((b: { booking_code: string }) => b.booking_code)
        .sort(),
    ).toEqual([booked.json().booking_code, ev.code].sort());
    const ok = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 7 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("closure days", () => {
  it("are refused by availability and booking through the window rule, in the park's clock", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).filter((id) => own.has(id))[1]!;
    const start = at(48 * HOUR);
    const day = new Date(start.getTime() + 3_600_000).toISOString().slice(0, 10); // Lagos is UTC+1
    const res = await call(manager, "PATCH", `/admin/parks/${parkId}`, { closures: [day, day] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPark>().closures).toEqual([day]);
    const driver = await fundedUser(db, 100_000_000);
    const refused = await book(ctx.app, driver, {
      park_id: parkId,
      start,
      end: new Date(start.getTime() + HOUR),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(`This car park is closed on ${day}.`);
    const page = (await ctx.app.inject({ url: `/api/v1/front/parks/${parkId}` })).json<ParkDetail>();
    expect(page.closures).toEqual([day]);
    await call(manager, "PATCH", `/admin/parks/${parkId}`, { closures: [] });
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start,
      end: new Date(start.getTime() + HOUR),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});

describe("a park's country and time zone stay while anything there is unfinished", () => {
  /** A new Lagos park of the manager's, open all day, with a Car rate and 10 Car spaces. */
  async function freshPark(name: string): Promise<number> {
    const park = (await call(manager, "POST", "/admin/parks", newPark(name))).json<AdminPark>();
    await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 500, daily_max: 3000 }],
    });
    await call(manager, "PUT", `/admin/parks/${park.id}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    return park.id;
  }
  const toToronto = { country: "CA", time_zone: "America/Toronto" };
  const move = (parkId: number, body: object = toToronto, language = "en") =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${parkId}`,
      headers: { ...bearer(manager), "accept-language": language },
      payload: body,
    });
  const place = async (parkId: number) =>
    (
      await rows<{ country_id: number; time_zone: string }>(
        sql`SELECT country_id, time_zone FROM parks WHERE id = ${parkId}`,
      )
    )[0];
  const IN_USE =
    "A park's country and time zone cannot change while it has bookings, drive-up sales, events, orders or monthly passes that are not finished, or plans on sale";
  const none = { bookings: 0, drive_up_sales: 0, events: 0, orders: 0, passes: 0, plans: 0 };

  it("refuses a move (409, in French too) while a booking is not over, changes nothing, and moves once it is cancelled", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Ikoyi Crossing Garage");
    const driver = await fundedUser(db, 100_000_000);
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(2 * HOUR),
      end: at(4 * HOUR),
      plate_number: "LAG 410 MV",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Asked with its rates still there: the manager learns at once that the park cannot move now.
    const first = await move(parkId);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toEqual({
      code: "park_in_use",
      message: IN_USE,
      holdings: { ...none, bookings: 1 },
    });
    const fr = await move(parkId, toToronto, "fr");
    expect(fr.statusCode).toBe(409);
    expect(fr.json().message).toBe(
      "Le pays et le fuseau horaire d'un parking ne peuvent pas changer tant qu'il a des réservations, des ventes sans réservation, des événements, des commandes ou des abonnements mensuels en cours, ou des formules en vente",
    );
    // The time zone alone is refused the same way; the same zone written again is no change.
    expect((await move(parkId, { time_zone: "Africa/Abidjan" })).statusCode).toBe(409);
    const same = await move(parkId, { time_zone: "Africa/Lagos", name: "Ikoyi Crossing Deck" });
    expect(same.statusCode, same.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    expect((await lastAudit(parkId))?.after).toEqual({ name: "Ikoyi Crossing Deck" });

    const cancelled = await setStatus(ctx.app, driver, booked.json().id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await move(parkId)).json().code).toBe("validation_error"); // its rates, now
    expect((await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] })).statusCode).toBe(200);
    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminPark>()).toMatchObject({
      country: "CA",
      currency: "CAD",
      time_zone: "America/Toronto",
    });
    expect(await keptDrift()).toEqual([]);
  });

  it("counts a car still inside after its end, a parked drive-up sale, an event not over and an order not finished, and nothing that is over", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Victoria Island Ramp");
    await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] });
    const driver = await fundedUser(db, 100_000_000);
    const iso = (offset: number) => at(offset).toISOString();
    const expectHeld = async (holdings: object) => {
      const res = await move(parkId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().holdings).toEqual({ ...none, ...holdings });
      expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    };
    const insertBooking = (code: string, from: number, to: number, extra: ReturnType<typeof sql>) =>
      db.execute(sql`INSERT INTO bookings (booking_code, user_id, park_id, vehicle_type_id, plate_number,
          start_time, end_time, status, currency, total_minor, paid_minor, breakdown, checked_in_at, checked_out_at)
        VALUES (${code}, ${driver.id}::uuid, ${parkId}, 1, ${code}, ${iso(from)}::timestamptz, ${iso(to)}::timestamptz,
          ${extra}, 'NGN', 100000, 100000, '{}'::jsonb, NULL, NULL)`);

    // What is over counts for nothing: a stay checked out, a stay that ended without its car, a
    // cancelled booking, a closed and a voided sale, a cancelled event and one over, a completed order.
    await insertBooking("PW-DONE2345", -6 * HOUR, -4 * HOUR, sql`'completed'`);
    await db.execute(sql`UPDATE bookings SET checked_in_at = ${iso(-6 * HOUR)}::timestamptz,
      checked_out_at = ${iso(-3 * HOUR)}::timestamptz WHERE booking_code = 'PW-DONE2345'`);
    await insertBooking("PW-GONE2345", -6 * HOUR, -4 * HOUR, sql`'active'`);
    await insertBooking("PW-CANC2345", 6 * HOUR, 8 * HOUR, sql`'cancelled'`);
    for (const [code, status] of [
      ["DU-CLOSED23", "closed"],
      ["DU-VOIDED23", "void"],
    ] as const) {
      await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time,
          end_time, status, currency, amount_minor, payment_method)
        VALUES (${code}, ${parkId}, 1, 'KJA 1 AA', ${iso(-5 * HOUR)}::timestamptz, ${iso(-4 * HOUR)}::timestamptz,
          ${status}, 'NGN', 500, 'cash')`);
    }
    await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      status: "cancelled",
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    await createEvent(db, {
      start: at(-10 * HOUR),
      end: at(-8 * HOUR),
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    const order = (code: string, stage: string) =>
      db.execute(sql`INSERT INTO orders (order_code, user_id, country_id, currency, order_type, stage, park_id,
          subtotal_minor, offer_discount_minor, coupon_discount_minor, delivery_minor, tax_minor, tax_name, total_minor)
        VALUES (${code}, ${driver.id}::uuid, 1, 'NGN', 'takeaway', ${stage}, ${parkId}, 1000, 0, 0, 0, 0, 'VAT', 1000)`);
    await order("OR-DONE23", "completed");
    await order("OR-GONE23", "canceled");

    // One of each kind not finished, each refused until it is finished by its own rule.
    await insertBooking("PW-INSD2345", -6 * HOUR, -1 * HOUR, sql`'completed'`);
    await db.execute(sql`UPDATE bookings SET checked_in_at = ${iso(-6 * HOUR)}::timestamptz
      WHERE booking_code = 'PW-INSD2345'`);
    await expectHeld({ bookings: 1 });
    await db.execute(
      sql`UPDATE bookings SET checked_out_at = ${iso(-1)}::timestamptz WHERE booking_code = 'PW-INSD2345'`,
    );

    await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency)
      VALUES ('DU-PARKED23', ${parkId}, 1, 'KJA 2 AA', ${iso(-5 * HOUR)}::timestamptz, ${iso(-1 * HOUR)}::timestamptz, 'NGN')`);
    await expectHeld({ drive_up_sales: 1 });
    await db.execute(sql`UPDATE pos_sales SET status = 'closed', amount_minor = 500, payment_method = 'cash',
      closed_at = ${iso(-1)}::timestamptz WHERE sale_code = 'DU-PARKED23'`);

    const draft = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      status: "draft",
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    // An event just ended still holds the park while its departure buffer runs.
    const leaving = await createEvent(db, {
      start: at(-3 * HOUR),
      end: at(-HOUR / 2),
      parks: [{ parkId, after: 60, offers: [{ allocation: 2 }] }],
    });
    await expectHeld({ events: 2 });
    await db.execute(sql`UPDATE events SET status = 'cancelled' WHERE id IN (${draft.id}, ${leaving.id})`);

    await order("OR-OPEN23", "being_prepared");
    await expectHeld({ orders: 1 });
    await db.execute(sql`UPDATE orders SET stage = 'delivered' WHERE order_code = 'OR-OPEN23'`);
    await expectHeld({ orders: 1 });
    await db.execute(sql`UPDATE orders SET stage = 'completed' WHERE order_code = 'OR-OPEN23'`);

    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 2, time_zone: "America/Toronto" });
  });

  it("counts a plan on sale and a monthly pass active or in grace; a draft plan keeps the park's country", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Lekki Commuter Deck");
    await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] });
    const expectHeld = async (body: object, holdings: object) => {
      const res = await move(parkId, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: "park_in_use",
        message: IN_USE,
        holdings: { ...none, ...holdings },
      });
      expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    };
    const created = await call(manager, "POST", "/admin/plans", {
      park_id: parkId,
      name: { en: "Commuter", fr: "Navetteur" },
      windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
      prices: [{ vehicle_type_id: 1, monthly_price: 1_000 }],
      allocation: 2,
      status: "on_sale",
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json<{ id: number }>().id;
    await expectHeld(toToronto, { plans: 1 });
    // A pass sold on it holds the park after the plan stops selling: its windows are on the park's
    // clock and it renews in the park's currency, so the time zone alone is refused too.
    const driver = await fundedUser(db, 100_000_000);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bought = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(driver),
      payload: { plan_id: planId, vehicle_type_id: 1, plates: ["LAG 610 PS"], start_date: day },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const closed = await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "closed" });
    expect(closed.statusCode, closed.body).toBe(200);
    await expectHeld(toToronto, { passes: 1 });
    await expectHeld({ time_zone: "Africa/Abidjan" }, { passes: 1 });
    await db.execute(sql`UPDATE passes SET status = 'grace' WHERE plan_id = ${planId}`);
    await expectHeld({ time_zone: "Africa/Abidjan" }, { passes: 1 });
    await db.execute(
      sql`UPDATE passes SET status = 'ended', ended_reason = 'lapsed' WHERE plan_id = ${planId}`,
    );

    // A draft plan's prices are in the park's currency: it keeps the park's country, in French too.
    const reopened = await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "draft" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const draft = await move(parkId, toToronto, "fr");
    expect(draft.statusCode, draft.body).toBe(422);
    expect(draft.json().fields.country).toBe(
      "Un parking qui a des formules en préparation ne peut pas changer de pays\u00a0: fermez-les d'abord",
    );
    expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "closed" });
    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 2, time_zone: "America/Toronto" });
  });
});
