// npm test: sets up what the suite needs on this machine, runs what `npm run check` runs, the
// browser tests and the fault test, and ends with a summary: each step's time, its slowest test
// files, the engines and the test clock's instant.
//
// Two lanes run side by side on the machine's two cores: the OpenAPI lint and the browser tests
// in one, the type check, the lint, the format check, unit tests and the PGlite API suite in the
// other. The PostgreSQL API suite and the replica run are the two lanes' shared tail: whichever
// lane ends its own steps first takes the next of them, so the run adapts to which lane the
// machine's speed of the day made the longer.
// The fault test runs beside both from the start, a lane of its own: it spends most of its two
// minutes waiting through its load and outages (about half a core; its bounds are seconds wide,
// 15 s to come back), so alone at the end it added its whole time to the run's. The lanes beside
// the first print their output when they end (bench/results/history.md has the figures).
//
// - Chromium (Debian's headless shell, driven by playwright-core; no browser is downloaded): when missing, it is
//   installed with apt-get if this user may (root), said so first; otherwise the run stops at once
//   with the one command to run, rather than after the other suites.
// - PostgreSQL: TEST_DATABASE_URL, or a server found on the default local address
//   (scripts/test-database.mjs); without one, the PostgreSQL runs are skipped and the summary says so.
// - libfaketime (Debian's faketime) for the test clock of the PGlite API run
//   (docs/decisions/025-test-clock.md): installed with apt-get like Chromium; without it that run
//   is on the real clock, said so in the summary.
// - The public browsing's API suites against a primary and its streaming replica (npm run
//   test:replica, its own two servers) in the shared tail, when PostgreSQL's binaries are here.
// - The fault test (npm run test:faults) beside the other lanes, when this machine has
//   PostgreSQL's binaries, Redis and HAProxy (it starts its own servers; HAProxy is installed with
//   apt-get when missing, as Chromium is); otherwise skipped, saying why.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { testDatabase } from "./test-database.mjs";
// The product's own reading of a zone (Node runs the contract's TypeScript as it is).
import { isoOnClock } from "../packages/contract/src/zoned-time.ts";
import { chosenInstant, describeClock, libfaketime } from "./test-clock.mjs";

/** Debian's headless build of Chromium (the same engine, without the browser's UI): 35% less CPU. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const CHROMIUM_PACKAGE = "chromium-headless-shell";
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
      `Chromium is missing at ${CHROMIUM}: run \`sudo apt-get install ${CHROMIUM_PACKAGE}\` (or set CHROMIUM_PATH), then \`npm test\` again.`,
    );
    process.exit(1);
  }
  if (!aptInstall(CHROMIUM_PACKAGE, `Chromium is missing at ${CHROMIUM}, and the browser tests need it`)) {
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

/**
 * The zones on which this PostgreSQL's tz data and this Node's read some instant of the next two
 * years differently (docs/decisions/067-one-set-of-zone-rules.md): Debian's server reads the
 * system's tzdata, which a machine image may hold from before a zone's change.
 */
async function zonesReadApart(url) {
  const zones = Intl.supportedValuesOf("timeZone");
  const now = Date.now();
  const instants = Array.from({ length: 53 }, (_, i) => new Date(now + i * 14 * 86_400_000).toISOString());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT z, t, to_char(t::timestamptz AT TIME ZONE z, 'YYYY-MM-DD"T"HH24:MI') AS local
         FROM unnest($1::text[]) AS z CROSS JOIN unnest($2::text[]) AS t
        WHERE z IN (SELECT name FROM pg_timezone_names)`,
      [zones, instants],
    );
    const apart = new Set();
    for (const { z, t, local } of rows) {
      if (isoOnClock(new Date(t), z).slice(0, 16) !== local) apart.add(z);
    }
    return [...apart];
  } finally {
    await client.end();
  }
}
/** Whether Debian's tzdata is already the newest the package lists offer (then an update changes nothing). */
function tzdataIsNewest() {
  // Without package lists (a fresh image) the policy knows only what is installed.
  const lists = "/var/lib/apt/lists";
  if (!fs.existsSync(lists) || !fs.readdirSync(lists).some((f) => f.includes("_Packages"))) return false;
  const r = spawnSync("apt-cache", ["policy", "tzdata"], { encoding: "utf8" });
  const installed = /Installed: (\S+)/.exec(r.stdout ?? "")?.[1];
  const candidate = /Candidate: (\S+)/.exec(r.stdout ?? "")?.[1];
  return r.status === 0 && installed !== undefined && installed === candidate;
}
if (database.url) {
  let apart = await zonesReadApart(database.url);
  // The zones may differ because the system's data is newer than Node's: updating it again would
  // change nothing, so it is tried only when the package lists offer a newer tzdata.
  if (
    apart.length > 0 &&
    mayInstall &&
    !tzdataIsNewest() &&
    aptInstall(
      "tzdata",
      `PostgreSQL reads ${apart.slice(0, 3).join(", ")} differently from Node (older tz data)`,
    )
  ) {
    apart = await zonesReadApart(database.url);
  }
  if (apart.length > 0)
    say(
      `PostgreSQL and Node still read ${apart.length} zone(s) differently: ${apart.slice(0, 5).join(", ")}`,
    );
}

// The test clock's instant, fixed here so a run that crosses midnight keeps the one it printed.
let instant = chosenInstant();
if (instant && !libfaketime() && !(mayInstall && aptInstall("faketime", "the test clock of the API suite"))) {
  instant = null;
}
const clockNote =
  instant || process.env.TEST_CLOCK_AT === "real"
    ? ""
    : " (libfaketime is missing: apt-get install faketime)";
env.TEST_CLOCK_AT = instant ? instant.at : "real";
if (instant?.tz) env.TEST_CLOCK_TZ = instant.tz;

/** Whether PostgreSQL's binaries are here (PG_BIN or /usr/lib/postgresql/N/bin): the tests that start their own servers need them. */
function pgBinaries() {
  return (
    Boolean(process.env.PG_BIN) ||
    (fs.existsSync("/usr/lib/postgresql") &&
      fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)))
  );
}

/** Why the fault test cannot run here, or null when it can. */
function faultTestMissing() {
  const pgBin = pgBinaries();
  const has = (bin, flag = "--version") => spawnSync(bin, [flag], { stdio: "ignore" }).status === 0;
  const missing = [
    !pgBin && "PostgreSQL's binaries (/usr/lib/postgresql/N/bin or PG_BIN)",
    !has("redis-server") && "redis-server",
    !(has(process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy", "-v") || has("haproxy", "-v")) && "HAProxy",
  ].filter(Boolean);
  return missing.length > 0 ? missing.join(", ") : null;
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-test-report-"));
/** A step that runs Vitest writes its JSON report too, for the slowest files in the summary. */
const step = (name, script, vitest = false) => ({
  name,
  args: [
    "run",
    script,
    ...(vitest
      ? [
          "--",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${path.join(reports, `${script}.json`)}`,
        ]
      : []),
  ],
  report: vitest ? path.join(reports, `${script}.json`) : null,
});
// HAProxy is the one part of the fault test this machine's kind lacks at first: installed like Chromium.
let faultsMissing = faultTestMissing();
if (faultsMissing === "HAProxy" && mayInstall && aptInstall("haproxy", "the fault test's load balancer")) {
  faultsMissing = faultTestMissing();
}
const faultTest = faultsMissing
  ? []
  : [
      step(
        "fault test: 3 processes behind HAProxy; kill, PostgreSQL, Redis, SMTP and read replica outages",
        "test:faults",
      ),
    ];

// Each lane runs its steps in order; the two lanes run side by side. The browser tests are the
// longest step, so ESLint (type-aware, one core for about two minutes) runs in the other lane:
// on 2026-11-26 the lanes took 10m56s and 14m07s with ESLint in the browser lane. Since 2026-11-27
// the API suites make the first lane the longer one, so the format check and the OpenAPI lint
// (about 45 s) ran before the browser tests. Since 2026-11-28 the browser lane, the longer again
// with the fault test beside both, leaves the format check to the first lane. The type check,
// ESLint and the format check side by side (one thread each) took 6m 38s where one after the
// other took 5m 50s on the same day: they stay in turn. Later that day the browser tests ran as two
// Vitest processes (scripts/test-e2e.mjs) and their lane fell from about 22 to 11 minutes: the first
// lane is the longer again (15 minutes in all).
const lanes = [
  {
    name: "types, lint, unit and API suites",
    takesShared: true,
    steps: [
      step("types", "typecheck"),
      step("lint (code)", "lint"),
      step("format", "format:check"),
      step("unit tests", "test:unit", true),
      step(
        `API suite on PGlite, clock at ${instant ? `${instant.at}${instant.tz ? ` in ${instant.tz}` : ""}` : "the real time"}`,
        "test:api",
        true,
      ),
    ],
  },
  {
    name: "browser tests",
    buffered: true,
    takesShared: true,
    steps: [
      step("lint (OpenAPI)", "lint:openapi"),
      step(`browser tests (build, then ${chromium})`, "test:e2e", true),
    ],
  },
  { name: "fault test", buffered: true, steps: faultTest },
].filter((lane) => lane.steps.length > 0);
/**
 * The shared tail, in order: taken one at a time by the first two lanes, each when its own steps
 * have passed. The browser lane ended first in CI on 2026-11-30 (16m 41s against 23m 01s for the
 * first lane, with these two steps in it), so it now takes them while the PGlite suite runs.
 */
const shared = [
  step("API suite on PostgreSQL, real clock", "test:api:pg", true),
  ...(pgBinaries()
    ? [step("public browsing's API suites with reads on a streaming replica", "test:replica", true)]
    : []),
];

/**
 * GNU time, when here: each step's CPU (user and system, its processes and their children) for the
 * summary. The two cores are busy throughout a run, so CPU, not order, sets `npm test`'s time
 * (bench/results/history.md): the summary says where it goes.
 */
const GNU_TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** Seconds of CPU a step's GNU time wrote, or null. */
function cpuOf(file) {
  try {
    const [user, sys] = fs.readFileSync(file, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
    return Number.isFinite(user + sys) ? user + sys : null;
  } catch {
    return null;
  }
}

/** Runs one step; a buffered lane's output goes to `out` instead of the terminal. */
function runStep(s, out) {
  return new Promise((resolve) => {
    const started = Date.now();
    const line = `\n== npm ${s.args.slice(0, 2).join(" ")}\n`;
    if (out) out.push(line);
    else process.stdout.write(line);
    const timed = path.join(reports, `${s.args[1]}.cpu`);
    const [command, args] = GNU_TIME
      ? [GNU_TIME, ["-f", "%U %S", "-o", timed, "npm", ...s.args]]
      : ["npm", s.args];
    const child = spawn(command, args, { stdio: out ? ["ignore", "pipe", "pipe"] : "inherit", env });
    if (out) {
      child.stdout.on("data", (d) => out.push(d));
      child.stderr.on("data", (d) => out.push(d));
    }
    child.on("close", (code) =>
      resolve({
        ...s,
        result: code === 0 ? "passed" : "FAILED",
        ms: Date.now() - started,
        cpu: GNU_TIME ? cpuOf(timed) : null,
      }),
    );
  });
}

/** The machine's CPU time so far, busy and idle, in seconds (Linux's /proc/stat); null elsewhere. */
function machineCpu() {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(Number);
    return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return null;
  }
}

/**
 * The CPU seconds of the PostgreSQL server the suites use, when it runs on this machine: its
 * postmaster's and its ended backends' (Linux's /proc), which no step's count includes. Null
 * elsewhere (another machine, no PostgreSQL, not Linux).
 */
async function serverCpu(url) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    const ppid = fs.readFileSync(`/proc/${rows[0].pid}/stat`, "utf8").split(") ")[1].split(" ")[1];
    const f = fs.readFileSync(`/proc/${ppid}/stat`, "utf8").split(") ")[1].split(" ");
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    return ticks / 100;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function runLane(lane) {
  const out = lane.buffered ? [] : null;
  const done = [];
  const passedAll = async (next) => {
    for (let s = next(); s; s = next()) {
      const r = await runStep(s, out);
      done.push(r);
      if (r.result !== "passed") return false;
    }
    return true;
  };
  const own = [...lane.steps];
  if ((await passedAll(() => own.shift())) && lane.takesShared) await passedAll(() => shared.shift());
  if (out) {
    say(`${lane.name}: its output`);
    for (const chunk of out) process.stdout.write(chunk);
  }
  return { lane, done };
}

const started = Date.now();
const serverBefore = await serverCpu(database.url);
const machineBefore = machineCpu();
const beside = lanes.filter((l) => l.buffered).map((l) => l.name);
if (beside.length > 0)
  say(`${beside.join(" and ")} run beside the checks; their output follows when they end`);
const laneResults = await Promise.all(lanes.map(runLane));
const serverAfter = serverBefore === null ? null : await serverCpu(database.url);
const machineAfter = machineCpu();
const wallMs = Date.now() - started;
const failed = laneResults.some(({ done }) => done.some((d) => d.result !== "passed"));

/** A Vitest step's JSON report, or null when it wrote none (it failed to start, say). */
function readReport(report) {
  try {
    return report ? JSON.parse(fs.readFileSync(report, "utf8")) : null;
  } catch {
    return null;
  }
}

/** The slowest files of a Vitest JSON report: [seconds, file]. */
function slowest(report, n = 3) {
  return (readReport(report)?.testResults ?? [])
    .map((f) => [(f.endTime - f.startTime) / 1000, path.relative(process.cwd(), f.name)])
    .sort((a, b) => b[0] - a[0])
    .slice(0, n);
}

/** The failed tests of a Vitest JSON report: [file, full title, first line of the error]. */
function failures(report) {
  return (readReport(report)?.testResults ?? []).flatMap((f) => {
    const file = path.relative(process.cwd(), f.name);
    const failedTests = f.assertionResults.filter((t) => t.status === "failed");
    // A file that failed before its tests ran (an import error, a hook) has no failed test.
    if (failedTests.length === 0 && f.status === "failed")
      return [[file, "(the file)", failureLines(f.message)]];
    return failedTests.map((t) => [file, t.fullName, failureLines(t.failureMessages?.[0])]);
  });
}

/** Vitest's JSON report keeps a timed-out test's stack, whose first line is only this marker. */
const TIMED_OUT = "Error: STACK_TRACE_ERROR";
/** A failure's lines that start with this are its diagnosis (e2e/support/browser.ts arriveAt), shown as well. */
const SAID = "» ";

/** A failure's first line, then its diagnosis lines (at most 12), each cut at 300 characters. */
const failureLines = (text) => {
  const lines = (text ?? "").split("\n");
  const line =
    lines
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 200) ?? "";
  const said = lines
    .filter((l) => l.startsWith(SAID))
    .slice(0, 12)
    .map((l) => l.slice(0, 300));
  return [line === TIMED_OUT ? "timed out (over the test's time limit)" : line, ...said].join("\n          ");
};

say(`npm test summary (Node.js ${process.version}), ${minutes(wallMs)} in all`);
const cpuText = (cpu) => (cpu === null || cpu === undefined ? "" : `${Math.round(cpu)} s CPU`.padStart(11));
const row = (result, ms, name, cpu = null) =>
  console.log(
    `  ${result.padEnd(7)} ${ms === null ? "       " : minutes(ms).padStart(7)} ${cpuText(cpu).padEnd(11)}  ${name}`,
  );
for (const { lane, done } of laneResults) {
  // A lane's time is its steps' in turn: the longest lane is the run's critical path.
  console.log(`  ${lane.name}: ${minutes(done.reduce((ms, d) => ms + d.ms, 0))}`);
  for (const d of done) {
    row(d.result, d.ms, d.name, d.cpu);
    if (d.report)
      for (const [s, file] of slowest(d.report))
        console.log(`  ${"".padEnd(17)}  ${s.toFixed(1).padStart(6)} s  ${file}`);
  }
  for (const s of lane.steps.filter((s) => !done.some((d) => d.name === s.name)))
    row("not run", null, s.name);
}
// A shared step no lane took (both stopped at a failure first).
for (const s of shared) row("not run", null, s.name);
if (faultsMissing) row("skipped", null, `fault test: this machine lacks ${faultsMissing}`);
if (!pgBinaries())
  row("skipped", null, "API suites on a streaming replica: this machine lacks PostgreSQL's binaries");
const shown = database.url?.replace(/:[^:@/]*@/, ":***@");
console.log(
  database.url
    ? `  API suite engines: PGlite (embedded) and PostgreSQL at ${shown} (${database.how})`
    : `  API suite engines: PGlite (embedded) only; PostgreSQL skipped: ${database.how}`,
);
console.log(`  test clock of the PGlite run: ${describeClock(instant)}${clockNote}`);
// Where the cores went: the machine's busy time over the run (everything on it), then what the
// steps' own count (their processes once ended; not Chromium's renderers nor a server that
// outlives its parent) and the PostgreSQL server's backends.
const stepsCpu = laneResults.flatMap((l) => l.done).reduce((n, d) => n + (d.cpu ?? 0), 0);
const parts = [
  GNU_TIME && `the steps' own ${Math.round(stepsCpu)} s`,
  serverAfter !== null && `the PostgreSQL server's ${Math.round(serverAfter - serverBefore)} s`,
].filter(Boolean);
if (machineBefore && machineAfter) {
  const busy = machineAfter.busy - machineBefore.busy;
  const all = busy + machineAfter.idle - machineBefore.idle;
  console.log(
    `  CPU: the machine ${Math.round(busy)} s busy of ${Math.round(all)} s (${Math.round((100 * busy) / all)} %)${parts.length ? `; of it ${parts.join(", ")}` : ""}`,
  );
}
// The Vitest runs' counts in one line (the fault test's line is its own, above).
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const d of laneResults.flatMap((l) => l.done)) {
  const r = readReport(d.report);
  if (!r) continue;
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
// CI shows only the end of the output: name each failed test there, with its error's first line.
for (const d of laneResults.flatMap((l) => l.done))
  for (const [file, title, message] of failures(d.report)) {
    console.log(`  failed: ${file} > ${title}`);
    if (message) console.log(`          ${message}`);
  }
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
