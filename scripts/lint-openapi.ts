// npm run lint:openapi: builds the app in process on an empty embedded database, writes the OpenAPI
// document it serves to a temporary folder and lints it with Redocly (redocly.yaml at the root).
// Any error or warning fails the run: client generators read this document as it is.
// `npm run lint:openapi -- --generate-ignore-file` writes .redocly.lint-ignore.yaml afresh.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openApiDocument } from "./openapi-document";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIG = "redocly.yaml";
const IGNORE_FILE = ".redocly.lint-ignore.yaml";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-openapi-"));
try {
  fs.writeFileSync(
    path.join(dir, "openapi.json"),
    `${JSON.stringify(await openApiDocument(dir), null, 2)}\n`,
  );
  // Redocly reads the ignore file next to its configuration and names the documents in it relative
  // to that folder: both are copied next to the document, so the committed ignore file names it
  // `openapi.json` wherever the repository and the temporary folder are.
  for (const name of [CONFIG, IGNORE_FILE]) {
    if (fs.existsSync(path.join(ROOT, name))) fs.copyFileSync(path.join(ROOT, name), path.join(dir, name));
  }
  const args = process.argv.slice(2);
  const result = spawnSync(
    "npx",
    ["redocly", "lint", path.join(dir, "openapi.json"), "--config", path.join(dir, CONFIG), ...args],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  if (args.includes("--generate-ignore-file") && result.status === 0) {
    fs.copyFileSync(path.join(dir, IGNORE_FILE), path.join(ROOT, IGNORE_FILE));
  }
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
