// The browser tests (npm run test:e2e, after the build): the two projects of e2e/vitest.config.ts
// in two Vitest processes side by side. The files on the run's shared server go one at a time in
// one; the files with a server (and database) of their own go one at a time in the other. A
// browser test waits on its pages most of the time (alone, the run used under a third of two
// cores), so two at once take little more than one. Arguments go to both runs; a JSON report asked
// for with --outputFile.json=FILE is the two runs' reports in one.
//
// The servers' templates (e2e/support/templates.ts: a migrated and seeded PGlite directory and
// PostgreSQL database) are made once here, before the two runs, and handed to both
// (E2E_TEMPLATES); the run of the files with a server of their own starts no shared server
// (E2E_SHARED_SERVER=no). Each run's global setup made its own before: six server starts, now three.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

const ROOT = path.resolve(import.meta.dirname, "..");
const PROJECTS = ["e2e", "e2e-own-server"];
const JSON_OUT = "--outputFile.json=";

const args = process.argv.slice(2);
const reportFile = args.find((a) => a.startsWith(JSON_OUT))?.slice(JSON_OUT.length);
const passed = args.filter((a) => !a.startsWith(JSON_OUT));
const reportOf = (project) => `${reportFile}.${project}.json`;

const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const TEMPLATES_CLI = path.join(ROOT, "e2e/support/templates-cli.ts");

/** Runs the templates' command line (create or drop); its last line of output is its answer. */
function templatesCli(...cliArgs) {
  const r = spawnSync(process.execPath, [TSX, TEMPLATES_CLI, ...cliArgs], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) {
    console.error(
      `The browser tests' templates could not be ${cliArgs[0] === "create" ? "made" : "dropped"}.`,
    );
    process.exit(r.status ?? 1);
  }
  return r.stdout.trim().split("\n").at(-1) ?? "";
}

/** One project's run; its output goes through line by line (Vitest names the project on each file's line). */
function run(project, templates) {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/vitest/vitest.mjs"),
      "run",
      "--config",
      "e2e/vitest.config.ts",
      "--project",
      project,
      ...passed,
      ...(reportFile ? [`${JSON_OUT}${reportOf(project)}`] : []),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        E2E_TEMPLATES: templates,
        ...(project === "e2e-own-server" ? { E2E_SHARED_SERVER: "no" } : {}),
      },
    },
  );
  readline.createInterface({ input: child.stdout }).on("line", (l) => process.stdout.write(`${l}\n`));
  readline.createInterface({ input: child.stderr }).on("line", (l) => process.stderr.write(`${l}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const templates = templatesCli("create");
const codes = await Promise.all(PROJECTS.map((project) => run(project, templates)));
templatesCli("drop", templates);

if (reportFile) {
  const reports = PROJECTS.map((p) => {
    try {
      return JSON.parse(fs.readFileSync(reportOf(p), "utf8"));
    } catch {
      return null;
    }
  }).filter(Boolean);
  const sum = (key) => reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  const merged = {
    ...reports[0],
    numTotalTestSuites: sum("numTotalTestSuites"),
    numPassedTestSuites: sum("numPassedTestSuites"),
    numFailedTestSuites: sum("numFailedTestSuites"),
    numPendingTestSuites: sum("numPendingTestSuites"),
    numTotalTests: sum("numTotalTests"),
    numPassedTests: sum("numPassedTests"),
    numFailedTests: sum("numFailedTests"),
    numPendingTests: sum("numPendingTests"),
    numTodoTests: sum("numTodoTests"),
    startTime: Math.min(...reports.map((r) => r.startTime)),
    success: reports.length === PROJECTS.length && reports.every((r) => r.success),
    testResults: reports.flatMap((r) => r.testResults),
  };
  fs.writeFileSync(reportFile, JSON.stringify(merged));
  for (const p of PROJECTS) fs.rmSync(reportOf(p), { force: true });
}

process.exit(codes.find((c) => c !== 0) ?? 0);
