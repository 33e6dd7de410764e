import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { states, taxDistricts, vehicleTypes } from "../../db/schema/index";

export function listStates(db: Db, countryId: number) {
  return db.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.id));
}

/** A state's tax districts (decision 049), by name. */
export function listTaxDistricts(db: Db, stateId: number) {
  return db
    .select()
    .from(taxDistricts)
    .where(eq(taxDistricts.stateId, stateId))
    .orderBy(asc(taxDistricts.name), asc(taxDistricts.id));
}

export function listVehicleTypes(db: Db) {
  return db.select().from(vehicleTypes).orderBy(asc(vehicleTypes.sortOrder));
}
