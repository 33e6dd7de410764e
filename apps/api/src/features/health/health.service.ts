import type { Database } from "../../db/client";
import { appliedMigrationCount, expectedMigrationCount } from "../../db/migrate";

/** How many migrations this build carries. */
export const expectedMigrations = expectedMigrationCount;

/**
 * How long the health check waits for the database. A busy process queues its requests for a
 * pooled connection, and the check's own query waits behind them: unbounded, a burst of bookings
 * made the check outlast HAProxy's 2 s `timeout check`, and HAProxy took every busy process out at
 * once (an answer of nothing is "down"; 503 "unavailable" is not: decision 020). Past this bound
 * the check answers 503 "unavailable", which keeps the process in, while a monitor still reads
 * that the database did not answer in time.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 1_000;

/**
 * How many migrations the database has applied (reading them is the round trip that proves it
 * answers); 0 when it does not answer within `timeoutMs`, the error handed to `onError` to be
 * logged. A query still waiting at the bound carries on and is dropped when it ends.
 */
export async function appliedMigrations(
  database: Pick<Database, "db">,
  onError: (err: unknown) => void,
  timeoutMs = HEALTH_DATABASE_TIMEOUT_MS,
): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const count = appliedMigrationCount(database.db);
  // A count that fails after the bound has been reported already: not an unhandled rejection.
  count.catch(() => undefined);
  try {
    return await Promise.race([count, late]);
  } catch (err) {
    onError(err);
    return 0;
  } finally {
    clearTimeout(timer);
  }
}
