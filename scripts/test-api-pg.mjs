// Runs the API suite again on real PostgreSQL: TEST_DATABASE_URL's server, or one found on the
// default local address (scripts/test-database.mjs). Without either it says why and skips.
import { spawnSync } from "node:child_process";
import { testDatabase } from "./test-database.mjs";

const { url, how } = await testDatabase();
if (!url) {
  console.log(`The PostgreSQL run of the API suite is skipped: ${how}.`);
  process.exit(0);
}
console.log(`The API suite on PostgreSQL: ${url.replace(/:[^:@/]*@/, ":***@")} (${how}).`);
const result = spawnSync("npx", ["vitest", "run", "--project", "api", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_DB_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
