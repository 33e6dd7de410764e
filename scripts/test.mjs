// npm test: sets up what the suite needs on this machine, runs `npm run check` and the browser
// tests, and ends with a summary saying what ran, on which engines.
//
// - Chromium (Debian's, driven by playwright-core; no browser is downloaded): when missing, it is
//   installed with apt-get if this user may (root), said so first; otherwise the run stops at once
//   with the one command to run, rather than after the other suites.
// - PostgreSQL: TEST_DATABASE_URL, or a server found on the default local address
//   (scripts/test-database.mjs); without one, the PostgreSQL runs are skipped and the summary says so.
// - The fault test (npm run test:faults) after the browser tests, when this machine has
//   PostgreSQL's binaries, Redis and HAProxy (it starts its own servers; HAProxy is installed with
//   apt-get when missing, as Chromium is); otherwise skipped, saying why.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { testDatabase } from "./test-database.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const say = (line) => console.log(`\n== ${line}`);

const mayInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");

/** Installs one of Debian's packages (as root), saying why first; false when apt-get fails. */
function aptInstall(pkg, why) {
  say(`installing Debian's ${pkg} package: ${why}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", pkg],
  ]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (r.status !== 0) {
      console.error(`\`apt-get ${args.join(" ")}\` failed.`);
      return false;
    }
  }
  return true;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (!mayInstall) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: run \`sudo apt-get install chromium\` (or set CHROMIUM_PATH), then \`npm test\` again.`,
    );
    process.exit(1);
  }
  if (!aptInstall("chromium", `Chromium is missing at ${CHROMIUM}, and the browser tests need it`)) {
    console.error("Install Chromium by hand, then `npm test` again.");
    process.exit(1);
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `Chromium is installed but not at ${CHROMIUM}: set CHROMIUM_PATH, then \`npm test\` again.`,
    );
    process.exit(1);
  }
}

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
};

ensureChromium();
// stderr ignored: Debian's wrapper script complains on some machines while it answers.
const chromium = execFileSync(CHROMIUM, ["--version"], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "ignore"],
}).trim();
const database = await testDatabase();
const env = { ...process.env };
if (database.url) env.TEST_DATABASE_URL = database.url;

/** Why the fault test cannot run here, or null when it can. */
function faultTestMissing() {
  const pgBin =
    process.env.PG_BIN ??
    (fs.existsSync("/usr/lib/postgresql") &&
      fs
        .readdirSync("/usr/lib/postgresql")
        .some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)));
  const has = (bin, flag = "--version") => spawnSync(bin, [flag], { stdio: "ignore" }).status === 0;
  const missing = [
    !pgBin && "PostgreSQL's binaries (/usr/lib/postgresql/N/bin or PG_BIN)",
    !has("redis-server") && "redis-server",
    !(has(process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy", "-v") || has("haproxy", "-v")) && "HAProxy",
  ].filter(Boolean);
  return missing.length > 0 ? missing.join(", ") : null;
}

const steps = [
  { name: "check: types, lints (code, OpenAPI), format, unit tests, API suite", args: ["run", "check"] },
  { name: `browser tests (${chromium})`, args: ["run", "test:e2e"] },
];
// HAProxy is the one part of the fault test this machine's kind lacks at first: installed like Chromium.
let faultsMissing = faultTestMissing();
if (faultsMissing === "HAProxy" && mayInstall && aptInstall("haproxy", "the fault test's load balancer")) {
  faultsMissing = faultTestMissing();
}
if (!faultsMissing) {
  steps.push({
    name: "fault test: 3 processes behind HAProxy; kill, PostgreSQL, Redis and SMTP restarts",
    args: ["run", "test:faults"],
  });
}
const done = [];
let failed = false;
for (const step of steps) {
  say(`npm ${step.args.join(" ")}`);
  const started = Date.now();
  const r = spawnSync("npm", step.args, { stdio: "inherit", env });
  failed = r.status !== 0;
  done.push({ ...step, result: failed ? "FAILED" : "passed", ms: Date.now() - started });
  if (failed) break;
}

say(`npm test summary (Node.js ${process.version})`);
for (const s of done) console.log(`  ${s.result.padEnd(6)}  ${minutes(s.ms).padStart(7)}  ${s.name}`);
for (const s of steps.slice(done.length)) console.log(`  ${"not run".padEnd(6)}           ${s.name}`);
if (faultsMissing) console.log(`  skipped           fault test: this machine lacks ${faultsMissing}`);
const shown = database.url?.replace(/:[^:@/]*@/, ":***@");
console.log(
  database.url
    ? `  API suite engines: PGlite (embedded) and PostgreSQL at ${shown} (${database.how})`
    : `  API suite engines: PGlite (embedded) only; PostgreSQL skipped: ${database.how}`,
);
process.exit(failed ? 1 : 0);
