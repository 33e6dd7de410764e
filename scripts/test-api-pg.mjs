// Runs the API suite again on real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from "node:child_process";

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is skipped.");
  process.exit(0);
}
const result = spawnSync("npx", ["vitest", "run", "--project", "api"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
