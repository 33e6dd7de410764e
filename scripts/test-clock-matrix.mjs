// npm run test:clock: the unit tests and the API suite on PGlite once at each instant of the test
// clock's list (2025 to 2031), each under its own TZ for the test process (Pacific/Kiritimati,
// UTC+14, and America/Los_Angeles, UTC-8/-7, in turn), then a table of the results. With --e2e, the browser
// tests of the flows that show dates (booking and checkout, events, the gate, the marketplace, the
// wallet) at two instants.
//
//   npm run test:clock                      all instants, API suite
//   npm run test:clock -- --at 2026-11-26T23:05:00Z --at 2026-12-31T23:59:00Z
//   npm run test:clock -- --e2e             the browser flows at the next 00:05 in Lagos and 23:55 in
//                                           Toronto (builds the app first)
//   npm run test:clock -- --e2e --at ...    the browser flows at those instants
import { spawnSync } from "node:child_process";
import { CLOCK_INSTANTS, clockEnv, libfaketime } from "./test-clock.mjs";

/** The zones of instants asked for with --at, in turn (a listed instant keeps its own). */
const ZONES = ["Pacific/Kiritimati", "America/Los_Angeles"];
const E2E_FILES = [
  "bookings.e2e.ts",
  "bookings-checkout.e2e.ts",
  "events.e2e.ts",
  "admin-gate.e2e.ts",
  "admin-events.e2e.ts",
  // Vitest takes these as filters ("events.e2e.ts" also matches admin-events): listed all the same.
  "marketplace.e2e.ts",
  "admin-marketplace.e2e.ts",
  "wallet.e2e.ts",
  // The blog's publish times, on the staff's browser's clock.
  "admin-blog.e2e.ts",
];
/**
 * The browser run's default instants: the next 00:05 in Lagos and the next 23:55 in Toronto after
 * the real time. Several browser tests write their fixtures to the real PostgreSQL, whose now()
 * is the machine's: an instant hours ahead keeps the two apart by less than a day, in the order a
 * real day has them (an instant weeks before the real date would put the server's rows in the app's
 * future).
 */
function nextWallClock(timeZone, hhmm, from = Date.now()) {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const start = Math.ceil(from / 60_000) * 60_000 + 60_000;
  for (let t = start; t < start + 2 * 86_400_000; t += 60_000) {
    if (format.format(t) === hhmm) return new Date(t).toISOString();
  }
  throw new Error(`no ${hhmm} in ${timeZone} within two days`);
}
const E2E_DEFAULT = [
  { at: nextWallClock("Africa/Lagos", "00:05"), what: "the next 00:05 in Lagos" },
  { at: nextWallClock("America/Toronto", "23:55"), what: "the next 23:55 in Toronto" },
];

const args = process.argv.slice(2);
const e2e = args.includes("--e2e");
const asked = args.flatMap((a, i) => (args[i - 1] === "--at" ? [a] : []));
for (const at of asked) {
  if (!Number.isFinite(Date.parse(at))) {
    console.error(`--at ${at} is not a time (e.g. 2026-11-26T23:05:00Z)`);
    process.exit(2);
  }
}
if (!libfaketime()) {
  console.error("The test clock needs libfaketime: `sudo apt-get install faketime`.");
  process.exit(1);
}

const instants = asked.length > 0 ? asked : (e2e ? E2E_DEFAULT : CLOCK_INSTANTS).map((i) => i.at);
const whatOf = (at) =>
  [...CLOCK_INSTANTS, ...E2E_DEFAULT].find((i) => Date.parse(i.at) === Date.parse(at))?.what ?? "";
const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round(ms / 1000) % 60).padStart(2, "0")}s`;

if (e2e) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const results = [];
for (const [i, at] of instants.entries()) {
  const tz = CLOCK_INSTANTS.find((c) => Date.parse(c.at) === Date.parse(at))?.tz ?? ZONES[i % ZONES.length];
  const what = e2e ? `browser flows (${E2E_FILES.length} files)` : "unit tests and API suite on PGlite";
  console.log(`\n== ${what} with the clock at ${at} (${whatOf(at)}), TZ=${tz}`);
  const vitest = e2e
    ? ["vitest", "run", "--config", "e2e/vitest.config.ts", ...E2E_FILES]
    : ["vitest", "run", "--project", "unit", "--project", "api"];
  const env = clockEnv(at, process.env, tz);
  delete env.TEST_DB_ENGINE;
  const started = Date.now();
  const r = spawnSync("npx", vitest, { stdio: "inherit", env });
  results.push({ at, tz, ok: r.status === 0, ms: Date.now() - started });
}

console.log(`\n== test clock summary (${e2e ? "browser flows" : "unit tests and API suite on PGlite"})`);
for (const r of results) {
  console.log(
    `  ${r.ok ? "passed" : "FAILED"}  ${minutes(r.ms).padStart(7)}  ${r.at}  TZ=${r.tz.padEnd(19)}  ${whatOf(r.at)}`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
