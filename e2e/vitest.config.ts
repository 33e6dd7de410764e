import { defineConfig } from "vitest/config";

/** Browser tests: real Chromium (Debian's) against the built app, started once for the run. */
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page on a loaded 2-core machine may take more than the default second to show what a
    // poll waits for; a poll that succeeds returns at once, so only failures wait this long.
    expect: { poll: { timeout: 10_000 } },
    // One browser per file is enough load for a 2-core machine.
    fileParallelism: false,
  },
});
