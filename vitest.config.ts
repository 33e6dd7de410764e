import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/**/src/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "**/*.api.test.ts"],
          environment: "node",
          // Vitest takes one worker less than the cores by default: one on this 2-core machine.
          maxWorkers: 2,
          // npm test runs these beside the browser tests: a CPU-bound property test that takes 3 s
          // on a quiet machine took over Vitest's default 5 s there. A timeout catches a hang.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.api.test.ts"],
          // Migrate and seed once per run; each file starts from a copy (PGlite dump or PG template).
          globalSetup: ["apps/api/src/test/global-setup.ts"],
          environment: "node",
          // Each file builds its own database and app, so files need no fresh module graph: one
          // import of the app per worker instead of one per file (170 s of a 680 s run), and two
          // workers on two cores, since PGlite runs in its worker's thread (bench/results/history.md).
          isolate: false,
          maxWorkers: 2,
          // PGlite takes a couple of seconds to boot.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
