import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countries, fees, states, vehicleTypes } from "../../db/schema/index";

export function listCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sortOrder));
}

export function listStates(db: Db, countryId: number) {
  return db.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.id));
}

export async function findFeesWithCountry(db: Db, countryId: number) {
  const rows = await db
    .select({ fees, country: countries })
    .from(fees)
    .innerJoin(countries, eq(countries.id, fees.countryId))
    .where(eq(fees.countryId, countryId))
    .limit(1);
  return rows[0];
}

export function listVehicleTypes(db: Db) {
  return db.select().from(vehicleTypes).orderBy(asc(vehicleTypes.sortOrder));
}
