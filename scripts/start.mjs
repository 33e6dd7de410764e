// npm start: build what is missing or older than its sources, then run the one server process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildStale, ROOT } from "./build-stale.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

buildStale();
const server = spawnSync(
  process.execPath,
  ["--enable-source-maps", ...SERVER_NODE_FLAGS, path.join(ROOT, "apps/api/dist/server.js")],
  {
    cwd: ROOT,
    stdio: "inherit",
  },
);
process.exit(server.status ?? 0);
