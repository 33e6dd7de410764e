import type { Db } from "../client";
import { countries, fees, states, vehicleTypes } from "../schema/index";
import { seedParks } from "./parks";
import { COUNTRY_ROWS, FEE_ROWS, STATE_ROWS, VEHICLE_TYPE_ROWS } from "./reference-data";
import { upsertAll } from "./upsert";
import { seedDemoAccounts } from "./accounts";

/** Deterministic and idempotent: run on every start; later features add their own steps here. */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertAll(tx, countries, countries.id, [...COUNTRY_ROWS]);
    await upsertAll(tx, states, states.id, STATE_ROWS);
    await upsertAll(tx, fees, fees.countryId, FEE_ROWS);
    await upsertAll(tx, vehicleTypes, vehicleTypes.id, VEHICLE_TYPE_ROWS);
    await seedParks(tx);
  });
  await seedDemoAccounts(db);
}
