import type { AdminPark, ParkDetail, ParkPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { fundedUser } from "../../bookings/bookings.test-kit";
import { adminParksKit, newPark, type Method } from "./admin-parks.test-kit";

let ctx: TestContext;
let harbourview: number;
let citypark: number;
let manager: TestUser;
let cityManager: TestUser;
let admin: TestUser;
let attendant: TestUser;

const { suite, call, rows, keptDrift, lastAudit } = adminParksKit();

beforeAll(async () => {
  ({ ctx, harbourview, manager } = suite);
  const db = ctx.database.db;
  citypark = await operatorId(db, "Citypark Nigeria");
  cityManager = await createStaff(db, "branch_manager", { operatorId: citypark });
  admin = await createStaff(db, "admin");
  attendant = await createStaff(db, "employee", {
    operatorId: harbourview,
    parkIds: (await parksOf(db, harbourview)).slice(0, 2),
  });
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
