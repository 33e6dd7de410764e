import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The files that start a server of their own and never use the run's shared one (`baseURL`): their
 * data is theirs alone, so npm run test:e2e runs them beside the files on the shared server, in a
 * Vitest process of their own (scripts/test-e2e.mjs). Within each project, one file at a time.
 */
function ownServerFiles(): string[] {
  return fs.globSync("*.e2e.ts", { cwd: import.meta.dirname }).filter((file) => {
    const text = fs.readFileSync(path.join(import.meta.dirname, file), "utf8");
    return text.includes("startServer(") && !text.includes("baseURL");
  });
}
const ownServer = ownServerFiles();

/** What both projects share. */
const common = {
  root: import.meta.dirname,
  // A whole journey's budget holds at half the machine's usual speed (this shared 2-core machine's
  // speed swings by up to 2x within a day; at its slowest, two marketplace journeys that take 25 to
  // 30 s ran past 60 s beside the other lanes). A hang still fails, only later.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A page on a loaded 2-core machine may take more than the default second to show what a
  // poll waits for; a poll that succeeds returns at once, so only failures wait this long.
  expect: { poll: { timeout: 10_000 } },
  // One browser per file, one file at a time in each project: two browsers (the projects side by
  // side) are enough load for a 2-core machine.
  fileParallelism: false,
} as const;

/** Browser tests: real Chromium (Debian's) against the built app, started once for the run. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    globalSetup: ["./support/global-setup.ts"],
    projects: [
      {
        test: {
          ...common,
          name: "e2e",
          include: ["**/*.e2e.ts"],
          exclude: ["**/node_modules/**", ...ownServer],
        },
      },
      { test: { ...common, name: "e2e-own-server", include: ownServer } },
    ],
  },
});
