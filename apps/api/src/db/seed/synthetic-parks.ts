import { sql } from "drizzle-orm";
import { normalizeSearchText, slugify } from "../../lib/search-text";
import { assertIanaTimeZone } from "../../lib/time-zone";
import { queryRows, type Db } from "../client";
import { CITIES } from "./park-places";
import { BASE_RATE, stateIdOf, VEHICLE_FACTOR } from "./park-rows";
import { resetIdentity } from "./parks";

/** Synthetic parks have ids above this, park codes "Z" + hex, and never clash with the demo parks. */
export const SYNTHETIC_ID_BASE = 1_000_000;
const BATCH = 25_000;
const KINDS_EN = ["Garage", "Car Park", "Parking", "Lot", "Parkade"];
const KINDS_FR = ["Parking", "Parking souterrain", "Stationnement", "Parc auto", "Garage"];
/**
 * Street names for synthetic parks: each city's real streets plus generated ones, so that like a
 * real city a street holds dozens of car parks, not thousands (text search stays realistic).
 */
const ROOTS = [
  "Maple",
  "Cedar",
  "Palm",
  "Baobab",
  "Harbour",
  "Market",
  "Church",
  "Mission",
  "Unity",
  "Liberty",
  "Garden",
  "Lake",
  "River",
  "Hill",
  "Station",
  "Victoria",
  "Independence",
  "Freedom",
  "Sunrise",
  "Orchard",
  "Mango",
  "Acacia",
  "Kola",
  "Savannah",
  "Atlantic",
  "Pioneer",
  "Heritage",
  "Crown",
  "Parkside",
  "Bridge",
  "Chapel",
  "Mill",
  "Forest",
  "Spring",
  "Union",
  "College",
  "Airport",
  "Stadium",
  "Canal",
  "Ferry",
];
const SUFFIXES_EN = ["Street", "Avenue", "Road", "Crescent", "Close", "Way", "Drive", "Lane"];
const SUFFIXES_FR = ["Rue", "Avenue", "Boulevard", "Allée", "Chemin", "Impasse", "Place", "Quai"];

function streetsOf(c: (typeof CITIES)[number]): string[] {
  const generated = ROOTS.flatMap((root) =>
    c.french ? SUFFIXES_FR.map((s) => `${s} ${root}`) : SUFFIXES_EN.map((s) => `${root} ${s}`),
  );
  return [...c.streets, ...generated];
}

function cityJson(): string {
  return JSON.stringify(
    CITIES.map((c) => ({
      city: c.city,
      country_id: c.countryId,
      time_zone: assertIanaTimeZone(c.timeZone, `Seeded city ${c.city}`),
      state_id: stateIdOf(c.countryId, c.state),
      norm: `${normalizeSearchText(c.city)} ${normalizeSearchText(c.state)}`,
      lat: c.lat,
      lng: c.lng,
      hourly: BASE_RATE[c.countryId].hourly,
      step: BASE_RATE[c.countryId].step,
      streets: streetsOf(c),
      street_norms: streetsOf(c).map(normalizeSearchText),
      street_slugs: streetsOf(c).map(slugify),
      kinds: c.french ? KINDS_FR : KINDS_EN,
      kind_norms: (c.french ? KINDS_FR : KINDS_EN).map(normalizeSearchText),
    })),
  );
}

/**
 * Synthetic parks made before parks had their own zone carry their country's (migration 0006):
 * give every one the zone of the city it was generated around. Touches only parks that are wrong.
 */
async function fixSyntheticTimeZones(db: Db, cities: string): Promise<void> {
  await db.execute(sql`
    UPDATE parks AS p SET time_zone = c.j->>'time_zone'
    FROM jsonb_array_elements(${cities}::jsonb) AS c(j)
    WHERE p.id > ${SYNTHETIC_ID_BASE} AND p.country_id = (c.j->>'country_id')::int AND p.city = c.j->>'city'
      AND p.time_zone <> c.j->>'time_zone'`);
}

export interface SyntheticOptions {
  /**
   * Give the parks kept rating figures (`rating_count`, `rating_total`, `rating_average`) without
   * review rows, for the search benchmark (bench/README.md): 30% of parks have 1-200 reviews (most
   * a few: the count is 1 + 199 u^3) averaging 2.5-5 stars; the others none. Off for the demo
   * and the tests of reviews, whose parks' figures must match their reviews; on for the search's
   * scale test (parks-search-scale.api.test.ts), which has no reviews and sorts by rating.
   */
  ratings?: boolean;
}

/**
 * From this many new parks on, a load drops the secondary indexes and builds them afresh once the
 * rows are in (withFreshIndexes); smaller loads (the tests', a few thousand) keep them and insert
 * into them. 500,000 parks, kept: about 10 s per 25,000, every park entering 22 indexes one entry
 * (or one trigram) at a time, most of the time in the 5 GiST and 7 GIN indexes.
 */
const FRESH_INDEXES_FROM = 100_000;

/**
 * Makes sure synthetic parks 1..count exist (for load tests), generated inside the database so
 * 500,000 take seconds of SQL rather than minutes of round trips. Pseudo-random values come from
 * md5 of the park number, so every run on every engine produces the same parks, whichever way
 * their indexes are built. A park's zone is the zone of the city it is generated around.
 */
export async function seedSyntheticParks(
  db: Db,
  count: number,
  log: (line: string) => void = () => {},
  options: SyntheticOptions = {},
) {
  const ratings = options.ratings === true;
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM parks WHERE id > ${SYNTHETIC_ID_BASE}`,
  );
  const fresh = count - (have?.n ?? 0) >= FRESH_INDEXES_FROM;
  if (fresh) {
    await db.transaction((tx) =>
      withFreshIndexes(tx, log, () => insertSyntheticParks(tx, count, log, ratings)),
    );
  } else {
    await withGinBulkLoad(db, () => insertSyntheticParks(db, count, log, ratings));
  }
  await fixSyntheticTimeZones(db, cityJson());
  await resetIdentity(db);
  // Built afresh, the GiST indexes are already what a rebuild makes.
  if (!fresh) await rebuildGistIndexes(db);
  // Fresh statistics after a bulk load, so the planner picks the indexes (PGlite has no autovacuum).
  await db.execute(sql`VACUUM ANALYZE parks`);
}

/**
 * Runs a large load with the non-unique indexes of `parks`, `park_rates` and `park_capacities`
 * dropped, then creates each again from its own definition: one sorted build per index instead of
 * millions of insertions (the unique ones stay: the load's ON CONFLICT needs them). The rate-card
 * triggers (migration 0010) are off meanwhile: the load writes each park's card and derives its
 * rates and capacities from it, so they would recompute the same cards, park by park, for about
 * as long as the parks take to generate. Called inside one transaction: other sessions wait for it
 * rather than search without indexes, and a load that fails or is stopped leaves the indexes and
 * triggers as they were.
 */
async function withFreshIndexes(
  tx: Db,
  log: (line: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
  // The builds sort in memory: 1 GB on PostgreSQL; PGlite (32-bit WASM) keeps its own setting.
  await tx.execute(sql`SELECT set_config('maintenance_work_mem',
    CASE WHEN version() LIKE '%wasm%' THEN current_setting('maintenance_work_mem') ELSE '1GB' END, true)`);
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace
        AND t.relname IN ('parks', 'park_rates', 'park_capacities') AND NOT x.indisunique
      ORDER BY i.relname`,
  );
  for (const { name } of indexes) await tx.execute(sql`DROP INDEX ${sql.raw(name)}`);
  await tx.execute(sql`ALTER TABLE park_rates DISABLE TRIGGER park_rates_card_insert`);
  await tx.execute(sql`ALTER TABLE park_capacities DISABLE TRIGGER park_capacities_card_insert`);
  await load();
  await tx.execute(sql`ALTER TABLE park_rates ENABLE TRIGGER park_rates_card_insert`);
  await tx.execute(sql`ALTER TABLE park_capacities ENABLE TRIGGER park_capacities_card_insert`);
  for (const { name, definition } of indexes) {
    const started = performance.now();
    await tx.execute(sql.raw(definition));
    log(`index ${name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/**
 * Rebuilds the GiST (KNN) indexes of `parks` after a bulk load. Grown one insertion at a time
 * their pages overlap: the ten nearest parks of a Senegalese city read 31-45 pages (0.6-0.9 ms);
 * rebuilt (buffered build, migration 0012) 20-25 pages (0.15-0.2 ms). Production does the same
 * after a large import (`REINDEX INDEX CONCURRENTLY`, docs/decisions/007-park-search.md).
 */
async function rebuildGistIndexes(db: Db): Promise<void> {
  const gists = await queryRows<{ name: string }>(
    db,
    sql`SELECT quote_ident(indexname) AS name FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'parks' AND indexdef LIKE '%USING gist%'`,
  );
  for (const { name } of gists) await db.execute(sql`REINDEX INDEX ${sql.raw(name)}`);
}

/**
 * Runs a bulk load of parks with the GIN indexes of `parks` (trigram, amenities) collecting new
 * entries in their pending lists, merged into the index in large sorted batches, instead of one
 * index insertion per trigram per park (fastupdate is off for searches: a search would scan an
 * unmerged list). Afterwards every list is merged and fastupdate turned off again, also when the
 * load fails; the indexes answer correctly throughout.
 */
async function withGinBulkLoad(db: Db, load: () => Promise<void>): Promise<void> {
  const gins = (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT quote_ident(indexname) AS name FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'parks' AND indexdef LIKE '%USING gin%'`,
    )
  ).map((r) => r.name);
  for (const gin of gins) await db.execute(sql`ALTER INDEX ${sql.raw(gin)} SET (fastupdate = on)`);
  try {
    await load();
  } finally {
    for (const gin of gins) {
      await db.execute(sql`SELECT gin_clean_pending_list(${gin}::regclass)`);
      await db.execute(sql`ALTER INDEX ${sql.raw(gin)} SET (fastupdate = off)`);
    }
  }
}

async function insertSyntheticParks(db: Db, count: number, log: (line: string) => void, ratings: boolean) {
  const cities = cityJson();
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const started = performance.now();
    let parksDone = started;
    await db.transaction(async (tx) => {
      // A bulk load, not a request: the pool's per-statement bound (15 s) is not meant for it. The
      // GIN pending lists (withGinBulkLoad) are merged when they pass this size.
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`SET LOCAL gin_pending_list_limit = '64MB'`);
      await tx.execute(sql`
        WITH cities AS MATERIALIZED (
          SELECT j, i FROM jsonb_array_elements(${cities}::jsonb) WITH ORDINALITY AS e(j, i))
        INSERT INTO parks (id, slug, park_code, name, description, type, country_id, state_id, city, time_zone, address,
          lat, lng, open_24h, opening_hours, amenities, entry_instructions, operator, status,
          rating_count, rating_total, rating_average, search_text, hourly_from_minor, rate_card)
        SELECT ${SYNTHETIC_ID_BASE} + n, s.street_slug || '-' || s.kind_slug || '-' || n, 'Z' || lpad(upper(to_hex(n)), 6, '0'),
          s.street || ' ' || s.kind || ' ' || n, s.kind || ' on ' || s.street || ', ' || (c.j->>'city') || '.', s.type,
          (c.j->>'country_id')::int, (c.j->>'state_id')::int, c.j->>'city', c.j->>'time_zone', s.num || ' ' || s.street,
          least(89.9, greatest(-89.9, (c.j->>'lat')::float8 + (r.v[3] + r.v[4] + r.v[5] - 1.5) * s.spread)),
          (c.j->>'lng')::float8 + (r.v[6] + r.v[7] + r.v[8] - 1.5) * s.spread,
          r.v[2] < 0.3,
          CASE WHEN r.v[2] < 0.3 THEN NULL ELSE '[{"open":"06:00","close":"22:00"},{"open":"06:00","close":"22:00"},{"open":"06:00","close":"22:00"},{"open":"06:00","close":"22:00"},{"open":"06:00","close":"23:00"},{"open":"08:00","close":"23:00"},{"open":"09:00","close":"20:00"}]'::jsonb END,
          array_remove(ARRAY[CASE WHEN r.v[9] < 0.5 THEN 'accessible' END, CASE WHEN r.v[10] < 0.4 THEN 'covered' END,
            CASE WHEN r.v[11] < 0.6 THEN 'cctv' END, CASE WHEN r.v[12] < 0.2 THEN 'ev_charging' END,
            CASE WHEN r.v[13] < 0.05 THEN 'valet' END, CASE WHEN r.v[14] < 0.35 THEN 'security' END]::text[], NULL),
          'Enter from ' || s.street || '.', 'Parkwell Operations', 'active',
          rt.count, rt.total, CASE WHEN rt.count > 0 THEN round(rt.total::numeric / rt.count, 2) END,
          s.street_norm || ' ' || s.kind_norm || ' ' || n || ' ' || s.num || ' ' || s.street_norm || ' ' || (c.j->>'norm'),
          h.hourly[1],
          jsonb_build_object(
            '1', jsonb_build_array(h.hourly[1], h.hourly[1] * (6 + (${SYNTHETIC_ID_BASE} + n) % 5), 40 + (${SYNTHETIC_ID_BASE} + n) % 700),
            '2', jsonb_build_array(h.hourly[2], h.hourly[2] * (6 + (${SYNTHETIC_ID_BASE} + n) % 5), 5 + (${SYNTHETIC_ID_BASE} + n) % 90),
            '3', jsonb_build_array(h.hourly[3], h.hourly[3] * (6 + (${SYNTHETIC_ID_BASE} + n) % 5), 5 + (${SYNTHETIC_ID_BASE} + n) % 30))
        FROM generate_series(${from}::int, ${to}::int) AS n
        -- OFFSET 0 keeps the 19 numbers computed once per row instead of once per use.
        CROSS JOIN LATERAL (SELECT ARRAY(SELECT ('x' || substr(md5(n::text || '/' || k), 1, 8))::bit(32)::bigint / 4294967296.0
          FROM generate_series(1, 19) AS k) AS v OFFSET 0) AS r
        JOIN cities AS c ON c.i = 1 + floor(r.v[1] * ${CITIES.length})::int
        CROSS JOIN LATERAL (SELECT
          c.j->'streets'->>si AS street, c.j->'street_norms'->>si AS street_norm, c.j->'street_slugs'->>si AS street_slug,
          c.j->'kinds'->>ki AS kind, c.j->'kind_norms'->>ki AS kind_norm, replace(c.j->'kind_norms'->>ki, ' ', '-') AS kind_slug,
          1 + floor(r.v[16] * 300)::int AS num,
          CASE WHEN r.v[2] > 0.92 THEN 0.6 ELSE 0.12 END AS spread,
          CASE WHEN r.v[9] < 0.7 THEN 'city' WHEN r.v[9] < 0.8 THEN 'mall' WHEN r.v[9] < 0.88 THEN 'hotel'
               WHEN r.v[9] < 0.94 THEN 'hospital' WHEN r.v[9] < 0.97 THEN 'station' ELSE 'stadium' END AS type
          FROM (SELECT floor(r.v[1] * 1000003)::int % jsonb_array_length(c.j->'streets') AS si,
                       floor(r.v[14] * 997)::int % jsonb_array_length(c.j->'kinds') AS ki) AS pick) AS s
        -- The kept rating (SyntheticOptions.ratings): a total between count and 5 x count.
        CROSS JOIN LATERAL (SELECT c2.count, least(5 * c2.count, greatest(c2.count,
            round(c2.count * (2.5 + 2.5 * r.v[19]))::int)) AS total
          FROM (SELECT CASE WHEN ${ratings}::boolean AND r.v[17] < 0.3 THEN 1 + floor(199 * r.v[18] ^ 3)::int ELSE 0 END AS count) AS c2) AS rt
        -- The car's hourly rate, then each vehicle type's: its factor, rounded to the country's step.
        CROSS JOIN LATERAL (SELECT (c.j->>'step')::int AS step,
          greatest((c.j->>'step')::int, round((c.j->>'hourly')::int * (0.6 + r.v[15] * 0.9) / (c.j->>'step')::int)
            * (c.j->>'step')::int)::bigint AS car) AS base
        CROSS JOIN LATERAL (SELECT ARRAY[
            greatest(base.step, round(base.car * ${VEHICLE_FACTOR[1]}::float8 / base.step) * base.step)::bigint,
            greatest(base.step, round(base.car * ${VEHICLE_FACTOR[2]}::float8 / base.step) * base.step)::bigint,
            greatest(base.step, round(base.car * ${VEHICLE_FACTOR[3]}::float8 / base.step) * base.step)::bigint] AS hourly) AS h
        ON CONFLICT (id) DO NOTHING`);
      parksDone = performance.now();
      // Capacities and rates are the park's rate card, written above: one formula. One statement
      // writes both, so the triggers (migration 0010) run once both are in, compute cards equal to
      // the ones written, and write no park a second time.
      await tx.execute(sql`
        WITH card AS (
          SELECT p.id, e.key::int AS vehicle_type_id, e.value
          FROM parks p CROSS JOIN LATERAL jsonb_each(p.rate_card) AS e
          WHERE p.id BETWEEN ${SYNTHETIC_ID_BASE + from} AND ${SYNTHETIC_ID_BASE + to}),
        capacities AS (
          INSERT INTO park_capacities (park_id, vehicle_type_id, capacity)
          SELECT id, vehicle_type_id, (value->>2)::int FROM card
          ON CONFLICT DO NOTHING)
        INSERT INTO park_rates (park_id, vehicle_type_id, kind, hourly_minor, daily_max_minor)
        SELECT id, vehicle_type_id, 'standard', (value->>0)::bigint, (value->>1)::bigint FROM card
        ON CONFLICT DO NOTHING`);
    });
    const seconds = (t: number) => ((t - started) / 1000).toFixed(1);
    log(
      `synthetic parks ${from}-${to} of ${count} (${seconds(parksDone)} s, ${seconds(performance.now())} s with rates)`,
    );
  }
}
