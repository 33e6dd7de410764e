/** The back office's reads beside its renewal requests: the vehicles as saved, with their renewal details. */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { states, userVehicles } from "../../../db/schema/index";

export async function vehiclesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: userVehicles.id,
      make: userVehicles.make,
      model: userVehicles.model,
      color: userVehicles.color,
      year: userVehicles.year,
      engineCc: userVehicles.engineCc,
      vin: userVehicles.vin,
      vehicleUse: userVehicles.vehicleUse,
      registrationState: states.code,
    })
    .from(userVehicles)
    .leftJoin(states, eq(states.id, userVehicles.registrationStateId))
    .where(inArray(userVehicles.id, ids));
}
