import type { ParkPage, ParkSummary } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { seedSyntheticParks } from "../../db/seed/synthetic-parks";
import { createTestContext, type TestContext } from "../../test/harness";
import { countDrift as keptCountDrift, staleRateCards } from "../admin/parks/admin-parks.test-kit";

// What the database keeps for searches (migrations 0010, 0011), checked against what it is kept from:
// parks.rate_card (a search page reads each park's rates and capacities from the park's own row;
// triggers on park_rates and park_capacities keep it) and the counts of active parks per country
// and per grid cell, and of the words of active parks per country (triggers on parks keep them).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedSyntheticParks(ctx.database.db, 300);
});
afterAll(async () => {
  await ctx?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);
const exec = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

/** Parks whose stored card differs from their rates and capacities (admin-parks.test-kit.ts). */
const stale = () => staleRateCards(ctx.database.db);

interface Probe {
  id: number;
  country: string;
  lat: number;
  lng: number;
}

/** A park, found the way a driver finds it: the nearest to its own coordinates, for a vehicle type. */
async function listed(park: Probe, vehicleTypeId = 1): Promise<ParkSummary | undefined> {
  const w = "start_time=2030-06-01T08:00:00Z&end_time=2030-06-01T10:00:00Z";
  const query = `country=${park.country}&lat=${park.lat}&lng=${park.lng}&radius_km=1&size=50&vehicle_type_id=${vehicleTypeId}&${w}`;
  const res = await ctx.app.inject({ url: `/api/v1/parks/front/parks/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkPage>().items.find((i) => i.id === park.id);
}

async function probe(where: ReturnType<typeof sql>): Promise<Probe> {
  const [park] = await rows<Probe>(sql`
    SELECT p.id, c.code AS country, p.lat, p.lng FROM parks p JOIN countries c ON c.id = p.country_id
    WHERE p.status = 'active' AND ${where} ORDER BY p.id LIMIT 1`);
  return park!;
}

describe("parks.rate_card", () => {
  it("is what the rates and capacities say for every seeded park, demo and synthetic", async () => {
    const [{ n }] = (await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM parks WHERE rate_card <> '{}'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(300);
    expect(await stale()).toEqual([]);
  });

  it("follows a changed rate, capacity, a removed type and a multi-park statement", async () => {
    const park = await probe(sql`p.id < 1000000 AND p.country_id = 2`);
    const before = await listed(park);
    expect(before?.price_from?.hourly).toBeGreaterThan(0);

    await exec(sql`UPDATE park_rates SET hourly_minor = 123400, daily_max_minor = 999900
      WHERE park_id = ${park.id} AND vehicle_type_id = 1 AND kind = 'standard'`);
    await exec(
      sql`UPDATE park_capacities SET capacity = 7 WHERE park_id = ${park.id} AND vehicle_type_id = 1`,
    );
    const after = await listed(park);
    expect(after?.price_from).toMatchObject({ hourly: 1234, daily_max: 9999, currency: "CAD" });
    expect(after?.availability?.capacity).toBe(7);

    // No spaces for motorcycles: a search for them leaves the park out; a search for cars keeps it.
    await exec(
      sql`UPDATE park_capacities SET capacity = 0 WHERE park_id = ${park.id} AND vehicle_type_id = 3`,
    );
    expect(await listed(park, 3)).toBeUndefined();
    // Rate and capacity rows gone: no price for that type, and the park is not listed for it.
    await exec(sql`DELETE FROM park_rates WHERE park_id = ${park.id} AND vehicle_type_id = 2`);
    await exec(sql`DELETE FROM park_capacities WHERE park_id = ${park.id} AND vehicle_type_id = 2`);
    expect(await listed(park, 2)).toBeUndefined();
    const [card] = await rows<{ rate_card: Record<string, unknown> }>(
      sql`SELECT rate_card FROM parks WHERE id = ${park.id}`,
    );
    expect(Object.keys(card!.rate_card)).toEqual(expect.arrayContaining(["1", "3"]));
    expect(Object.keys(card!.rate_card)).not.toContain("2");

    // One statement over several parks (an operator's price rise): every card follows.
    const ids = (
      await rows<{ id: number }>(sql`SELECT id FROM parks WHERE country_id = 3 ORDER BY id LIMIT 5`)
    ).map((r) => r.id);
    await exec(sql`UPDATE park_rates SET hourly_minor = hourly_minor + 500
      WHERE park_id IN (${sql.join(ids, sql`, `)}) AND kind = 'standard'`);
    expect(await stale()).toEqual([]);
  });

  it("writes no park row when a statement changes nothing on its card", async () => {
    const park = await probe(sql`p.id >= 1000000`);
    const version = () =>
      rows<{ v: string }>(sql`SELECT xmin::text AS v FROM parks WHERE id = ${park.id}`).then((r) => r[0]!.v);
    const before = await version();
    await exec(sql`UPDATE park_rates SET hourly_minor = hourly_minor WHERE park_id = ${park.id}`);
    await exec(sql`UPDATE park_capacities SET capacity = capacity WHERE park_id = ${park.id}`);
    expect(await version()).toBe(before);
    await exec(
      sql`UPDATE park_capacities SET capacity = capacity + 1 WHERE park_id = ${park.id} AND vehicle_type_id = 1`,
    );
    expect(await version()).not.toBe(before);
  });
});

/** Kept counts that differ from counting the parks, per country, cell and word (admin-parks.test-kit.ts). */
const countDrift = () => keptCountDrift(ctx.database.db);

/** The kept count of one word in Senegal. */
const wordCount = async (word: string) =>
  (await rows<{ n: number }>(sql`SELECT n FROM park_word_counts WHERE country_id = 3 AND word = ${word}`))[0]
    ?.n ?? 0;

const total = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/v1/parks/front/parks/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParkPage>().total;
};

describe("kept counts of active parks", () => {
  it("agree with the parks after seeding, and give the country total", async () => {
    expect(await countDrift()).toEqual([]);
    const [sn] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM parks WHERE status = 'active' AND country_id = 3`,
    );
    // The demo catalogue plus a share of 300 synthetic parks: under the cap, so the total is exact.
    expect(sn!.n).toBeLessThan(500);
    expect(await total("country=SN")).toBe(sn!.n);
  });

  it("follow parks added, closed, reopened, moved and removed, one by one and many at once", async () => {
    const before = await total("country=SN");
    const source = await probe(sql`p.country_id = 3`);
    const [added] = await rows<{ id: number }>(sql`
      INSERT INTO parks (slug, park_code, name, description, type, country_id, state_id, city, time_zone, address,
        lat, lng, open_24h, opening_hours, amenities, entry_instructions, operator, status, search_text)
      SELECT slug || '-annexe', 'ZANNEX1', name || ' Annexe', description, type, country_id, state_id, city, time_zone,
        address, lat + 0.05, lng + 0.05, open_24h, opening_hours, amenities, entry_instructions, operator, status,
        search_text || ' annexe'
      FROM parks WHERE id = ${source.id}
      RETURNING id`);
    expect(await total("country=SN")).toBe(before + 1);
    expect(await countDrift()).toEqual([]);
    expect(await wordCount("annexe")).toBe(1);

    await exec(sql`UPDATE parks SET status = 'inactive' WHERE id = ${added!.id}`);
    expect(await wordCount("annexe")).toBe(0);
    expect(await total("country=SN")).toBe(before);
    await exec(sql`UPDATE parks SET status = 'active', lat = lat + 0.3 WHERE id = ${added!.id}`);
    expect(await total("country=SN")).toBe(before + 1);
    // A move to another cell, and an update that moves nothing (a new name).
    await exec(sql`UPDATE parks SET lng = lng - 0.2 WHERE id = ${added!.id}`);
    await exec(sql`UPDATE parks SET name = name || ' (north)' WHERE country_id = 3`);
    expect(await countDrift()).toEqual([]);
    // New words for some parks, a word dropped by others, a word twice in one park's text.
    await exec(
      sql`UPDATE parks SET search_text = search_text || ' nordxq nordxq' WHERE country_id = 3 AND city = 'Dakar'`,
    );
    await exec(sql`UPDATE parks SET search_text = replace(search_text, 'nordxq', 'sudxq') WHERE id IN (
      SELECT id FROM parks WHERE country_id = 3 AND city = 'Dakar' ORDER BY id LIMIT 3)`);
    expect(await wordCount("sudxq")).toBe(3);
    expect(await countDrift()).toEqual([]);

    // Many at once: a whole city closed, then reopened; the added park removed.
    const [{ n: closed }] = (await rows<{ n: number }>(sql`
      WITH c AS (UPDATE parks SET status = 'inactive' WHERE country_id = 3 AND city = 'Thiès' AND status = 'active'
        RETURNING 1)
      SELECT count(*)::int AS n FROM c`)) as [{ n: number }];
    expect(closed).toBeGreaterThan(1);
    expect(await total("country=SN")).toBe(before + 1 - closed);
    expect(await countDrift()).toEqual([]);
    await exec(sql`UPDATE parks SET status = 'active' WHERE country_id = 3 AND city = 'Thiès'`);
    await exec(sql`DELETE FROM parks WHERE id = ${added!.id}`);
    expect(await total("country=SN")).toBe(before);
    expect(await countDrift()).toEqual([]);
    // A park removed with its rates and capacities (the cascade's own triggers find no park to write).
    const gone = await probe(sql`p.country_id = 3 AND p.id >= 1000000`);
    await exec(sql`DELETE FROM parks WHERE id = ${gone.id}`);
    expect(await total("country=SN")).toBe(before - 1);
    expect(await countDrift()).toEqual([]);
    expect(await stale()).toEqual([]);
  });
});
