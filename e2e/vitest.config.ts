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
    // One browser per file is enough load for a 2-core machine.
    fileParallelism: false,
  },
});
