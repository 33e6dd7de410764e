import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { seed } from "./db/seed";
import { completeEndedBookings } from "./features/bookings/bookings.service";
import { systemClock } from "./lib/clock";
import path from "node:path";

/** How often ended bookings are marked completed (any number of processes may run it). */
const COMPLETE_BOOKINGS_EVERY_MS = 60_000;

async function main(config: Config): Promise<void> {
  if (config.NODE_ENV === "production" && !config.QR_SIGNING_SECRET) {
    throw new ConfigError("Invalid configuration: QR_SIGNING_SECRET is required in production");
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    poolSize: config.DATABASE_POOL_SIZE,
    searchPoolSize: config.DATABASE_SEARCH_POOL_SIZE,
    onPoolError: (err) => console.error(`database pool error: ${err.message}`),
  });
  await migrate(database);
  if (config.SEED) await seed(database.db);

  const app = await buildApp({ database, config });
  const completing = setInterval(() => {
    completeEndedBookings(database.db, systemClock).catch((err: unknown) =>
      app.log.error({ err }, "completing ended bookings failed"),
    );
  }, COMPLETE_BOOKINGS_EVERY_MS).unref();
  app.addHook("onClose", async () => clearInterval(completing));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting, let requests in flight finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: database.engine,
      dataDir: database.engine === "pglite" ? path.resolve(config.DATA_DIR) : undefined,
    },
    `Parkwell is ready on ${config.PUBLIC_URL}`,
  );
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
main(config).catch((err: unknown) => {
  console.error(`Parkwell failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
