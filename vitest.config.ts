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
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.api.test.ts"],
          // Migrate and seed once per run; each file starts from a copy (PGlite dump or PG template).
          globalSetup: ["apps/api/src/test/global-setup.ts"],
          environment: "node",
          // Each file builds its own database; PGlite takes a couple of seconds to boot.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
