/**
 * Search at a scale where counts reach the cap and words are broad: thousands of synthetic parks
 * (the load-test generator), each answer checked against a brute-force query of the same parks.
 */
import type { ParkPage } from "@parkwell/contract";
import { PARK_TOTAL_CAP } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { seedSyntheticParks } from "../../db/seed/synthetic-parks";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedSyntheticParks(ctx.database.db, 12_000);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const page = async (query: string) => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1/parks/front/parks/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkPage>();
};

interface Row {
  id: number;
  name: string;
  lat: number;
  lng: number;
}
/** Every active Nigerian park whose search text contains the word, straight from the table. */
const matching = (word: string) =>
  queryRows<Row>(
    ctx.database.db,
    sql`SELECT id, name, lat, lng FROM parks
        WHERE status = 'active' AND country_id = 1 AND search_text LIKE ${`%${word}%`}`,
  );

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(a));
}
const LAGOS = { lat: 6.455, lng: 3.3841 };
const nearest = (rows: Row[], n: number, radiusKm = 25) =>
  rows
    .map((r) => ({ id: r.id, km: haversineKm(LAGOS.lat, LAGOS.lng, r.lat, r.lng) }))
    .filter((r) => r.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .slice(0, n)
    .map((r) => r.id);

describe("totals at the cap", () => {
  it("counts up to the cap and pages to its end, then answers empty pages with the same total", async () => {
    const first = await page("country=NG");
    expect(first).toMatchObject({ total: PARK_TOTAL_CAP, pages: PARK_TOTAL_CAP / 10 });
    expect(first.items).toHaveLength(10);
    expect((await page(`country=NG&page=${PARK_TOTAL_CAP / 10}`)).items).toHaveLength(10);
    const past = await page(`country=NG&page=${PARK_TOTAL_CAP / 10 + 1}`);
    expect(past).toMatchObject({ items: [], total: PARK_TOTAL_CAP });
  });
});

describe("broad words (more matches than the cap)", () => {
  it("ranks by relevance among the first matches, every item matching", async () => {
    expect((await matching("lagos")).length).toBeGreaterThan(PARK_TOTAL_CAP);
    const p = await page("country=NG&search=Lagos");
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items).toHaveLength(10);
    expect(p.items.every((i) => `${i.name} ${i.address} ${i.city} ${i.state}`.includes("Lagos"))).toBe(true);
  });

  it("sorted by name, gives exactly the first names of all the matches", async () => {
    const all = await matching("lagos");
    const expected = all
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
      .slice(0, 10)
      .map((r) => r.name);
    const p = await page("country=NG&search=Lagos&sort=name");
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items.map((i) => i.name)).toEqual(expected);
  });

  it("with coordinates, gives exactly the nearest matches, nearest first", async () => {
    // "park" (car park, parking, parkade) within 500 km: Lagos, Ibadan and Port Harcourt, over twice the cap.
    const all = await matching("park");
    expect(nearest(all, 10_000, 500).length).toBeGreaterThan(2 * PARK_TOTAL_CAP);
    const expected = nearest(all, 10, 500);
    const p = await page(`country=NG&search=park&lat=${LAGOS.lat}&lng=${LAGOS.lng}&radius_km=500`);
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items.map((i) => i.id)).toEqual(expected);
  });
});

describe("selective words and coordinates", () => {
  it("gives every match within the radius, nearest first, and their exact count", async () => {
    const rows = await matching("street");
    const within = nearest(rows, 1000);
    expect(within.length).toBeGreaterThan(10);
    expect(within.length).toBeLessThan(PARK_TOTAL_CAP);
    const p = await page(`country=NG&search=Street&lat=${LAGOS.lat}&lng=${LAGOS.lng}&size=50`);
    expect(p.total).toBe(within.length);
    expect(p.items.map((i) => i.id)).toEqual(within.slice(0, 50));
  });

  it("without words, pages the nearest parks in order with the count at the cap", async () => {
    const all = await queryRows<Row>(
      ctx.database.db,
      sql`SELECT id, name, lat, lng FROM parks WHERE status = 'active' AND country_id = 1`,
    );
    const p = await page(`country=NG&lat=${LAGOS.lat}&lng=${LAGOS.lng}&page=3`);
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items.map((i) => i.id)).toEqual(nearest(all, 30).slice(20, 30));
  });
});

describe("misspelt words", () => {
  it("are corrected against the words of parks written since (the vocabulary follows the parks)", async () => {
    // "Savannah" is a street of synthetic parks only: its word arrived with them.
    const p = await page("country=NG&search=Savanah%20Stret");
    expect(p.total).toBeGreaterThan(0);
    expect(p.items.every((i) => /Savannah Street/.test(i.address))).toBe(true);
  });
});
