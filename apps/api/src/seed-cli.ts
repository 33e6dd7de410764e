import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { seed } from "./db/seed";

/** `npm run seed`: migrate and seed the configured database (PGlite in DATA_DIR, or DATABASE_URL). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
  });
  try {
    await migrate(database);
    await seed(database.db);
    console.log(`Seeded the ${database.engine} database.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError
      ? err.message
      : `Seeding failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
