import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { parkCapacities, parkRates, parks } from "../schema/index";
import { buildSeedParks } from "./park-rows";
import { upsertAll } from "./upsert";

/** The demo parks (a few hundred around real places), upserted by id: seeding twice changes nothing. */
export async function seedParks(db: Db): Promise<void> {
  const seedParks = buildSeedParks();
  await upsertAll(
    db,
    parks,
    parks.id,
    seedParks.map((p) => p.row),
  );
  await db
    .insert(parkCapacities)
    .values(seedParks.flatMap((p) => p.capacities.map((c) => ({ parkId: p.row.id, ...c }))))
    .onConflictDoUpdate({
      target: [parkCapacities.parkId, parkCapacities.vehicleTypeId],
      set: { capacity: sql`excluded.capacity` },
    });
  await db
    .insert(parkRates)
    .values(seedParks.flatMap((p) => p.rates.map((r) => ({ parkId: p.row.id, kind: "standard", ...r }))))
    .onConflictDoUpdate({
      target: [parkRates.parkId, parkRates.vehicleTypeId],
      targetWhere: sql`kind = 'standard'`,
      set: { hourlyMinor: sql`excluded.hourly_minor`, dailyMaxMinor: sql`excluded.daily_max_minor` },
    });
  await linkOperators(db);
  await resetIdentity(db);
}

/** Every operator named on a park has its operators row, and the park points to it (its staff's scope). */
export async function linkOperators(db: Db): Promise<void> {
  await db.execute(sql`INSERT INTO operators (name) SELECT DISTINCT operator FROM parks WHERE operator <> ''
    ON CONFLICT (name) DO NOTHING`);
  await db.execute(sql`UPDATE parks p SET operator_id = o.id FROM operators o
    WHERE o.name = p.operator AND p.operator_id IS NULL`);
}

/** Seeded ids are explicit; move the identity past them so parks created later get fresh ids. */
export async function resetIdentity(db: Db): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('parks', 'id'), (SELECT greatest(max(id), 1) FROM parks))`,
  );
}
