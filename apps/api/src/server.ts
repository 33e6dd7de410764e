import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { migrateWithJobs } from "./feature-jobs";
import { seedForStart } from "./db/seed";
import { demoModeNotice } from "./features/demo/demo.domain";
import { ensureDemoPass } from "./features/demo/demo-pass.service";
import { ensureDemoVehicleDocs } from "./features/demo/demo-vehicle-docs.service";
import { systemClock } from "./lib/clock";
import { describeDisagreements, zoneDisagreements } from "./db/zone-rules";
import { createDrain } from "./lib/drain";
import path from "node:path";

async function main(config: Config): Promise<void> {
  if (config.NODE_ENV === "production" && !config.QR_SIGNING_SECRET) {
    throw new ConfigError("Invalid configuration: QR_SIGNING_SECRET is required in production");
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    poolSize: config.DATABASE_POOL_SIZE,
    searchPoolSize: config.DATABASE_SEARCH_POOL_SIZE,
    readUrls: config.DATABASE_READ_URLS,
    maxReplicaLagMs: config.DATABASE_READ_MAX_LAG_MS,
    onPoolError: (err) => console.error(`database pool error: ${err.message}`),
  });
  await migrateWithJobs(database);
  const seeded = await seedForStart(database.db, config);
  // Demo mode: the demo driver holds a monthly pass, sold as a driver buys one (features/demo).
  if (config.SEED && config.DEMO_MODE) await ensureDemoPass(database.db, systemClock);

  const drain = createDrain();
  const app = await buildApp({ database, config, drain });
  const zones = await zoneDisagreements(database.db, systemClock());
  if (zones.length > 0) app.log.error({ zones }, describeDisagreements(zones));
  // Demo mode: the demo driver's renewal request, sent as a driver sends one (its mail job needs the queue).
  if (config.SEED && config.DEMO_MODE) await ensureDemoVehicleDocs(database.db, systemClock, app.jobs);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Health turns to "draining" while the process still serves, so that a load balancer moves
    // its traffic elsewhere first; then stop taking jobs and let the running ones finish (a mail
    // job's SMTP time limits are under 30 s), stop accepting, let requests in flight finish, and
    // close the database.
    drain.start();
    const force = setTimeout(() => process.exit(1), config.DRAIN_DELAY_MS + 40_000).unref();
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
  // Workers and the schedules (booking completion, reminders, payment expiry, the demo reset):
  // each scheduled job runs once per tick however many processes run.
  if (config.JOB_WORKERS) await app.jobs.start({ skipSchedules: config.DEMO_MODE ? [] : ["demo-reset"] });
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
