// The browser tests (npm run test:e2e, after the build): the two projects of e2e/vitest.config.ts
// in two Vitest processes side by side. The files on the run's shared server go one at a time in
// one; the files with a server (and database) of their own go one at a time in the other. A
// browser test waits on its pages most of the time (alone, the run used under a third of two
// cores), so two at once take little more than one. Arguments go to both runs; a JSON report asked
// for with --outputFile.json=FILE is the two runs' reports in one.
import { spawn } from "node:child_process";
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

/** One project's run; its output goes through line by line (Vitest names the project on each file's line). */
function run(project) {
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
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  readline.createInterface({ input: child.stdout }).on("line", (l) => process.stdout.write(`${l}\n`));
  readline.createInterface({ input: child.stderr }).on("line", (l) => process.stderr.write(`${l}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(PROJECTS.map(run));

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
