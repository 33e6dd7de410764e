import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { states, vehicleTypes } from "../../db/schema/index";

export function listStates(db: Db, countryId: number) {
  return db.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.id));
}

export function listVehicleTypes(db: Db) {
  return db.select().from(vehicleTypes).orderBy(asc(vehicleTypes.sortOrder));
}
