import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrateWithJobs } from "./feature-jobs";
import { seedForStart } from "./db/seed";
import { seedSyntheticParks } from "./db/seed/synthetic-parks";
import { ensureDemoPass } from "./features/demo/demo-pass.service";
import { systemClock } from "./lib/clock";

/** `--parks N`: also make sure synthetic parks 1..N exist (load tests). */
function syntheticCount(argv: string[]): number {
  const i = argv.indexOf("--parks");
  if (i === -1) return 0;
  const value = argv[i + 1] ?? "";
  if (!/^\d{1,7}$/.test(value) || Number(value) > 5_000_000) {
    throw new ConfigError(`--parks needs a whole number up to 5000000 (got ${JSON.stringify(value)})`);
  }
  return Number(value);
}

/** `npm run seed`: migrate and seed the configured database (PGlite in DATA_DIR, or DATABASE_URL). */
async function main(): Promise<void> {
  const parks = syntheticCount(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    // Seeding is maintenance, not a request: a bulk load's index rebuilds outlast the request bound.
    statementTimeoutMs: 0,
  });
  try {
    await migrateWithJobs(database);
    const { demoAccountsDisabled } = await seedForStart(database.db, {
      SEED: true,
      DEMO_MODE: config.DEMO_MODE,
    });
    // Demo mode: the demo driver holds a monthly pass, sold as a driver buys one (features/demo).
    if (config.DEMO_MODE) await ensureDemoPass(database.db, systemClock);
    if (demoAccountsDisabled > 0)
      console.log(`Demo mode is off: ${demoAccountsDisabled} demo account(s) disabled.`);
    if (parks > 0) {
      const started = Date.now();
      await seedSyntheticParks(database.db, parks, (line) => console.log(line));
      console.log(`${parks} synthetic parks present (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    }
    console.log(`Seeded the ${database.engine} database.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError
      ? err.message
      : `Seeding failed: ${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message.split("\n")[0]) : String(err)}`,
  );
  process.exit(1);
});
