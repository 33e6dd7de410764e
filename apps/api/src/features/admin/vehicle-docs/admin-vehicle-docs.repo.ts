/** The back office's reads beside its renewal requests: pickup parks by name, the vehicles as saved. */
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { parks, userVehicles } from "../../../db/schema/index";

export async function parkNames(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: parks.id, name: parks.name }).from(parks).where(inArray(parks.id, ids));
}

export async function vehiclesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: userVehicles.id,
      make: userVehicles.make,
      model: userVehicles.model,
      color: userVehicles.color,
      year: userVehicles.year,
    })
    .from(userVehicles)
    .where(inArray(userVehicles.id, ids));
}
