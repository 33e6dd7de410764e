// npm run typecheck: every TypeScript project of the repository checked by TypeScript 7, the native
// compiler (the `typescript-native` package), one project after the other on one thread each.
// TypeScript 6 (`typescript`) stays for the tools that use the compiler's JavaScript API
// (typescript-eslint, a few tests); both read the same tsconfig files. Decision 050 has the why and
// the figures. Every project is checked even when one fails, and the failing ones are named last.
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const TSC = path.join(ROOT, "node_modules/typescript-native/bin/tsc");
const PROJECTS = [".", "packages/contract", "apps/api", "apps/web", "apps/web/sw", "e2e", "bench"];

const failed = PROJECTS.filter((project) => {
  const r = spawnSync(process.execPath, [TSC, "-p", project, "--noEmit", "--singleThreaded"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  return r.status !== 0;
});
if (failed.length > 0) {
  console.error(`\nType errors in: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`Types: ${PROJECTS.length} projects checked, no errors.`);
