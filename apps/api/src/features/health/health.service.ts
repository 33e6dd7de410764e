import type { Database } from "../../db/client";
import { appliedMigrationCount, expectedMigrationCount } from "../../db/migrate";

/** How many migrations this build carries. */
export const expectedMigrations = expectedMigrationCount;

/**
 * How many migrations the database has applied (reading them is the round trip that proves it
 * answers); 0 when it does not answer, the error handed to `onError` to be logged.
 */
export async function appliedMigrations(
  database: Database,
  onError: (err: unknown) => void,
): Promise<number> {
  try {
    return await appliedMigrationCount(database.db);
  } catch (err) {
    onError(err);
    return 0;
  }
}
