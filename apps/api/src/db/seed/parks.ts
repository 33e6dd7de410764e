import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { parkCapacities, parkRates, parks } from "../schema/index";
import { seedParkChargers } from "./park-chargers";
import { buildSeedParks } from "./park-rows";
import { upsertAll } from "./upsert";

/**
 * Whether a park was changed in the back office (it has an audit entry): from then on it is its
 * operator's, and seeding (every start with SEED on) no longer puts it back as seeded.
 */
const managed = (parkId: SQL) =>
  sql`EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = 'park' AND a.entity_id = (${parkId})::text)`;

/**
 * The demo parks (a few hundred around real places), upserted by id: seeding twice changes
 * nothing, and seeding again repairs a seeded park, unless its operator has changed it since.
 */
export async function seedParks(db: Db): Promise<void> {
  const seedParks = buildSeedParks();
  await upsertAll(
    db,
    parks,
    parks.id,
    seedParks.map((p) => p.row),
    managed(sql`parks.id`),
  );
  await db
    .insert(parkCapacities)
    .values(seedParks.flatMap((p) => p.capacities.map((c) => ({ parkId: p.row.id, ...c }))))
    .onConflictDoUpdate({
      target: [parkCapacities.parkId, parkCapacities.vehicleTypeId],
      set: { capacity: sql`excluded.capacity` },
      setWhere: sql`NOT ${managed(sql`park_capacities.park_id`)}`,
    });
  await db
    .insert(parkRates)
    .values(seedParks.flatMap((p) => p.rates.map((r) => ({ parkId: p.row.id, kind: "standard", ...r }))))
    .onConflictDoUpdate({
      target: [parkRates.parkId, parkRates.vehicleTypeId],
      targetWhere: sql`kind = 'standard'`,
      set: { hourlyMinor: sql`excluded.hourly_minor`, dailyMaxMinor: sql`excluded.daily_max_minor` },
      setWhere: sql`NOT ${managed(sql`park_rates.park_id`)}`,
    });
  await seedParkChargers(db, seedParks);
  await linkOperators(db);
  await resetIdentity(db);
}

/** Every operator named on a park has its operators row, and the park points to it (its staff's scope). */
async function linkOperators(db: Db): Promise<void> {
  await db.execute(sql`INSERT INTO operators (name) SELECT DISTINCT operator FROM parks WHERE operator <> ''
    ON CONFLICT (name) DO NOTHING`);
  await db.execute(sql`UPDATE parks p SET operator_id = o.id FROM operators o
    WHERE o.name = p.operator AND p.operator_id IS NULL`);
  await db.execute(sql`UPDATE operators o SET country_id =
      (SELECT p.country_id FROM parks p WHERE p.operator_id = o.id ORDER BY p.id LIMIT 1)
    WHERE o.country_id IS NULL`);
}

/** Seeded ids are explicit; move the identity past them so parks created later get fresh ids. */
export async function resetIdentity(db: Db): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('parks', 'id'), (SELECT greatest(max(id), 1) FROM parks))`,
  );
}
