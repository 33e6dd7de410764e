// Bundles the API (and the contract it imports) into dist/; npm packages stay external.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

await build({
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
});
