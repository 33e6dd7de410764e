/**
 * A country is data (docs/decisions/018-a-country-is-data.md): a fifth country added as rows only
 * (its countries, fees and states rows, then parks) is served, and its searches take the same
 * plans as Nigeria's, through its own KNN and words indexes, which inserting its row created
 * (migration 0022). Its parks are Nigeria's, moved west by a few degrees, so that both countries
 * hold the same data and the planner sees the same statistics for both.
 */
import { ParkListQuerySchema, type ParkPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryBuilt, queryRows } from "../../db/client";
import { seedSyntheticParks } from "../../db/seed/synthetic-parks";
import { createTestContext, type TestContext } from "../../test/harness";
import { servedCountries } from "../reference/served-countries";
import { searchWords } from "./parks.repo";
import { planSearch, type Exec } from "./parks.search-plan";
import { searchSpec } from "./parks.service";

const NIGERIA = 1;
const GHANA = 5;
/** Accra, and Lagos moved by the same offset the copied parks are. */
const SHIFT = { lat: -0.85, lng: -3.58 };
const LAGOS = { lat: 6.455, lng: 3.3841 };
const ACCRA = { lat: LAGOS.lat + SHIFT.lat, lng: LAGOS.lng + SHIFT.lng };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedSyntheticParks(ctx.database.db, 8_000);
  const db = ctx.database.db;
  // Rows only: the country, its fees and a state; its search indexes come with the country's row.
  await db.execute(sql`INSERT INTO countries
    (id, name, code, currency, currency_symbol, currency_decimals, flag, dial_code, timezone, locale,
     sort_order, gateway, gateway_fallback, default_language, time_zones)
    VALUES (${GHANA}, 'Ghana', 'GH', 'GHS', 'GH₵', 2, '🇬🇭', '+233', 'Africa/Accra', 'en-GH', 5,
     'paystack', NULL, 'en', ARRAY['Africa/Accra'])`);
  await db.execute(sql`INSERT INTO fees (country_id, service_fee_minor, booking_fee_bps, tax_bps, tax_name,
     min_topup_minor, max_topup_minor, max_wallet_balance_minor)
    VALUES (${GHANA}, 500, 500, 1500, 'VAT', 1000, 1000000, 5000000)`);
  await db.execute(
    sql`INSERT INTO states (id, country_id, name, code) VALUES (401, ${GHANA}, 'Greater Accra', 'AA')`,
  );
  // Nigeria's parks again, in Ghana.
  await db.execute(sql`INSERT INTO parks (slug, park_code, name, description, type, country_id, state_id, city,
      time_zone, address, lat, lng, open_24h, opening_hours, overnight_stays, amenities, max_height_cm,
      entry_instructions, photos, text_language, translations, operator, status, search_text,
      hourly_from_minor, rate_card)
    SELECT 'gh-' || slug, 'GH' || park_code, name, description, type, ${GHANA}, 401, city,
      'Africa/Accra', address, lat + ${SHIFT.lat}, lng + ${SHIFT.lng}, open_24h, opening_hours,
      overnight_stays, amenities, max_height_cm, entry_instructions, photos, text_language,
      translations, operator, status, search_text, hourly_from_minor, rate_card
    FROM parks WHERE country_id = ${NIGERIA} ORDER BY id`);
  await db.execute(sql`VACUUM ANALYZE parks`);
  servedCountries(db).invalidate();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

/** The statements a search of one country sends, through the API's own plan. */
async function statements(query: string, countryId: number) {
  const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const sent: { sql: string; params: unknown[] }[] = [];
  const exec: Exec = (built, options) => {
    sent.push(built);
    return queryBuilt(ctx.database.db, built, options?.prepared);
  };
  await planSearch(searchSpec(q, countryId), exec, searchWords(ctx.database.db));
  return sent;
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

/** A plan's shape: its node types and the indexes and tables they read, nested as the plan is. */
function shape(node: PlanNode, countryId: number): unknown {
  const index = node["Index Name"]?.replace(new RegExp(`_c${countryId}_idx$`), "_c<country>_idx");
  return [
    node["Node Type"],
    ...(index ? [index] : []),
    ...(node["Relation Name"] ? [node["Relation Name"]] : []),
    ...(node.Plans ?? []).map((p) => shape(p, countryId)),
  ];
}

async function plans(query: string, countryId: number) {
  const out: { shape: unknown; indexes: string[] }[] = [];
  for (const s of await statements(query, countryId)) {
    const rows = await queryBuilt<{ "QUERY PLAN": unknown }>(ctx.database.db, {
      sql: `EXPLAIN (FORMAT JSON) ${s.sql}`,
      params: s.params,
    });
    const raw = rows[0]!["QUERY PLAN"];
    const json = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const plan = json[0]!.Plan;
    out.push({
      shape: shape(plan, countryId),
      indexes: [...JSON.stringify(plan).matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1]!),
    });
  }
  return out;
}

const at = (p: { lat: number; lng: number }) => `lat=${p.lat}&lng=${p.lng}&radius_km=25`;

describe("a fifth country added as rows only", () => {
  it("has its two search indexes, created by inserting its row", async () => {
    const names = await queryRows<{ indexname: string }>(
      ctx.database.db,
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'parks' AND indexname LIKE ${`%_c${GHANA}_idx`} ORDER BY 1`,
    );
    expect(names.map((n) => n.indexname)).toEqual(["parks_earth_c5_idx", "parks_words_c5_idx"]);
  });

  it("is served: listed, searched by code, its facts read by the API", async () => {
    const countries = (await ctx.app.inject({ url: "/api/v1/countries" })).json<{ code: string }[]>();
    expect(countries.map((c) => c.code)).toEqual(["NG", "CA", "SN", "US", "GH"]);
    const res = await ctx.app.inject({ url: `/api/v1/parks/front/parks/?country=GH&${at(ACCRA)}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ParkPage>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((p) => p.country_code === "GH")).toBe(true);
    expect(await servedCountries(ctx.database.db).currencyDecimals("GHS")).toBe(2);
  });

  it.each([
    ["the country", ""],
    ["coordinates", at(LAGOS)],
    ["text", "search=savannah"],
    ["a broad word", "search=park"],
    ["text and coordinates", `search=park&${at(LAGOS)}`],
  ])("searched by %s, takes Nigeria's plans through its own indexes", async (_name, query) => {
    const shifted = query.replace(at(LAGOS), at(ACCRA));
    const nigeria = await plans(query, NIGERIA);
    const ghana = await plans(shifted, GHANA);
    expect(ghana.map((p) => p.shape)).toEqual(nigeria.map((p) => p.shape));
    const ghanaIndexes = ghana.flatMap((p) => p.indexes);
    // Never another country's own index; its own wherever Nigeria's search uses Nigeria's.
    expect(ghanaIndexes.filter((i) => /_c\d+_idx$/.test(i) && !i.endsWith(`_c${GHANA}_idx`))).toEqual([]);
    expect(ghanaIndexes.filter((i) => i.endsWith(`_c${GHANA}_idx`)).length).toBe(
      nigeria.flatMap((p) => p.indexes).filter((i) => i.endsWith(`_c${NIGERIA}_idx`)).length,
    );
  });

  it("uses its own KNN and words indexes for coordinate and text searches", async () => {
    const near = (await plans(at(ACCRA), GHANA)).flatMap((p) => p.indexes);
    expect(near).toContain("parks_earth_c5_idx");
    const words = (await plans("search=savannah", GHANA)).flatMap((p) => p.indexes);
    expect(words).toContain("parks_words_c5_idx");
  });
});
