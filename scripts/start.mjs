// npm start: build what is missing or older than its sources, then run the one server process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

const root = path.resolve(import.meta.dirname, "..");

function newest(dir) {
  let latest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
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
  return sources.some((s) => newest(path.join(root, s)) > built);
}

function run(args) {
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(path.join(root, "apps/api/dist/server.js"), ["apps/api/src", "packages/contract/src"])) {
  run(["run", "build", "-w", "@parkwell/api"]);
}
if (
  stale(path.join(root, "apps/web/dist/index.html"), [
    "apps/web/src",
    "apps/web/public",
    "packages/contract/src",
  ])
) {
  run(["run", "build", "-w", "@parkwell/web"]);
}

const server = spawnSync(
  process.execPath,
  ["--enable-source-maps", ...SERVER_NODE_FLAGS, path.join(root, "apps/api/dist/server.js")],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(server.status ?? 0);
