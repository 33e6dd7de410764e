import type { Availability, ParkDetail, ParkRate } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { seed } from "../../db/seed";
import { buildSeedParks } from "../../db/seed/park-rows";
import { createTestContext, type TestContext } from "../../test/harness";
import { priceWindow } from "./pricing.domain";

let ctx: TestContext;
let park: ParkDetail;
beforeAll(async () => {
  ctx = await createTestContext();
  park = (await ctx.app.inject({ url: "/api/v1/front/parks/1" })).json<ParkDetail>();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/v1${url}` });

describe("GET /front/parks/{idOrSlugOrCode}", () => {
  it("returns the whole park by id, by slug and by the QR park code (any case)", async () => {
    expect(park).toMatchObject({
      id: 1,
      country: { code: "NG", currency: "NGN" },
      time_zone: "Africa/Lagos",
      type: "airport",
      open_24h: true,
    });
    expect(park.rates.length).toBeGreaterThanOrEqual(3);
    expect(park.rates[0]).toMatchObject({ vehicle_type_id: 1, vehicle_type: "Car", currency: "NGN" });
    expect(park.entry_instructions).not.toBe("");
    for (const ref of [park.slug, park.park_code, park.park_code.toLowerCase(), park.slug.toUpperCase()]) {
      const res = await get(`/front/parks/${encodeURIComponent(ref)}`);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json<ParkDetail>().id).toBe(1);
    }
  });

  it("gives opening hours for parks that are not open all day", async () => {
    const [row] = await queryRows<{ slug: string }>(
      ctx.database.db,
      sql`SELECT slug FROM parks WHERE NOT open_24h LIMIT 1`,
    );
    const p = (await get(`/front/parks/${row!.slug}`)).json<ParkDetail>();
    expect(p.opening_hours).toHaveLength(7);
  });

  it("is a 404 with a message for an unknown park, and a 422 without an id", async () => {
    for (const ref of ["999999", "no-such-park", "ZZZZZZZ", "%27%20OR%201%3D1", "x".repeat(100)]) {
      const res = await get(`/front/parks/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ message: "Park not found", code: "park_not_found" });
    }
    expect((await get("/front/parks/")).json()).toMatchObject({ message: "Park ID is required" });
  });

  it("is a 410 saying only that it is gone for a deactivated park, by any of its references; its rate and availability are a 404", async () => {
    const [row] = await queryRows<{ id: number; slug: string; park_code: string }>(
      ctx.database.db,
      sql`SELECT id, slug, park_code FROM parks WHERE status = 'active' AND id <> 1 ORDER BY id LIMIT 1`,
    );
    await ctx.database.db.execute(sql`UPDATE parks SET status = 'inactive' WHERE id = ${row!.id}`);
    try {
      for (const ref of [row!.slug, row!.park_code, String(row!.id)]) {
        const res = await get(`/front/parks/${ref}`);
        expect(res.statusCode, ref).toBe(410);
        expect(res.json()).toEqual({ message: "This car park is no longer on Parkwell", code: "park_gone" });
      }
      const french = await ctx.app.inject({
        url: `/api/v1/front/parks/${row!.slug}`,
        headers: { "accept-language": "fr" },
      });
      expect(french.json()).toEqual({ message: "Ce parking n'est plus sur Parkwell", code: "park_gone" });
      expect((await get(`/front/parks/${row!.slug}/rate`)).statusCode).toBe(404);
      const window = "start_time=2030-01-07T10:00:00%2B01:00&end_time=2030-01-07T12:00:00%2B01:00";
      expect((await get(`/front/parks/${row!.slug}/availability?${window}`)).json()).toMatchObject({
        code: "park_not_found",
      });
      // A park that never was is still the 404.
      expect((await get("/front/parks/never-a-park-here")).statusCode).toBe(404);
    } finally {
      await ctx.database.db.execute(sql`UPDATE parks SET status = 'active' WHERE id = ${row!.id}`);
    }
  });
});

describe("a park's texts in the request's language", () => {
  const read = (ref: string | number, language?: string) =>
    ctx.app.inject({
      url: `/api/v1/front/parks/${ref}`,
      headers: language ? { "accept-language": language } : {},
    });

  it("gives an English park's French texts to a French request, and a Dakar park's English to an English one", async () => {
    const en = await read(1, "en");
    const fr = await read(1, "fr-CA,fr;q=0.9");
    expect(en.headers.vary).toContain("accept-language");
    expect(en.json<ParkDetail>()).toMatchObject({ text_language: "en" });
    expect(en.json<ParkDetail>().description).toMatch(/ car spaces/);
    expect(fr.json<ParkDetail>()).toMatchObject({ text_language: "fr" });
    expect(fr.json<ParkDetail>().description).toMatch(/ places pour voitures/);
    expect(fr.json<ParkDetail>().entry_instructions).toMatch(/^Entrée par /);

    const [dakar] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM parks WHERE city = 'Dakar' ORDER BY id LIMIT 1`,
    );
    const dakarEn = (await read(dakar!.id, "en")).json<ParkDetail>();
    expect(dakarEn.text_language).toBe("en");
    expect(dakarEn.entry_instructions).toMatch(/^Enter from /);
    expect((await read(dakar!.id)).json<ParkDetail>().text_language).toBe("en");
    expect((await read(dakar!.id, "fr")).json<ParkDetail>().description).toMatch(/ places pour voitures/);
  });

  it("falls back to the park's own language, and says so, when it has no text in the one asked", async () => {
    const [row] = await queryRows<{ id: number; description: string }>(
      ctx.database.db,
      sql`UPDATE parks SET translations = '{}'::jsonb
          WHERE id = (SELECT id FROM parks WHERE city = 'Kano' ORDER BY id LIMIT 1)
          RETURNING id, description`,
    );
    const fr = (await read(row!.id, "fr")).json<ParkDetail>();
    expect(fr).toMatchObject({ text_language: "en", description: row!.description });
    await seed(ctx.database.db);
    expect((await read(row!.id, "fr")).json<ParkDetail>().text_language).toBe("fr");
  });
});

describe("GET /front/parks/{parkId}/rate", () => {
  it("gives the car rate by default and other vehicle types on request", async () => {
    const car = (await get(`/front/parks/${park.id}/rate`)).json<ParkRate>();
    expect(car).toEqual(park.rates.find((r) => r.vehicle_type_id === 1));
    expect(car.daily_max).toBeGreaterThanOrEqual(car.hourly);
    const moto = await get(`/front/parks/${park.id}/rate?vehicle_type_id=3`);
    expect(moto.json<ParkRate>()).toMatchObject({ park_id: park.id, vehicle_type_id: 3, currency: "NGN" });
    expect(moto.json<ParkRate>().hourly).toBeLessThan(car.hourly);
  });

  it("says 'Park ID is required' without an id, and 404s unknown parks and vehicle types", async () => {
    for (const url of ["/front/parks//rate", "/front/parks/undefined/rate", "/front/parks/null/rate"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ message: "Park ID is required", code: "validation_error" });
    }
    const unknown = await get("/front/parks/424242/rate");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "Park not found" });
    expect((await get(`/front/parks/${park.id}/rate?vehicle_type_id=99`)).statusCode).toBe(404);
    expect((await get(`/front/parks/${park.id}/rate?vehicle_type_id=-1`)).statusCode).toBe(422);
  });
});

describe("GET /front/parks/{parkId}/availability", () => {
  // 1-3 July of next year, in Lagos (UTC+1): ahead of now on any date the suite runs.
  const year = new Date().getUTCFullYear() + 1;
  const w = `start_time=${year}-07-01T09:00:00%2B01:00&end_time=${year}-07-03T10:15:00%2B01:00`;

  it("gives capacity, availability and the window's total with the country's fees", async () => {
    const res = await get(`/front/parks/${park.slug}/availability?vehicle_type_id=1&${w}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<Availability>();
    const car = park.rates[0]!;
    expect(a).toMatchObject({
      park_id: park.id,
      vehicle_type_id: 1,
      capacity: car.capacity,
      available: car.capacity,
    });
    const expected = priceWindow(
      { hourlyMinor: car.hourly * 100, dailyMaxMinor: car.daily_max * 100 },
      { serviceFeeMinor: 100_00, bookingFeeBps: 500, taxes: [{ name: "VAT", rateBps: 750 }] },
      new Date(`${year}-07-01T08:00:00Z`),
      new Date(`${year}-07-03T09:15:00Z`),
    );
    expect(a.price).toMatchObject({ amount: expected.totalMinor / 100, currency: "NGN" });
    expect(a.price.breakdown).toMatchObject({
      days: 2,
      hours: 2,
      tax_name: "VAT",
      parking: expected.parkingMinor / 100,
    });
    expect(a.start_time).toBe(`${year}-07-01T08:00:00.000Z`);
  });

  it("refuses a missing or backwards window", async () => {
    const cases: [string, string][] = [
      ["", "start_time is required"],
      ["start_time=2026-07-01T09:00:00Z", "end_time is required"],
      ["start_time=2026-07-02T09:00:00Z&end_time=2026-07-01T09:00:00Z", "end_time must be after start_time"],
      ["start_time=2026-07-01T09:00:00Z&end_time=2026-12-01T09:00:00Z", "A window can last at most 30 days"],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/front/parks/${park.id}/availability?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toMatchObject({ message });
    }
  });
});

describe("seeded catalogue", () => {
  it("has several 24-hour parks in every seeded city, and unique slugs and codes", async () => {
    const cities = await queryRows<{ city: string; n: number }>(
      ctx.database.db,
      sql`SELECT city, count(*) FILTER (WHERE open_24h)::int AS n FROM parks GROUP BY city`,
    );
    expect(cities).toHaveLength(19);
    for (const c of cities) expect(c.n, c.city).toBeGreaterThanOrEqual(3);
  });

  it("is idempotent: seeding again changes nothing", async () => {
    const snapshot = sql`SELECT (SELECT count(*) FROM parks)::int AS parks, (SELECT count(*) FROM park_rates)::int AS rates,
      (SELECT count(*) FROM park_capacities)::int AS caps, (SELECT md5(string_agg(slug || park_code || lat || lng || time_zone, ',' ORDER BY id)) FROM parks) AS h`;
    const before = await queryRows(ctx.database.db, snapshot);
    await seed(ctx.database.db);
    expect(await queryRows(ctx.database.db, snapshot)).toEqual(before);
  });
});

describe("GET /parks/front/figures", () => {
  it("counts the active parks, their cities and countries from the database, not a slogan", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/parks/front/figures" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    // Counted here from the seed itself, not by the same SQL: every seeded park is active.
    const seeded = buildSeedParks().map((p) => p.row);
    // The activity figures have tests of their own (park-figures.api.test.ts).
    expect(res.json()).toMatchObject({
      parks: seeded.length,
      cities: new Set(seeded.map((p) => `${p.countryId}/${p.city.toLowerCase()}`)).size,
      countries: 4,
    });
  });
});
