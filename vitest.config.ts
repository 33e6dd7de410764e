import fs from "node:fs";
import { defineConfig } from "vitest/config";

const UNIT_TESTS = [
  "packages/**/*.test.ts",
  "apps/**/src/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
const NOT_UNIT = ["**/node_modules/**", "**/*.api.test.ts"];

/**
 * The unit test files that need a module graph of their own: the component tests (a file opts
 * into the DOM emulation with `// @vitest-environment happy-dom` at its top; React's
 * and i18next's state and the document live in modules and globals) and the server render's
 * (apps/web/src/ssr/), which takes over the web app's API client. The others share one import
 * of what they test per worker: 136 s of isolated imports became 44 s (bench/results/history.md).
 */
function isolatedUnitTests(): string[] {
  return fs
    .globSync(UNIT_TESTS, { cwd: import.meta.dirname })
    .filter((file) => !file.includes("node_modules") && !file.endsWith(".api.test.ts"))
    .filter(
      (file) =>
        file.startsWith("apps/web/src/ssr/") ||
        fs
          .readFileSync(`${import.meta.dirname}/${file}`, "utf8")
          .slice(0, 500)
          .includes("@vitest-environment happy-dom"),
    );
}
const isolated = isolatedUnitTests();

/** What both unit projects share. */
const unit = {
  environment: "node",
  // Vitest takes one worker less than the cores by default: one on this 2-core machine.
  maxWorkers: 2,
  // npm test runs these beside the browser tests: a CPU-bound property test that takes 3 s
  // on a quiet machine took over Vitest's default 5 s there. A timeout catches a hang.
  testTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unit,
          name: "unit",
          include: UNIT_TESTS,
          exclude: [...NOT_UNIT, ...isolated],
          isolate: false,
        },
      },
      {
        test: { ...unit, name: "unit-isolated", include: isolated },
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
          // PGlite takes a couple of seconds to boot. A month's settlement or a mailed inquiry took
          // over 30 s in a CI run on a machine at half its usual speed (2026-12-02); a hang still fails.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
