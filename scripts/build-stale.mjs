// Builds the API and the web app when their output is missing or older than their sources:
// `npm start` and `npm run start:cluster` run what was last built, never a stale bundle.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

function newest(dir) {
  let latest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "dist-server") continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, fs.statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return latest;
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newest(path.join(ROOT, s)) > built);
}

function run(args) {
  const result = spawnSync("npm", args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** What the web app's two builds (the browser's and the server render's) are made from. */
const WEB_SOURCES = ["apps/web/src", "apps/web/public", "packages/contract/src"];

/**
 * Builds what is stale (npm run build -w ...), or exits with the build's status when it fails;
 * `web: false` for a run of the API alone (the fault test serves no web app).
 */
export function buildStale({ web = true } = {}) {
  if (stale(path.join(ROOT, "apps/api/dist/server.js"), ["apps/api/src", "packages/contract/src"])) {
    run(["run", "build", "-w", "@parkwell/api"]);
  }
  if (
    web &&
    (stale(path.join(ROOT, "apps/web/dist-server/entry-server.js"), WEB_SOURCES) ||
      stale(path.join(ROOT, "apps/web/dist/index.html"), WEB_SOURCES))
  ) {
    run(["run", "build", "-w", "@parkwell/web"]);
  }
}
