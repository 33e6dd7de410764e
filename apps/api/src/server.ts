import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { seedForStart } from "./db/seed";
import { completeEndedBookings } from "./features/bookings/bookings.service";
import { DEMO_RESET_CHECK_MS, demoModeNotice } from "./features/demo/demo.domain";
import { resetDemoDataWhenDue } from "./features/demo/demo.service";
import { systemClock } from "./lib/clock";
import { createDrain } from "./lib/drain";
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
  const seeded = await seedForStart(database.db, config);

  const drain = createDrain();
  const app = await buildApp({ database, config, drain });
  const completing = setInterval(() => {
    completeEndedBookings(database.db, systemClock).catch((err: unknown) =>
      app.log.error({ err }, "completing ended bookings failed"),
    );
  }, COMPLETE_BOOKINGS_EVERY_MS).unref();
  app.addHook("onClose", async () => clearInterval(completing));
  if (config.DEMO_MODE) {
    // Every process checks; the reset row lets one of them reset every 30 minutes (demo.service).
    const resetting = setInterval(() => {
      resetDemoDataWhenDue(database.db, systemClock).then(
        (ran) => ran && app.log.info("demo data reset to its seeded state"),
        (err: unknown) => app.log.error({ err }, "resetting the demo data failed"),
      );
    }, DEMO_RESET_CHECK_MS).unref();
    app.addHook("onClose", async () => clearInterval(resetting));
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Health turns to "draining" while the process still serves, so that a load balancer moves
    // its traffic elsewhere first; then stop accepting, let requests in flight finish, then close
    // the database.
    drain.start();
    const force = setTimeout(() => process.exit(1), config.DRAIN_DELAY_MS + 10_000).unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
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
      node: process.version,
    },
    `Parkwell is ready on ${config.PUBLIC_URL} (Node.js ${process.version})`,
  );
  const demo = demoModeNotice(config);
  if (demo) app.log.warn(demo);
  if (seeded.demoAccountsDisabled > 0) {
    app.log.warn(
      `Demo mode is off: ${seeded.demoAccountsDisabled} demo account(s) left from a demo run are disabled`,
    );
  }
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
