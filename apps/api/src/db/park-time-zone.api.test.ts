import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { queryRows, type Db } from "./client";
import { migrateWithJobs } from "../feature-jobs";
import { MIGRATIONS_DIR } from "./migrate";
import { states, vehicleTypes } from "./schema/index";
import { seed } from "./seed";
import { CITIES } from "./seed/park-places";
import { buildSeedParks } from "./seed/park-rows";
import { COUNTRY_ROWS, FEE_ROWS, STATE_ROWS, VEHICLE_TYPE_ROWS } from "./seed/reference-data";
import { seedSyntheticParks, SYNTHETIC_ID_BASE } from "./seed/synthetic-parks";
import { upsertAll } from "./seed/upsert";

// A database that lived before parks had their own zone: migrated to 0005, with parks in it.
let fresh: FreshDatabase;
let db: Db;
let before0006: string;
const CITY_ZONE = new Map(CITIES.map((c) => [c.city, c.timeZone]));
const UNSEEDED_ID = 900_000;

beforeAll(async () => {
  fresh = await freshDatabase({ blank: true });
  db = fresh.database.db;
  before0006 = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((e) => e.idx <= 5);
  fs.mkdirSync(path.join(before0006, "meta"));
  fs.writeFileSync(
    path.join(before0006, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(before0006, `${e.tag}.sql`));
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  fs.rmSync(before0006, { recursive: true, force: true });
});

/** The SQLSTATE of a failed statement, looking through Drizzle's wrapper. */
async function sqlState(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (err) {
    for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    }
    return "unknown";
  }
}

const zonesByCity = (where: ReturnType<typeof sql>) =>
  queryRows<{ city: string; zones: string[] }>(
    db,
    sql`SELECT city, array_agg(DISTINCT time_zone ORDER BY time_zone) AS zones FROM parks WHERE ${where} GROUP BY city`,
  );

describe("parks.time_zone (migration 0006 and the seed)", () => {
  it("back-fills existing parks from their country, then the seed gives seeded parks their city's zone", async () => {
    await migrateWithJobs(fresh.database, before0006);
    // The countries as that schema had them (their later facts come with migration 0022).
    for (const c of COUNTRY_ROWS) {
      await db.execute(sql`INSERT INTO countries (id, name, code, currency, currency_symbol, currency_decimals, flag, dial_code, timezone, locale, sort_order)
        VALUES (${c.id}, ${c.name}, ${c.code}, ${c.currency}, ${c.currencySymbol}, ${c.currencyDecimals}, ${c.flag}, ${c.dialCode}, ${c.timezone}, ${c.locale}, ${c.sortOrder})`);
    }
    await upsertAll(db, states, states.id, STATE_ROWS);
    // The fees as that schema had them (today's rows carry later columns, such as the referral reward).
    for (const f of FEE_ROWS) {
      await db.execute(sql`INSERT INTO fees (country_id, service_fee_minor, booking_fee_bps, tax_bps, tax_name, min_topup_minor, max_topup_minor, max_wallet_balance_minor)
        VALUES (${f.countryId}, ${f.serviceFeeMinor}, ${f.bookingFeeBps}, ${f.taxBps}, ${f.taxName}, ${f.minTopupMinor}, ${f.maxTopupMinor}, ${f.maxWalletBalanceMinor})`);
    }
    await upsertAll(db, vehicleTypes, vehicleTypes.id, VEHICLE_TYPE_ROWS);
    const vancouver = buildSeedParks().find((p) => p.row.city === "Vancouver")!.row;
    for (const [id, slug, city] of [
      [vancouver.id, "old-vancouver-park", "Vancouver"],
      [UNSEEDED_ID, "someone-elses-park", "Calgary"],
    ] as const) {
      await db.execute(sql`INSERT INTO parks (id, slug, park_code, name, type, country_id, city, address, lat, lng, operator, search_text)
        VALUES (${id}, ${slug}, ${`CA${id}`}, ${slug}, 'city', 2, ${city}, '1 Main Street', 50, -120, 'Someone', ${slug})`);
    }

    await migrateWithJobs(fresh.database);
    expect(await queryRows(db, sql`SELECT id, time_zone FROM parks ORDER BY id`)).toEqual([
      { id: vancouver.id, time_zone: "America/Toronto" },
      { id: UNSEEDED_ID, time_zone: "America/Toronto" },
    ]);
    // NOT NULL, and the CHECK refuses what is not an Area/Location name.
    const insert = (zone: string | null) =>
      db.execute(sql`INSERT INTO parks (id, slug, park_code, name, type, country_id, city, time_zone, address, lat, lng, operator, search_text)
        VALUES (900001, 'x', 'CAX', 'x', 'city', 2, 'x', ${zone}, 'x', 50, -120, 'x', 'x')`);
    expect(await sqlState(insert(null))).toBe("23502");
    for (const zone of ["", "PST", "Toronto", "america/vancouver", "+01:00"]) {
      expect(await sqlState(insert(zone)), zone).toBe("23514");
    }

    // Seeding the existing database repairs the seeded park; a park the seed does not own is left alone.
    await seed(db);
    const [fixed] = await queryRows<{ time_zone: string }>(
      db,
      sql`SELECT time_zone FROM parks WHERE id = ${vancouver.id}`,
    );
    expect(fixed!.time_zone).toBe("America/Vancouver");
    const [kept] = await queryRows<{ time_zone: string }>(
      db,
      sql`SELECT time_zone FROM parks WHERE id = ${UNSEEDED_ID}`,
    );
    expect(kept!.time_zone).toBe("America/Toronto");
    const seeded = await zonesByCity(sql`id <> ${UNSEEDED_ID}`);
    expect(seeded).toHaveLength(CITIES.length);
    for (const c of seeded) expect(c.zones, c.city).toEqual([CITY_ZONE.get(c.city)]);
  });

  it("gives synthetic parks their city's zone, and seeding them again repairs ones left with the country's", async () => {
    await seedSyntheticParks(db, 300);
    const synthetic = sql`id > ${SYNTHETIC_ID_BASE}`;
    const check = async () => {
      const rows = await zonesByCity(synthetic);
      expect(rows.length).toBeGreaterThan(10);
      for (const c of rows) expect(c.zones, c.city).toEqual([CITY_ZONE.get(c.city)]);
    };
    await check();
    // What migration 0006 leaves in a database that had synthetic parks.
    await db.execute(sql`UPDATE parks p SET time_zone = c.timezone FROM countries c
      WHERE c.id = p.country_id AND p.id > ${SYNTHETIC_ID_BASE}`);
    const [wrong] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM parks WHERE ${synthetic} AND city IN ('Vancouver', 'Calgary', 'Chicago', 'Houston', 'Los Angeles')`,
    );
    expect(wrong!.n).toBeGreaterThan(0);
    await seedSyntheticParks(db, 300);
    await check();
  });
});
