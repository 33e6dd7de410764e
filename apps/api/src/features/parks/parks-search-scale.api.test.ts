/**
 * Search at a scale where counts reach the cap and words are broad: thousands of synthetic parks
 * (the load-test generator), each answer checked against a brute-force query of the same parks.
 */
import type { ParkPage } from "@parkwell/contract";
import { PARK_TOTAL_CAP, ParkListQuerySchema } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryBuilt, queryRows } from "../../db/client";
import { build } from "../../db/sql-text";
import { seedSyntheticParks } from "../../db/seed/synthetic-parks";
import { haversineKm } from "../../test/geo";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { searchWords } from "./parks.repo";
import { planSearch, type Exec, type SearchWords } from "./parks.search-plan";
import { PARK_POINT, searchSql } from "./parks.search-sql";
import { searchSpec } from "./parks.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // With the benchmark's rating figures (no review rows): the rating sort has an order to keep.
  await seedSyntheticParks(ctx.database.db, 12_000, undefined, { ratings: true });
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

const LAGOS = { lat: 6.455, lng: 3.3841 };
const nearest = (rows: Row[], n: number, radiusKm = 25) =>
  rows
    .map((r) => ({ id: r.id, km: haversineKm(LAGOS.lat, LAGOS.lng, r.lat, r.lng) }))
    .filter((r) => r.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .slice(0, n)
    .map((r) => r.id);

/** The plan PostgreSQL (or PGlite) chooses for a statement, as text. */
const explain = async (text: string, params: unknown[], options = "") =>
  (await queryBuilt<{ "QUERY PLAN": string }>(ctx.database.db, { sql: `EXPLAIN ${options} ${text}`, params }))
    .map((r) => r["QUERY PLAN"])
    .join("\n");

/**
 * The park words, their counts as a catalogue `times` larger would have them (the same shares):
 * a broad read pays only at the benchmark's scale (parks.search-plan.ts broadBudget), so the
 * tests of its statement present these thousands of parks as the benchmark's 500,000. The counts
 * only choose the statement; every row still comes from these parks.
 */
const countedAsLarger = (times: number): SearchWords => {
  const words = searchWords(ctx.database.db);
  return {
    close: words.close,
    reach: async (countryId, terms) => {
      const reach = await words.reach(countryId, terms);
      return { parks: reach.parks * times, terms: reach.terms.map((n) => n * times) };
    },
  };
};
/** The catalogue the benchmark measures, against these tests' 12,000 synthetic parks. */
const BENCHMARK_SCALE = 40;

/** A Nigerian search through the API's own plan, with the statements it sent. */
const planned = async (query: string, words = searchWords(ctx.database.db)) => {
  const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const sent: string[] = [];
  const params: unknown[][] = [];
  const prepared: boolean[] = [];
  const exec: Exec = (built, options) => {
    sent.push(built.sql);
    params.push(built.params);
    prepared.push(options?.prepared === true);
    return queryBuilt(ctx.database.db, built, options?.prepared);
  };
  const result = await planSearch(searchSpec(q, 1), exec, words);
  return { sent, params, prepared, result };
};

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

  it("reads a broad word from the text's B-tree, texts starting with it first, in one statement", async () => {
    // "ibadan": a fifth of Nigeria's parks (city and state), three demo names start with it.
    const starting = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM parks WHERE status = 'active' AND country_id = 1 AND search_text LIKE 'ibadan%'
          ORDER BY search_text COLLATE "C", id`,
    );
    expect(starting.length).toBeGreaterThan(0);
    const ibadan = new Set((await matching("ibadan")).map((r) => r.id));
    expect(ibadan.size).toBeGreaterThan(PARK_TOTAL_CAP);
    const { sent, result } = await planned("search=Ibadan", countedAsLarger(BENCHMARK_SCALE));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("USING ~<~");
    expect(result.total).toBeGreaterThan(PARK_TOTAL_CAP);
    expect(result.rows.slice(0, starting.length).map((r) => r.id)).toEqual(
      starting.slice(0, 10).map((r) => r.id),
    );
    expect(result.rows.every((r) => ibadan.has(r.id))).toBe(true);
    // At these 12,000 parks the words index finds the cap's matches sooner: the API reads them so.
    const small = await planned("search=Ibadan");
    expect(small.sent).toHaveLength(1);
    expect(small.sent[0]).not.toContain("USING ~<~");
    const p = await page("country=NG&search=Ibadan");
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items.map((i) => i.id)).toEqual(small.result.rows.map((r) => r.id));
    expect(p.items.every((i) => `${i.name} ${i.address} ${i.city} ${i.state}`.includes("Ibadan"))).toBe(true);
  });

  it("falls back to the text index when a broad read finds fewer than the cap, with the exact count", async () => {
    // A fifth of Nigeria's parks (a city) and three in five ("park", "parking", "parkade"): the
    // counts, as of the benchmark's catalogue, promise the cap's matches early in the country's
    // order; these parks hold fewer than the cap, so the broad statement proves nothing and the
    // text index counts them.
    const all = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM parks WHERE status = 'active' AND country_id = 1
          AND search_text LIKE '%ibadan%' AND search_text LIKE '%park%'`,
    );
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(PARK_TOTAL_CAP);
    const { sent, result } = await planned("search=Ibadan%20Park&size=100", countedAsLarger(BENCHMARK_SCALE));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain("USING ~<~");
    expect(result.total).toBe(all.length);
    const ids = new Set(all.map((r) => r.id));
    expect(result.rows).toHaveLength(Math.min(100, all.length));
    expect(result.rows.every((r) => ids.has(r.id))).toBe(true);
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

  it("walks outward from the point for a deep page, never reading the box and sorting it", async () => {
    // Page 4 of 25 reaches the 100th nearest of the (over a thousand) matches within 500 km.
    const within = nearest(await matching("park"), 10_000, 500);
    expect(within.length).toBeGreaterThan(2 * PARK_TOTAL_CAP);
    const query = `search=Park&lat=${LAGOS.lat}&lng=${LAGOS.lng}&radius_km=500&size=25&page=4`;
    const p = await page(`country=NG&${query}`);
    expect(p.total).toBe(PARK_TOTAL_CAP);
    expect(p.items.map((i) => i.id)).toEqual(within.slice(75, 100));
    // The statement that pages them: the KNN index's order, no bitmap of the box, no sort.
    const walk = await planned(query);
    expect(walk.sent).toHaveLength(2);
    const plan = await explain(walk.sent[1]!, walk.params[1]!);
    expect(plan).toMatch(/Index Scan using parks_earth_c1_idx/);
    expect(plan).not.toMatch(/Bitmap|Sort/);
  });

  it("means by the words what the other statements mean: a prefix, a phrase, short words", async () => {
    for (const search of ["ik", "savannah ro", "Park", "park lagos"]) {
      const q = ParkListQuerySchema.parse({ search, lat: String(LAGOS.lat), lng: String(LAGOS.lng) });
      const spec = { ...searchSpec(q, 1), limit: 50, geo: { ...LAGOS, radiusM: 2_000_000 } };
      const ids = async (s: typeof spec) =>
        (await queryBuilt<{ id: number }>(ctx.database.db, build(searchSql(s, false)))).map((r) => r.id);
      const boxed = await ids(spec);
      expect(boxed.length, search).toBeGreaterThan(0);
      expect(await ids({ ...spec, nearestWalk: true }), search).toEqual(boxed);
      expect(await ids({ ...spec, phrase: true, nearestWalk: true }), search).toEqual(
        await ids({ ...spec, phrase: true }),
      );
    }
  });
});

describe("selective words", () => {
  /** JS's strpos: 1-based, 0 when absent. */
  const strpos = (text: string, phrase: string) => text.indexOf(phrase) + 1;
  for (const search of ["Savannah", "Savannah Road"]) {
    it(`reads "${search}" through the words index in one statement: every match, ranked, counted`, async () => {
      const phrase = search.toLowerCase();
      const all = await queryRows<{ id: number; name: string; search_text: string }>(
        ctx.database.db,
        sql`SELECT id, name, search_text FROM parks WHERE status = 'active' AND country_id = 1
            AND ${sql.join(
              phrase.split(" ").map((w) => sql`search_text LIKE ${`%${w}%`}`),
              sql` AND `,
            )}`,
      );
      expect(all.length).toBeGreaterThan(search === "Savannah" ? 20 : 3);
      expect(all.length).toBeLessThan(PARK_TOTAL_CAP);
      const expected = all
        .map((r) => ({ ...r, at: strpos(r.search_text, phrase) }))
        .sort(
          (a, b) =>
            Number(a.at === 0) - Number(b.at === 0) ||
            a.at - b.at ||
            (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
        )
        .slice(0, 100)
        .map((r) => r.id);
      const { sent, result } = await planned(`search=${encodeURIComponent(search)}&size=100`);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain("string_to_array(p.search_text, ' ') && (SELECT");
      expect(result.total).toBe(all.length);
      expect(result.rows.map((r) => r.id)).toEqual(expected);
    });
  }
});

describe("a country's parks by name and by rating", () => {
  const orders = {
    name: { query: "", sql: sql`name, id` },
    rating: { query: "&sort=rating", sql: sql`rating_average DESC NULLS LAST, rating_count DESC, id` },
  };
  for (const [sort, order] of Object.entries(orders)) {
    it(`gives each page the table's own slice, across the statement's bounds (${sort})`, async () => {
      const all = await queryRows<{ id: number; rated: boolean }>(
        ctx.database.db,
        sql`SELECT id, rating_average IS NOT NULL AS rated FROM parks
            WHERE status = 'active' AND country_id = 1 ORDER BY ${order.sql}`,
      );
      expect(all.length).toBeGreaterThan(PARK_TOTAL_CAP);
      // Rated parks (30% of them) fill the rating order's first pages up to the cap.
      expect(all.slice(0, PARK_TOTAL_CAP).filter((r) => r.rated).length).toBeGreaterThan(
        sort === "rating" ? PARK_TOTAL_CAP - 1 : 0,
      );
      // Pages ending below, at and past the bounds (16, 32, ..., 512) written into the statement.
      for (const [p, size] of [
        [1, 10],
        [2, 8],
        [3, 7],
        [4, 16],
        [5, 100],
        [2, 17],
      ] as const) {
        const query = `country=NG&page=${p}&size=${size}${order.query}`;
        const got = await page(query);
        const from = (p - 1) * size;
        expect(
          got.items.map((i) => i.id),
          query,
        ).toEqual(all.slice(from, Math.min(from + size, PARK_TOTAL_CAP)).map((r) => r.id));
        // Read under a literal bound, the page's end rounded up to a power of two (pageBound).
        const { sent } = await planned(query);
        expect(sent[0], query).toContain(`LIMIT ${Math.max(16, 2 ** Math.ceil(Math.log2(p * size)))}) page`);
      }
    });
  }
});

describe("searches without a country", () => {
  it("page every country's parks in the table's order, read from an index, not a sort of all", async () => {
    const order = {
      name: sql`name, id`,
      price: sql`hourly_from_minor, id`,
    };
    const cases = [
      { query: "page=3", order: order.name, type: undefined },
      { query: "page=2&sort=price", order: order.price, type: undefined },
      { query: "page=2&type=station", order: order.name, type: "station" },
    ];
    for (const c of cases) {
      const all = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`SELECT id FROM parks WHERE status = 'active' ${c.type ? sql`AND type = ${c.type}` : sql``}
            ORDER BY ${c.order} LIMIT 10 OFFSET 10 * (${Number(c.query.match(/page=(\d+)/)![1])} - 1)`,
      );
      expect(all).toHaveLength(10);
      expect(
        (await page(c.query)).items.map((i) => i.id),
        c.query,
      ).toEqual(all.map((r) => r.id));
      const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(c.query)));
      const { sql: text, params } = build(searchSql(searchSpec(q, undefined)));
      const plan = await explain(text, params);
      expect(plan, c.query).not.toMatch(/Sort/);
    }
  });
});

describe("the KNN indexes' point", () => {
  it("is earthdistance's ll_to_earth, bit for bit, and no SQL function runs per row", async () => {
    const [apart] = await queryBuilt<{ n: number; worst: number }>(ctx.database.db, {
      sql: `SELECT count(*)::int AS n, max(cube_distance(${build(PARK_POINT).sql}, ll_to_earth(p.lat, p.lng))) AS worst FROM parks p`,
      params: [],
    });
    expect(apart!.n).toBeGreaterThan(10_000);
    expect(apart!.worst).toBe(0);
    // The coordinate search reads the country's KNN index, whose expression it writes as the
    // index does (at 500,000 parks a KNN walk; here, 12,000, the planner may sort the box's few
    // parks), and no row computes ll_to_earth again.
    const q = ParkListQuerySchema.parse({ country: "NG", lat: String(LAGOS.lat), lng: String(LAGOS.lng) });
    const { sql: text, params } = build(searchSql(searchSpec(q, 1)));
    const plan = await explain(text, params, "VERBOSE");
    expect(plan).toMatch(/using parks_earth_c1_idx/);
    expect(plan).not.toMatch(/ll_to_earth/);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("generic plans (PostgreSQL)", () => {
  for (const sort of [undefined, "rating"]) {
    it(`keeps one plan for a country's listing instead of planning it at every page (${sort ?? "name"})`, async () => {
      // One connection: prepared statements and their plan counts belong to it.
      const one = await openDatabase({ url: ctx.url!, poolSize: 1 });
      try {
        const exec: Exec = (built, options) => queryBuilt(one.db, built, options?.prepared);
        const q = ParkListQuerySchema.parse(sort ? { country: "NG", sort } : { country: "NG" });
        for (let i = 0; i < 12; i++) await planSearch(searchSpec(q, 1), exec, searchWords(one.db));
        const plans = await queryRows<{ generic: number; custom: number }>(
          one.db,
          sql`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
              WHERE statement LIKE '%FROM parks p WHERE p.status = ''active'' AND p.country_id = 1%'`,
        );
        // PostgreSQL plans the first five runs for their values, then compares its generic plan.
        expect(plans).toHaveLength(1);
        expect(plans[0]!.generic).toBeGreaterThan(0);
      } finally {
        await one.close();
      }
    });
  }
});

describe("prepared statements", () => {
  it("runs every search as a prepared statement, with text or without", async () => {
    const listing = await planned("page=2");
    expect(listing.prepared).toEqual([true]);
    expect(listing.result.rows).toHaveLength(10);
    // "savannah ro": the phrase first, read through the words index.
    const mixed = await planned("search=Savannah%20Ro");
    expect(mixed.sent).toHaveLength(1);
    expect(mixed.sent[0]).toContain("string_to_array(p.search_text, ' ') && (SELECT");
    expect(mixed.prepared).toEqual([true]);
    expect(mixed.result.total).toBeGreaterThan(0);
    // "ik": no word to index, a prefix of the text.
    const short = await planned("search=ik");
    expect(short.prepared.length).toBeGreaterThan(0);
    expect(short.prepared.every((p) => p)).toBe(true);
  });
});

describe("selective words by price", () => {
  it("pages the matches by their lowest hourly rate, each with its own rate", async () => {
    const all = await queryRows<{ id: number; hourly: number; card: number }>(
      ctx.database.db,
      sql`SELECT id, hourly_from_minor AS hourly, (rate_card -> '1' ->> 0)::int AS card FROM parks
          WHERE status = 'active' AND country_id = 1 AND search_text LIKE '%savannah%'`,
    );
    expect(all.length).toBeGreaterThan(20);
    const expected = [...all].sort((a, b) => a.hourly - b.hourly || a.id - b.id).slice(10, 20);
    const p = await page("country=NG&search=Savannah&sort=price&page=2");
    expect(p.total).toBe(all.length);
    expect(p.items.map((i) => i.id)).toEqual(expected.map((r) => r.id));
    // The page's rates come from each park's own card (read again for the page's rows): kobo to naira.
    expect(p.items.map((i) => i.price_from?.hourly)).toEqual(expected.map((r) => r.card / 100));
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

describe("totals around coordinates", () => {
  // 729 parks on a 27 x 27 grid 55 m apart around a point of Thiès (Senegal), some made inactive.
  const THIES = { lat: 14.791, lng: -16.9359 };
  const inSenegal = () =>
    queryRows<Row>(
      ctx.database.db,
      sql`SELECT id, name, lat, lng FROM parks WHERE status = 'active' AND country_id = 3`,
    );
  const within = (rows: Row[], km: number) =>
    rows.filter((r) => haversineKm(THIES.lat, THIES.lng, r.lat, r.lng) <= km).length;
  beforeAll(async () => {
    await ctx.database.db.execute(
      sql`INSERT INTO parks (slug, park_code, name, type, country_id, state_id, city, address, lat, lng,
            operator, status, search_text, time_zone, hourly_from_minor)
          SELECT 'dense-thies-' || g, 'DT' || lpad(g::text, 5, '0'), 'Dense Park ' || g, p.type, p.country_id,
            p.state_id, p.city, p.address, ${THIES.lat} + ((g % 27) - 13) * 0.0005,
            ${THIES.lng} + ((g / 27) - 13) * 0.0005, p.operator,
            CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END, 'dense park ' || g, p.time_zone, p.hourly_from_minor
          FROM generate_series(0, 728) g, (SELECT * FROM parks WHERE country_id = 3 ORDER BY id LIMIT 1) p`,
    );
  });

  it("stops at the cap when the cells inside the circle alone hold enough active parks", async () => {
    const rows = await inSenegal();
    expect(within(rows, 5)).toBeGreaterThan(PARK_TOTAL_CAP);
    const p = await page(`country=SN&lat=${THIES.lat}&lng=${THIES.lng}&radius_km=5`);
    expect(p.total).toBe(PARK_TOTAL_CAP);
  });

  it("counts exactly when the circle holds fewer than the cap, inactive parks left out", async () => {
    // 0.5 km: part of the grid, across cell edges, and fewer than the cap.
    const rows = await inSenegal();
    const expected = within(rows, 0.5);
    expect(expected).toBeGreaterThan(100);
    expect(expected).toBeLessThan(PARK_TOTAL_CAP);
    const p = await page(`country=SN&lat=${THIES.lat}&lng=${THIES.lng}&radius_km=0.5`);
    expect(p.total).toBe(expected);
  });

  it("counts exactly with a filter, which the cells do not know", async () => {
    const p = await page(`country=SN&lat=${THIES.lat}&lng=${THIES.lng}&radius_km=3&type=airport`);
    const [airports] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM parks WHERE status = 'active' AND country_id = 3 AND type = 'airport'
          AND earth_distance(ll_to_earth(${THIES.lat}, ${THIES.lng}), ll_to_earth(lat, lng)) <= 3000`,
    );
    expect(p.total).toBe(Math.min(PARK_TOTAL_CAP, airports!.n));
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
