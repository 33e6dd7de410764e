import type {
  AdminPark,
  AdminParkChargers,
  ChargingParkList,
  ParkDetail,
  ParkPage,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { adminParksKit, newPark } from "./admin-parks.test-kit";

/** A park's EV chargers (decision 045): the back office's editor, the park's page and the search. */
let ctx: TestContext;
let manager: TestUser;
let otherManager: TestUser;
let attendant: TestUser;
let driver: TestUser;
let park: AdminPark;

const { suite, call, rows, lastAudit } = adminParksKit();

const fast = { connector: "ccs2", power_kw: 60, count: 2, price_unit: "kwh", price: 380 };
const slow = { connector: "type2", power_kw: 7.4, count: 4, price_unit: "hour", price: 1500.5 };

const inFrench = (user: TestUser, method: "POST" | "PATCH", url: string, payload: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "accept-language": "fr" },
    payload,
  });

beforeAll(async () => {
  ({ ctx, manager } = suite);
  const db = ctx.database.db;
  otherManager = await createStaff(db, "branch_manager", {
    operatorId: await operatorId(db, "Citypark Nigeria"),
  });
  attendant = await createStaff(db, "employee", {
    operatorId: suite.harbourview,
    parkIds: (await parksOf(db, suite.harbourview)).slice(0, 1),
  });
  driver = await createUser(db);
  const res = await call(
    manager,
    "POST",
    "/admin/parks",
    newPark("Marina Charging Garage", { amenities: ["cctv", "ev_charging"] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  park = res.json<AdminPark>();
});

async function publicPark(ref: string | number): Promise<ParkDetail> {
  const res = await ctx.app.inject({ url: `/api/v1/front/parks/${ref}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkDetail>();
}

async function search(query: string) {
  return ctx.app.inject({ url: `/api/v1/parks/front/parks/?country=NG&size=100&${query}` });
}

describe("a park's chargers in the back office", () => {
  it("starts with none, and the form's ev_charging is not kept without them", async () => {
    expect(park.amenities).toEqual(["cctv"]);
    const res = await call(manager, "GET", `/admin/parks/${park.id}/chargers`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminParkChargers>()).toEqual({
      park_id: park.id,
      currency: "NGN",
      decimals: 2,
      items: [],
    });
    const edited = await call(manager, "PATCH", `/admin/parks/${park.id}`, {
      amenities: ["ev_charging", "lit"],
    });
    expect(edited.json<AdminPark>().amenities).toEqual(["lit"]);
  });

  it("adds chargers (prices in the park's currency), shows the amenity, and audits each change", async () => {
    const res = await call(manager, "POST", `/admin/parks/${park.id}/chargers`, fast);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<AdminParkChargers>();
    expect(body.items).toEqual([{ id: expect.any(Number), ...fast, status: "active" }]);
    const second = await call(manager, "POST", `/admin/parks/${park.id}/chargers`, slow);
    expect(second.statusCode, second.body).toBe(201);
    // The most powerful first.
    expect(second.json<AdminParkChargers>().items.map((c) => c.connector)).toEqual(["ccs2", "type2"]);
    const [stored] = await rows<{ price_minor: string; power_kw: string }>(
      sql`SELECT price_minor::text, power_kw::text FROM park_chargers WHERE park_id = ${park.id} AND connector = 'type2'`,
    );
    expect(stored).toEqual({ price_minor: "150050", power_kw: "7.4" });
    expect(await lastAudit(park.id)).toMatchObject({
      action: "park.charger.add",
      after: { charger: { connector: "type2", price_minor: 150050 } },
    });
    const admin = await call(manager, "GET", `/admin/parks/${park.id}`);
    expect(admin.json<AdminPark>().amenities).toEqual(["ev_charging", "lit"]);
    // A later edit of the amenities keeps the mark while chargers are active.
    const edited = await call(manager, "PATCH", `/admin/parks/${park.id}`, { amenities: ["cctv"] });
    expect(edited.json<AdminPark>().amenities).toEqual(["cctv", "ev_charging"]);
  });

  it("shows the active chargers on the park's page with their prices", async () => {
    const page = await publicPark(park.slug);
    expect(page.amenities).toContain("ev_charging");
    expect(page.chargers).toEqual([
      {
        id: expect.any(Number),
        connector: "ccs2",
        power_kw: 60,
        count: 2,
        price_unit: "kwh",
        price: 380,
        currency: "NGN",
      },
      {
        id: expect.any(Number),
        connector: "type2",
        power_kw: 7.4,
        count: 4,
        price_unit: "hour",
        price: 1500.5,
        currency: "NGN",
      },
    ]);
  });

  it("refuses wrong values field by field, in English and in French", async () => {
    const res = await call(manager, "POST", `/admin/parks/${park.id}/chargers`, {
      connector: "tesla",
      power_kw: 2,
      count: 0,
      price_unit: "minute",
      price: 0,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toEqual({
      connector: "Choose a connector",
      power_kw: "Enter a power between 3.7 and 350 kW",
      count: "Enter how many chargers, from 1 to 1000",
      price_unit: "Choose per kWh or per hour",
      price: "Enter an amount more than 0",
    });
    const fr = await inFrench(manager, "POST", `/admin/parks/${park.id}/chargers`, {
      ...fast,
      power_kw: 7.45,
      count: 1001,
    });
    expect(fr.statusCode, fr.body).toBe(422);
    expect(fr.json().fields).toEqual({
      power_kw: "Saisissez un nombre avec une décimale au plus, par exemple 7,4",
      count: "Entrez le nombre de bornes, de 1 à 1000",
    });
    const cents = await call(manager, "POST", `/admin/parks/${park.id}/chargers`, { ...fast, price: 1.234 });
    expect(cents.statusCode, cents.body).toBe(422);
    expect(cents.json().fields).toEqual({ price: "Amounts in NGN have at most 2 decimals" });
    const frCents = await inFrench(manager, "POST", `/admin/parks/${park.id}/chargers`, {
      ...fast,
      power_kw: 351,
    });
    expect(frCents.json().fields).toEqual({ power_kw: "Entrez une puissance entre 3,7 et 350 kW" });
  });

  it("edits and deactivates a charger; the last active one gone, the amenity goes", async () => {
    const { items } = (
      await call(manager, "GET", `/admin/parks/${park.id}/chargers`)
    ).json<AdminParkChargers>();
    const [ccs, type2] = items;
    const edited = await call(manager, "PATCH", `/admin/parks/${park.id}/chargers/${ccs!.id}`, {
      price: 400,
      count: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminParkChargers>().items[0]).toMatchObject({ price: 400, count: 3, power_kw: 60 });
    expect(await lastAudit(park.id)).toMatchObject({
      action: "park.charger.update",
      before: { charger: { price_minor: 38000, count: 2 } },
      after: { charger: { price_minor: 40000, count: 3 } },
    });
    await call(manager, "PATCH", `/admin/parks/${park.id}/chargers/${type2!.id}`, { status: "inactive" });
    expect((await lastAudit(park.id))?.action).toBe("park.charger.deactivate");
    expect((await publicPark(park.id)).chargers.map((c) => c.connector)).toEqual(["ccs2"]);
    const off = await call(manager, "PATCH", `/admin/parks/${park.id}/chargers/${ccs!.id}`, {
      status: "inactive",
    });
    // Inactive ones stay listed in the back office, after the active ones.
    expect(off.json<AdminParkChargers>().items.map((c) => c.status)).toEqual(["inactive", "inactive"]);
    const page = await publicPark(park.id);
    expect(page.chargers).toEqual([]);
    expect(page.amenities).not.toContain("ev_charging");
    const back = await call(manager, "PATCH", `/admin/parks/${park.id}/chargers/${ccs!.id}`, {
      status: "active",
    });
    expect(back.statusCode).toBe(200);
    expect((await publicPark(park.id)).amenities).toContain("ev_charging");
  });

  it("is another operator's 404, an attendant's 403 for changes, a driver's 403", async () => {
    const { items } = (
      await call(manager, "GET", `/admin/parks/${park.id}/chargers`)
    ).json<AdminParkChargers>();
    const id = items[0]!.id;
    for (const [method, url, body] of [
      ["GET", `/admin/parks/${park.id}/chargers`, undefined],
      ["POST", `/admin/parks/${park.id}/chargers`, fast],
      ["PATCH", `/admin/parks/${park.id}/chargers/${id}`, { price: 1 }],
    ] as const) {
      const res = await call(otherManager, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe("park_not_found");
      expect((await call(driver, method, url, body)).statusCode).toBe(403);
    }
    // An attendant may view parks (parks.view) but not change them; this park is not theirs anyway.
    expect((await call(attendant, "POST", `/admin/parks/${park.id}/chargers`, fast)).statusCode).toBe(403);
    // A charger of another park under this park's id: not found.
    const other = (await parksOf(ctx.database.db, suite.harbourview))[0]!;
    const wrong = await call(manager, "PATCH", `/admin/parks/${other}/chargers/${id}`, { price: 1 });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe("charger_not_found");
    expect((await call(manager, "GET", `/admin/parks/${park.id}/chargers`)).json().items[0].price).toBe(400);
  });

  it("keeps a park with chargers in its country (their prices are in its currency)", async () => {
    const res = await call(manager, "PATCH", `/admin/parks/${park.id}`, {
      country: "GH",
    });
    expect(res.statusCode).toBe(422);
    const moved = await call(manager, "PATCH", `/admin/parks/${park.id}`, {
      country: "SN",
      time_zone: "Africa/Dakar",
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().fields).toEqual({
      country: "A park with chargers cannot move to another country: their prices are in its currency",
    });
    // Inactive chargers count too: their prices are in its currency all the same.
    const statuses = await rows<{ id: number; status: string }>(
      sql`SELECT id, status FROM park_chargers WHERE park_id = ${park.id}`,
    );
    await ctx.database.db.execute(
      sql`UPDATE park_chargers SET status = 'inactive' WHERE park_id = ${park.id}`,
    );
    const inactive = await call(manager, "PATCH", `/admin/parks/${park.id}`, {
      country: "SN",
      time_zone: "Africa/Dakar",
    });
    expect(inactive.statusCode, inactive.body).toBe(422);
    expect(inactive.json().fields.country).toMatch(/A park with chargers cannot move/);
    for (const c of statuses) {
      await ctx.database.db.execute(sql`UPDATE park_chargers SET status = ${c.status} WHERE id = ${c.id}`);
    }
  });
});

describe("the search's connector and power filters", () => {
  it("finds parks with an active charger of a connector and of a power or more", async () => {
    const ids = async (query: string) => {
      const res = await search(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ParkPage>().items.map((p) => p.id);
    };
    expect(await ids("connector=ccs2")).toContain(park.id);
    expect(await ids("connector=ccs2&min_kw=60")).toContain(park.id);
    expect(await ids("connector=ccs2&min_kw=60.5")).not.toContain(park.id);
    expect(await ids("min_kw=50")).toContain(park.id);
    // Its Type 2 is inactive: not found by it.
    expect(await ids("connector=type2&search=marina")).not.toContain(park.id);
    // Every park found has such a charger.
    const found = await ids("connector=type2&min_kw=22");
    const checked = await rows<{ id: number }>(
      sql`SELECT DISTINCT park_id AS id FROM park_chargers
        WHERE connector = 'type2' AND power_kw >= 22 AND status = 'active'`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((id) => checked.some((c) => c.id === id))).toBe(true);
  });

  it("refuses a connector it does not know and a power out of range with a clear 422", async () => {
    const bad = await search("connector=tesla");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.connector).toBe(
      "connector must be one of type2, ccs2, chademo, gbt, ccs1, j1772, nacs",
    );
    const power = await search("min_kw=abc");
    expect(power.statusCode).toBe(422);
    expect(power.json().fields.min_kw).toBe("min_kw must be a number");
    const high = await ctx.app.inject({
      url: "/api/v1/parks/front/parks/?country=NG&min_kw=400",
      headers: { "accept-language": "fr" },
    });
    expect(high.statusCode).toBe(422);
    expect(high.json().fields.min_kw).toMatch(/min_kw/);
    expect(high.json().fields.min_kw).not.toBe("min_kw must be between 1 and 350");
  });
});

describe("GET /ev-charging/parks", () => {
  it("lists a country's parks with active chargers, by name, with their chargers", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/ev-charging/parks?country=ng&size=100" });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ChargingParkList>();
    expect(list.total).toBeGreaterThan(1);
    const mine = list.items.find((p) => p.id === park.id);
    expect(mine).toMatchObject({
      slug: park.slug,
      chargers: [{ connector: "ccs2", price: 400, currency: "NGN" }],
    });
    expect(list.items.every((p) => p.chargers.length > 0)).toBe(true);
    // A park once, however many chargers it has: the total is the DISTINCT parks of the active chargers.
    expect(new Set(list.items.map((p) => p.id)).size).toBe(list.items.length);
    const [distinct] = await rows<{ n: number }>(
      sql`SELECT count(DISTINCT c.park_id)::int AS n FROM park_chargers c JOIN parks p ON p.id = c.park_id
        WHERE c.status = 'active' AND p.status = 'active' AND p.country_id = 1`,
    );
    expect(list.total).toBe(distinct!.n);
    const names = list.items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await ctx.app.inject({ url: "/api/v1/ev-charging/parks?country=XX" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.country).toBe("country must be a country Parkwell serves");
    expect((await ctx.app.inject({ url: "/api/v1/ev-charging/parks" })).statusCode).toBe(422);
  });

  it("seeds chargers for exactly the seeded parks that show EV charging, per country's connectors", async () => {
    const drift = await rows<{ id: number }>(
      sql`SELECT id FROM parks p WHERE ('ev_charging' = ANY(p.amenities)) IS DISTINCT FROM
        EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = p.id AND c.status = 'active')`,
    );
    expect(drift).toEqual([]);
    const byCountry = await rows<{ code: string; connectors: string[] }>(
      sql`SELECT co.code, array_agg(DISTINCT c.connector ORDER BY c.connector) AS connectors
        FROM park_chargers c JOIN parks p ON p.id = c.park_id JOIN countries co ON co.id = p.country_id
        GROUP BY co.code ORDER BY co.code`,
    );
    const of = (code: string) => byCountry.find((r) => r.code === code)?.connectors ?? [];
    for (const na of ["CA", "US"]) {
      expect(of(na).length).toBeGreaterThan(0);
      expect(of(na).filter((c) => c === "type2" || c === "ccs2")).toEqual([]);
    }
    expect(of("NG")).toContain("type2");
    expect(of("SN")).toContain("ccs2");
  });
});
