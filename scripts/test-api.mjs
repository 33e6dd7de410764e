// The API suite on PGlite, with the test clock at today's instant of the rotation and in its time
// zone (or TEST_CLOCK_AT's and TEST_CLOCK_TZ's; TEST_CLOCK_AT=real for the machine's clock). It
// says which first, so a failure can be run again at the same instant. Arguments go to Vitest (a
// file, -t "name").
import { spawnSync } from "node:child_process";
import { chosenInstant, clockEnv, describeClock, libfaketime } from "./test-clock.mjs";

let instant;
try {
  instant = chosenInstant();
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
if (instant && !libfaketime()) {
  console.error(
    `The test clock needs libfaketime: run \`sudo apt-get install faketime\` (npm test installs it when run as root), or TEST_CLOCK_AT=real.`,
  );
  process.exit(1);
}
console.log(`The API suite on PGlite, with the clock at ${describeClock(instant)}.`);
const env = instant ? clockEnv(instant.at, process.env, instant.tz) : { ...process.env };
delete env.TEST_DB_ENGINE;
const result = spawnSync("npx", ["vitest", "run", "--project", "api", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
