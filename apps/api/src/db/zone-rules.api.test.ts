import { isoOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { queryRows } from "./client";
import { describeDisagreements, zoneDisagreements } from "./zone-rules";

// Fixed, not the clock: British Columbia's change (November 2026) and every other served zone's
// changes of clocks fall in the two years compared from here.
const FROM = new Date("2026-10-01T00:00:00Z");

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
});

describe("the database's and Node's time zone rules", () => {
  it("read every zone a park is on alike, for two years (prices and opening hours in Node, a day's sales in SQL)", async () => {
    const parkZones = (
      await queryRows<{ zone: string }>(fresh.database.db, sql`SELECT DISTINCT time_zone AS zone FROM parks`)
    ).map((r) => r.zone);
    expect(parkZones).toEqual(expect.arrayContaining(["Africa/Lagos", "America/Vancouver", "Africa/Dakar"]));
    const found = await zoneDisagreements(fresh.database.db, FROM, { zones: parkZones });
    expect(found, found.length > 0 ? describeDisagreements(found) : "").toEqual([]);
  });

  it("name the first instant a served zone reads apart, with both readings", async () => {
    // Node as it would read with British Columbia's old rules: an hour behind from 2026-11-01.
    const change = Date.parse("2026-11-01T09:00:00Z");
    const found = await zoneDisagreements(fresh.database.db, FROM, {
      zones: ["Africa/Lagos", "America/Vancouver"],
      nodeClock: (at, zone) =>
        isoOnClock(
          zone === "America/Vancouver" && at.getTime() >= change ? new Date(at.getTime() - 3_600_000) : at,
          zone,
        ).slice(0, 19),
    });
    expect(found).toEqual([
      {
        zone: "America/Vancouver",
        at: "2026-11-12T12:00:00.000Z",
        database: "2026-11-12T05:00:00",
        node: "2026-11-12T04:00:00",
      },
    ]);
    expect(describeDisagreements(found)).toContain(
      "America/Vancouver at 2026-11-12T12:00:00.000Z: the database reads 2026-11-12T05:00:00, Node 2026-11-12T04:00:00",
    );
  });
});

describe("the zones compared at start", () => {
  it("are every country's and every park's", async () => {
    const db = fresh.database.db;
    await db.execute(
      sql`UPDATE parks SET time_zone = 'America/Regina' WHERE id = (SELECT min(id) FROM parks)`,
    );
    // A Node that reads every zone an hour ahead names each zone compared.
    const found = await zoneDisagreements(db, FROM, {
      nodeClock: (at, zone) => isoOnClock(new Date(at.getTime() + 3_600_000), zone).slice(0, 19),
    });
    const expected = await queryRows<{ zone: string }>(
      db,
      sql`SELECT unnest(time_zones) AS zone FROM countries UNION SELECT time_zone FROM parks ORDER BY 1`,
    );
    expect(found.map((d) => d.zone)).toEqual(expected.map((r) => r.zone));
    expect(found.map((d) => d.zone)).toEqual(
      expect.arrayContaining(["America/Regina", "America/Winnipeg", "Africa/Dakar"]),
    );
  });
});
