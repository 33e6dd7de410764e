import { sql } from "drizzle-orm";
import type { ChargerConnector, ChargerPriceUnit } from "@parkwell/contract";
import type { Db } from "../client";
import { managed } from "./marketplace-values";
import { rng, type SeedPark } from "./park-rows";

export interface SeedCharger {
  connector: ChargerConnector;
  powerKw: number;
  count: number;
  priceUnit: ChargerPriceUnit;
  priceMinor: number;
}

/**
 * What each country's car parks really have (decision 045): Nigeria and Senegal, Type 2 AC
 * wallboxes and CCS2 DC (European imports), a CHAdeMO for the older Japanese imports; Canada,
 * J1772 AC priced by the hour (as most Canadian level 2 chargers are) and CCS1 DC by the kWh;
 * the United States, J1772 and CCS1 by the kWh and NACS (Tesla's) at the larger sites. Prices in
 * minor units of the country's currency.
 */
const SETS: Record<number, SeedCharger[][]> = {
  1: [
    [{ connector: "type2", powerKw: 7.4, count: 4, priceUnit: "kwh", priceMinor: 250_00 }],
    [
      { connector: "type2", powerKw: 22, count: 4, priceUnit: "kwh", priceMinor: 280_00 },
      { connector: "ccs2", powerKw: 60, count: 2, priceUnit: "kwh", priceMinor: 380_00 },
    ],
    [
      { connector: "ccs2", powerKw: 120, count: 2, priceUnit: "kwh", priceMinor: 420_00 },
      { connector: "chademo", powerKw: 50, count: 1, priceUnit: "kwh", priceMinor: 380_00 },
    ],
  ],
  2: [
    [{ connector: "j1772", powerKw: 7.2, count: 6, priceUnit: "hour", priceMinor: 2_00 }],
    [
      { connector: "j1772", powerKw: 7.2, count: 8, priceUnit: "hour", priceMinor: 2_50 },
      { connector: "ccs1", powerKw: 50, count: 2, priceUnit: "kwh", priceMinor: 39 },
    ],
    [
      { connector: "ccs1", powerKw: 150, count: 4, priceUnit: "kwh", priceMinor: 52 },
      { connector: "chademo", powerKw: 50, count: 1, priceUnit: "kwh", priceMinor: 45 },
    ],
  ],
  3: [
    [{ connector: "type2", powerKw: 7.4, count: 2, priceUnit: "kwh", priceMinor: 175 }],
    [
      { connector: "type2", powerKw: 22, count: 4, priceUnit: "kwh", priceMinor: 190 },
      { connector: "ccs2", powerKw: 50, count: 1, priceUnit: "kwh", priceMinor: 250 },
    ],
  ],
  4: [
    [{ connector: "j1772", powerKw: 11.5, count: 6, priceUnit: "kwh", priceMinor: 32 }],
    [
      { connector: "j1772", powerKw: 7.2, count: 10, priceUnit: "kwh", priceMinor: 30 },
      { connector: "ccs1", powerKw: 150, count: 4, priceUnit: "kwh", priceMinor: 48 },
    ],
    [
      { connector: "nacs", powerKw: 250, count: 8, priceUnit: "kwh", priceMinor: 45 },
      { connector: "ccs1", powerKw: 350, count: 2, priceUnit: "kwh", priceMinor: 56 },
    ],
  ],
};

/** A seeded park's chargers: one of its country's sets, the same on every run; none without `ev_charging`. */
export function seedChargersOf(park: SeedPark["row"]): SeedCharger[] {
  if (!park.amenities.includes("ev_charging")) return [];
  const sets = SETS[park.countryId] ?? [];
  if (sets.length === 0) return [];
  // Its own stream: the parks' own numbers (park-rows' rng) stay what they were.
  const pick = Math.floor(rng(`chargers:${park.slug}`)() * sets.length);
  return sets[pick]!;
}

/**
 * The seeded parks' chargers (every seeded park showing `ev_charging` has some, so its amenity is
 * true): written once, for a park that has none yet and that no one has changed in the back office
 * (its audit entries), so seeding again changes nothing and never undoes an operator's edit.
 */
export async function seedParkChargers(db: Db, parks: SeedPark[]): Promise<void> {
  const rows = parks.flatMap((p) => seedChargersOf(p.row).map((c) => ({ parkId: p.row.id, ...c })));
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.parkId}::int, ${r.connector}, ${r.powerKw.toFixed(1)}::numeric, ${r.count}::int, ${r.priceUnit}, ${r.priceMinor}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor)
    SELECT v.park_id, v.connector, v.power_kw, v.count, v.price_unit, v.price_minor
    FROM (VALUES ${values}) AS v(park_id, connector, power_kw, count, price_unit, price_minor)
    WHERE NOT EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = v.park_id)
      AND NOT ${managed("park", sql`v.park_id`)}`);
}
