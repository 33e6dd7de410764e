// Bundles the API (and the contract it imports) into dist/; npm packages stay external. Each file
// is written beside its place and renamed into it, so a process that starts during a build (the
// fault test restarts one while the browser tests build) reads the old bundle or the new, never
// half of one.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

const { outputFiles } = await build({
  entryPoints: { server: "src/server.ts", "seed-cli": "src/seed-cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  sourcemap: true,
  packages: "external",
  // The contract is TypeScript source in the workspace: bundle it rather than import it at run time.
  alias: { "@parkwell/contract": "../../packages/contract/src/index.ts" },
  define: { __PARKWELL_VERSION__: JSON.stringify(version) },
  logLevel: "warning",
  write: false,
});
for (const file of outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(`${file.path}.${process.pid}.tmp`, file.contents);
  renameSync(`${file.path}.${process.pid}.tmp`, file.path);
}
