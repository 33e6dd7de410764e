// npm run bench:web: builds the app, measures the home route's initial JavaScript (gzip) from the
// Vite manifest, then starts the built server and runs Lighthouse on the home page in Debian's
// Chromium when Lighthouse is installed. A benchmark, not a test: it reports, it does not fail.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { SERVER_NODE_FLAGS } from "./server-flags.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = path.join(ROOT, "apps/web/dist");
const BUDGET_KB = 170;
const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) execSync("npm run build", { cwd: ROOT, stdio: "inherit" });

const manifest = JSON.parse(fs.readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8"));

/** A chunk and everything it imports statically: what the browser must fetch before it runs. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

// The home route: the entry, the home page's lazy chunk, and the two catalogues it always loads.
const roots = [
  "index.html",
  "src/features/home/home-page.tsx",
  "src/locales/en/common.json",
  "src/locales/en/home.json",
];
const chunks = new Set();
for (const r of roots) for (const k of closure(r)) chunks.add(k);
const rows = [...chunks].map((k) => {
  const file = manifest[k].file;
  const gz = gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
  return { file, gzipKB: +(gz / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
const total = rows.reduce((s, r) => s + r.gzipKB, 0);
console.log("\nHome route, initial JavaScript (gzip level 9):");
for (const r of rows) console.log(`  ${r.gzipKB.toFixed(1).padStart(7)} KB  ${r.file}`);
console.log(
  `  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB: ${total < BUDGET_KB ? "within" : "OVER"})`,
);

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function lighthouseScores() {
  let lighthouse;
  let launcher;
  try {
    lighthouse = (await import("lighthouse")).default;
    launcher = await import("chrome-launcher");
  } catch {
    console.log("\nLighthouse is not installed: skipped.");
    return;
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-bench-"));
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "apps/api/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const chrome = await launcher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      for (const [label, settings] of [
        ["mobile", {}],
        [
          "desktop",
          {
            formFactor: "desktop",
            screenEmulation: {
              mobile: false,
              width: 1350,
              height: 940,
              deviceScaleFactor: 1,
              disabled: false,
            },
            throttlingMethod: "simulate",
          },
        ],
      ]) {
        const result = await lighthouse(
          url + "/",
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
          },
          { extends: "lighthouse:default", settings },
        );
        const c = result.lhr.categories;
        const a = result.lhr.audits;
        console.log(
          `\nLighthouse ${result.lhr.lighthouseVersion}, home, ${label}: performance ${Math.round(c.performance.score * 100)}, accessibility ${Math.round(c.accessibility.score * 100)}` +
            ` (FCP ${a["first-contentful-paint"].displayValue}, LCP ${a["largest-contentful-paint"].displayValue}, TBT ${a["total-blocking-time"].displayValue}, CLS ${a["cumulative-layout-shift"].displayValue})`,
        );
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await lighthouseScores();
