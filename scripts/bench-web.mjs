// npm run bench:web: builds the app and a baseline (another git ref: unless told, the last commit
// before the public pages were rendered on the server), reports each page's initial JavaScript
// (gzip, from the Vite manifests), then serves both builds from the built API and runs Lighthouse
// in Debian's Chromium on home (a first visit and a returning one), /parks-list, a seeded park's
// page, a seeded public event's page and a seeded blog post (returning: a country stored), mobile and desktop presets,
// performance, accessibility and SEO, alternating baseline and change, and writes the medians to
// bench/results/web.md. A benchmark, not a test: it reports, it does not fail.
//
// The baseline is built with Vite alone (no server bundle), so the API serves it as index.html for
// every page, rendered in the browser, as the baseline's own server did.
//
//   --no-build            use the built apps as they are (the baseline is still built if missing)
//   BENCH_WEB_RUNS=3      Lighthouse runs per page, preset and build
//   BENCH_WEB_BASE=ref    the git ref measured as the baseline; "none" measures the change alone
//   BENCH_WEB_OUT=...     where the report goes (bench/results/web.md)
//   BENCH_WEB_KEEP=dir    also keep every Lighthouse report (JSON) there, for its trace-based audits
//   BENCH_WEB_PAGES=a,b   measure only these pages (home-first, home, parks-list, park, event, post)
//   CHROME_PATH=...       the Chromium Lighthouse drives (/usr/bin/chromium, else Debian's headless shell)
import { execFileSync, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { SERVER_NODE_FLAGS } from "./server-flags.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUDGET_KB = 170;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/**
 * The main line's last commit before the public pages were rendered on the server (issue #48: the
 * merge that brought apps/web/src/entry-server.tsx is dc6434a4; this is its first parent). Every
 * page of it renders in the browser, with its titles, descriptions, canonical and alternates.
 */
const BEFORE_SERVER_RENDERING = "3f05f9bb";
const BASE_REF = process.env.BENCH_WEB_BASE ?? BEFORE_SERVER_RENDERING;
const OUT = path.resolve(ROOT, process.env.BENCH_WEB_OUT ?? "bench/results/web.md");
const KEEP = process.env.BENCH_WEB_KEEP;
const skipBuild = process.argv.includes("--no-build");
if (KEEP) fs.mkdirSync(KEEP, { recursive: true });

const git = (...args) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---- Builds -------------------------------------------------------------------------------------

if (!skipBuild) execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
const change = {
  name: "change",
  label: `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? " (uncommitted edits)" : ""}`,
  dist: path.join(ROOT, "apps/web/dist"),
};

/**
 * The baseline's web app, built from `git archive` of the ref in a temporary directory whose
 * node_modules links to this tree's packages (its own contract package, so its schemas are its own).
 */
function buildBaseline(ref) {
  const sha = git("rev-parse", ref);
  const dir = path.join(os.tmpdir(), `parkwell-bench-web-${sha.slice(0, 12)}`);
  const dist = path.join(dir, "apps/web/dist");
  const rendersOnServer = fs.existsSync(path.join(dir, "apps/web/src/entry-server.tsx"));
  const built =
    fs.existsSync(path.join(dist, ".vite/manifest.json")) &&
    (!rendersOnServer || fs.existsSync(path.join(dir, "apps/web/dist-server/entry-server.js")));
  if (built) return { dist, sha };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execSync(
    `git archive ${sha} apps/web packages/contract package.json tsconfig.base.json | tar -x -C ${dir}`,
    {
      cwd: ROOT,
    },
  );
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(path.join(modules, "@parkwell"), { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    if (name !== "@parkwell") fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(modules, name));
  }
  fs.symlinkSync(path.join(dir, "packages/contract"), path.join(modules, "@parkwell/contract"));
  if (fs.existsSync(path.join(ROOT, "apps/web/node_modules"))) {
    fs.symlinkSync(path.join(ROOT, "apps/web/node_modules"), path.join(dir, "apps/web/node_modules"));
  }
  const vite = (...args) =>
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", ...args], {
      cwd: path.join(dir, "apps/web"),
      stdio: "inherit",
    });
  vite("--logLevel", "warn");
  // A ref that renders pages on the server is measured so (its bundle beside its dist, as the
  // change's): the API serves each build as its own tree would.
  if (fs.existsSync(path.join(dir, "apps/web/src/entry-server.tsx"))) {
    vite("--ssr", "src/entry-server.tsx", "--logLevel", "warn");
  }
  return { dist, sha };
}

const builds = [];
if (BASE_REF !== "none") {
  const { dist, sha } = buildBaseline(BASE_REF);
  builds.push({ name: "baseline", label: `${BASE_REF} ${sha.slice(0, 7)}`, dist });
}
builds.push(change);

// ---- Initial JavaScript -------------------------------------------------------------------------

const HOME_ROOTS = [
  "index.html",
  "src/features/home/home-page.tsx",
  "../../packages/contract/locales/en/common.json",
  "../../packages/contract/locales/en/home.json",
];
/**
 * Each page's first chunks: the entry, the page's lazy chunk, the catalogues it loads at once. A
 * page is measured as a returning visitor's (Nigeria stored as the chosen country), except
 * "home-first": a first visit, no stored country, so the country picker opens over the page.
 */
const ALL_PAGES = [
  { id: "home-first", firstVisit: true, roots: HOME_ROOTS },
  {
    id: "home",
    roots: HOME_ROOTS,
  },
  {
    id: "parks-list",
    roots: [
      "index.html",
      "src/features/parks/pages/parks-list-page.tsx",
      "../../packages/contract/locales/en/common.json",
      "../../packages/contract/locales/en/parks.json",
    ],
  },
  {
    id: "park",
    roots: [
      "index.html",
      "src/features/parks/pages/park-page.tsx",
      "../../packages/contract/locales/en/common.json",
      "../../packages/contract/locales/en/parks.json",
    ],
  },
  {
    id: "event",
    roots: [
      "index.html",
      "src/features/events/pages/event-page.tsx",
      "../../packages/contract/locales/en/common.json",
      "../../packages/contract/locales/en/events.json",
    ],
  },
  {
    id: "post",
    roots: [
      "index.html",
      "src/features/blog/pages/post-page.tsx",
      "../../packages/contract/locales/en/common.json",
      "../../packages/contract/locales/en/blog.json",
    ],
  },
];
/** BENCH_WEB_PAGES=park,event measures only those pages (an A/B of a change that concerns them). */
const PAGES = process.env.BENCH_WEB_PAGES
  ? ALL_PAGES.filter((p) => process.env.BENCH_WEB_PAGES.split(",").includes(p.id))
  : ALL_PAGES;

/**
 * The issue's targets (#48): on mobile, performance 95+; on desktop, performance 99+; on both,
 * accessibility 100 and SEO 100.
 */
const TARGETS = {
  mobile: { performance: 95, accessibility: 100, seo: 100 },
  desktop: { performance: 99, accessibility: 100, seo: 100 },
};

/** Gzip KB of the JavaScript a page fetches before it runs: its roots and their static imports. */
function initialJs(dist, roots) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  // A baseline built before the catalogues moved to packages/contract (decision 042) names them src/locales.
  const root = (r) => (manifest[r] ? r : r.replace("../../packages/contract/locales/", "src/locales/"));
  for (const r of roots) walk(root(r));
  const rows = [...seen]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({
      file,
      kb: gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024,
    }))
    .sort((a, b) => b.kb - a.kb);
  return {
    rows,
    total: rows.reduce((s, r) => s + r.kb, 0),
    entry: rows.find((r) => r.file === manifest["index.html"].file)?.kb ?? 0,
  };
}

const js = {};
for (const b of builds) {
  js[b.name] = {};
  for (const p of PAGES) js[b.name][p.id] = initialJs(b.dist, p.roots);
  const home = js[b.name].home;
  if (!home) continue;
  console.log(`\n${b.name} (${b.label}), home route's initial JavaScript (gzip level 9):`);
  for (const r of home.rows) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.file}`);
  console.log(
    `  ${home.total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB: ${home.total < BUDGET_KB ? "within" : "OVER"})`,
  );
}

// ---- Lighthouse ---------------------------------------------------------------------------------

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The built API serving one build's web app, on its own port with its own fresh data. */
async function startServer(build) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-bench-"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "apps/api/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: build.dist,
      // The served origin is the public one, as in production: a rendered page's canonical and
      // alternates are on the address Lighthouse opens (its canonical and hreflang audits compare them).
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  // A fresh data directory is seeded first: minutes on a loaded machine.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i === 1500) throw new Error(`The server for ${build.name} did not start in 5 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a returning visitor's browser holds: the country the picker stored (lib/country.ts). */
const STORED_COUNTRY = JSON.stringify({ code: "NG", name: "Nigeria", id: 1 });
/** A first visit clears the origin's local storage too, besides what Lighthouse clears by default. */
const FIRST_VISIT_CLEARS = [
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
  "local_storage",
];

const PRESETS = {
  mobile: { extends: "lighthouse:default" },
  // Lighthouse's own desktop preset: desktop screen and throttling (40 ms, 10 Mbit/s, no CPU slowdown).
  desktop: null,
};

function summarize(lhr) {
  const a = lhr.audits;
  const lcpItems = a["largest-contentful-paint-element"]?.details?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((lcpItems[1]?.items ?? []).map((i) => [i.phase, Math.round(i.timing)]));
  const work = (a["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => [
    i.groupLabel,
    Math.round(i.duration),
  ]);
  const failingIn = (category) =>
    lhr.categories[category].auditRefs
      .filter((r) => r.weight > 0 && a[r.id].score !== null && a[r.id].score < 1)
      .map((r) => r.id);
  /** An opportunity's files, each with what Lighthouse says it costs: time (ms) or bytes (KB). */
  const opportunity = (id, cost) =>
    (a[id]?.details?.items ?? [])
      .filter((i) => i.url)
      .map(
        (i) =>
          `${i.url.replace(/^https?:\/\/[^/]+/, "")} ${cost === "ms" ? `${Math.round(i.wastedMs ?? 0)} ms` : `${Math.round((i.wastedBytes ?? 0) / 1024)} KB`}`,
      );
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcp: a["first-contentful-paint"].numericValue,
    lcp: a["largest-contentful-paint"].numericValue,
    tbt: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue ?? 0,
    si: a["speed-index"].numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ""} (${lcpNode.selector ?? ""})` : "",
    phases,
    work,
    failing: failingIn("accessibility"),
    seoFailing: failingIn("seo"),
    renderBlocking: opportunity("render-blocking-resources", "ms"),
    unusedJs: opportunity("unused-javascript", "KB"),
  };
}

async function lighthouseRuns() {
  let lighthouse;
  let puppeteer;
  let launcher;
  let desktopConfig;
  try {
    lighthouse = (await import("lighthouse")).default;
    puppeteer = (await import("puppeteer-core")).default;
    launcher = await import("chrome-launcher");
    desktopConfig = (await import("lighthouse/core/config/desktop-config.js")).default;
  } catch {
    console.log("\nLighthouse is not installed: skipped.");
    return null;
  }
  PRESETS.desktop = desktopConfig;
  const servers = {};
  let chrome;
  // Stopped early (Ctrl-C): the servers and the browser go too; the report has the rounds done.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      for (const s of Object.values(servers)) s.stop();
      chrome?.kill();
      process.exit(130);
    });
  }
  for (const b of builds) servers[b.name] = await startServer(b);
  const results = [];
  try {
    // A seeded park, linked the way the app links to parks (/park/{slug}).
    const first = builds[0].name;
    const list = await (
      await fetch(`${servers[first].url}/api/v1/parks/front/parks/?country=NG&size=1`)
    ).json();
    const slug = list.items[0].slug;
    // A seeded public event that has not ended on the server's clock: the first of the upcoming
    // public events the list shows (the seed's dates roll forward at each start).
    const events = await (await fetch(`${servers[first].url}/api/v1/events?country=NG&size=1`)).json();
    const code = events.items[0].event_code;
    // The newest published post (the blog's first page), by its slug as the blog links it.
    const posts = await (await fetch(`${servers[first].url}/api/v1/blog/posts?size=1`)).json();
    const post = posts.items[0].slug;
    const urls = {
      "home-first": "/",
      home: "/",
      "parks-list": "/parks-list",
      park: `/park/${slug}`,
      event: `/event/${code}`,
      post: `/post/${post}`,
    };
    chrome = await launcher.launch({
      chromePath:
        process.env.CHROME_PATH ??
        (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : "/usr/bin/chromium-headless-shell"),
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser;
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    /** A returning visitor: Nigeria stored as the chosen country, as the country picker stores it. */
    const storeCountry = async (origin) => {
      const tab = await browser.newPage();
      await tab.goto(`${origin}/api/health`);
      await tab.evaluate((country) => localStorage.setItem("selectedCountry", country), STORED_COUNTRY);
      await tab.close();
    };
    try {
      for (let run = 0; run < RUNS; run++) {
        for (const page of PAGES) {
          for (const preset of Object.keys(PRESETS)) {
            // Alternate which build goes first, so a drift of the machine's speed hits both alike.
            const order = run % 2 ? [...builds].reverse() : builds;
            for (const b of order) {
              const url = servers[b.name].url + urls[page.id];
              // Lighthouse keeps local storage unless told (its default clears caches, not it).
              if (!page.firstVisit) await storeCountry(servers[b.name].url);
              const config = page.firstVisit
                ? {
                    ...PRESETS[preset],
                    settings: { ...PRESETS[preset].settings, clearStorageTypes: FIRST_VISIT_CLEARS },
                  }
                : PRESETS[preset];
              const audit = async () =>
                (
                  await lighthouse(
                    url,
                    {
                      port: chrome.port,
                      output: "json",
                      logLevel: "error",
                      onlyCategories: ["performance", "accessibility", "seo"],
                    },
                    config,
                  )
                ).lhr;
              // A run Lighthouse could not score (its trace missed the navigation) is tried once more.
              let lhr = await audit();
              if (lhr.runtimeError || lhr.categories.performance.score === null) lhr = await audit();
              if (KEEP)
                fs.writeFileSync(
                  path.join(KEEP, `${page.id}-${preset}-${b.name}-${run + 1}.json`),
                  JSON.stringify(lhr),
                );
              if (lhr.runtimeError || lhr.categories.performance.score === null) {
                console.log(
                  `run ${run + 1}/${RUNS} ${page.id} ${preset} ${b.name}: no score (${lhr.runtimeError?.code ?? "?"})`,
                );
                continue;
              }
              const s = summarize(lhr);
              results.push({ run, page: page.id, preset, build: b.name, load: os.loadavg()[0], ...s });
              console.log(
                `run ${run + 1}/${RUNS} ${page.id.padEnd(10)} ${preset.padEnd(7)} ${b.name.padEnd(8)} perf ${s.performance} a11y ${s.accessibility} seo ${s.seo}` +
                  ` FCP ${Math.round(s.fcp)} LCP ${Math.round(s.lcp)} TBT ${Math.round(s.tbt)} CLS ${s.cls.toFixed(3)} (load ${loadavg()})` +
                  (s.failing.length ? ` a11y fails: ${s.failing.join(", ")}` : "") +
                  (s.seoFailing.length ? ` seo fails: ${s.seoFailing.join(", ")}` : ""),
              );
            }
          }
        }
        // Each completed round is written, so a run cut short still leaves its report.
        fs.writeFileSync(OUT, report({ results, urls, version, rounds: run + 1 }));
        execFileSync(
          process.execPath,
          [path.join(ROOT, "node_modules/prettier/bin/prettier.cjs"), "--write", OUT],
          {
            stdio: "ignore",
          },
        );
        console.log(`Wrote ${path.relative(ROOT, OUT)} (${run + 1} of ${RUNS} rounds)`);
      }
    } finally {
      await browser.disconnect();
      await chrome.kill();
    }
  } finally {
    for (const s of Object.values(servers)) s.stop();
  }
}

// ---- Report -------------------------------------------------------------------------------------

const startedAt = new Date();
const loadBefore = loadavg();
await lighthouseRuns();

function report({ results, urls, version, rounds }) {
  const loadAfter = loadavg();
  const ms = (x) => `${(x / 1000).toFixed(2)} s`;
  const lines = [
    "# Web: Lighthouse and initial JavaScript",
    "",
    `Written by \`npm run bench:web\` (method in [../README.md](../README.md#web-npm-run-benchweb)) on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC,`,
    `${os.cpus().length} cores, load average ${loadBefore} before and ${loadAfter} after; ${version}, Lighthouse`,
    `${JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")).version}; ${rounds} runs per page, preset and build, alternating; medians.`,
    `Builds: ${builds.map((b) => `**${b.name}** ${b.label}`).join(", ")}. Pages: ${Object.entries(urls)
      .map(([k, u]) => `${k} \`${u}\``)
      .join(", ")}.`,
    "",
    "## Initial JavaScript (gzip level 9)",
    "",
    `| page | ${builds.map((b) => `${b.name} total (entry chunk)`).join(" | ")} |`,
    `| --- | ${builds.map(() => "---:").join(" | ")} |`,
    ...PAGES.filter((p) => !p.firstVisit).map(
      (p) =>
        `| ${p.id} | ${builds.map((b) => `${js[b.name][p.id].total.toFixed(1)} KB (${js[b.name][p.id].entry.toFixed(1)} KB)`).join(" | ")} |`,
    ),
    "",
    `Budget for home: ${BUDGET_KB} KB.`,
    "",
    "## Lighthouse medians",
    "",
    "| page | preset | build | performance | accessibility | SEO | FCP | LCP | TBT | CLS | Speed Index | performance per run | CPU benchmark index |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  const groups = [];
  for (const p of PAGES) {
    for (const preset of Object.keys(PRESETS)) {
      for (const b of builds) {
        const rs = results.filter((r) => r.page === p.id && r.preset === preset && r.build === b.name);
        const m = (k) => median(rs.map((r) => r[k]));
        groups.push({
          page: p.id,
          preset,
          build: b.name,
          rs,
          perf: m("performance"),
          a11y: m("accessibility"),
          seo: m("seo"),
        });
        lines.push(
          `| ${p.id} | ${preset} | ${b.name} | ${m("performance")} | ${m("accessibility")} | ${m("seo")} | ${ms(m("fcp"))} | ${ms(m("lcp"))} | ${Math.round(m("tbt"))} ms | ${m("cls").toFixed(3)} | ${ms(m("si"))} | ${rs.map((r) => r.performance).join(", ")} | ${Math.round(m("benchmarkIndex"))} |`,
        );
      }
    }
  }
  lines.push(
    "",
    `## Targets (mobile: performance ${TARGETS.mobile.performance}+; desktop: performance ${TARGETS.desktop.performance}+; both: accessibility ${TARGETS.mobile.accessibility}, SEO ${TARGETS.mobile.seo})`,
    "",
  );
  for (const g of groups.filter((g) => g.build === "change" && g.rs.length > 0)) {
    const t = TARGETS[g.preset];
    const ok = g.perf >= t.performance && g.a11y >= t.accessibility && g.seo >= t.seo;
    lines.push(
      `- ${g.page}, ${g.preset}: performance ${g.perf}, accessibility ${g.a11y}, SEO ${g.seo}: ${ok ? "met" : "**missed**"}`,
    );
  }
  lines.push(
    "",
    "## Diagnostics (the change's median run of each page and preset)",
    "",
    "The largest contentful paint's element and phases (ms), and the main thread's work by kind",
    "(ms; on mobile, the observed times times Lighthouse's simulated 4x CPU slowdown). A CPU benchmark",
    "index (taken as each run starts) well under about 1,000, or seconds of script evaluation with",
    "no CPU slowdown (desktop) for a 107 KB entry, say the machine, not the code, stretched the work.",
    "Render-blocking resources (the time each would save) and unused JavaScript (the bytes each",
    "wastes) are Lighthouse's opportunities; failing audits are those with a weight in their category.",
    "",
  );
  for (const g of groups.filter((g) => g.build === "change" && g.rs.length > 0)) {
    const byPerf = [...g.rs].sort((a, b) => a.performance - b.performance);
    const r = byPerf[byPerf.length >> 1];
    lines.push(
      `- **${g.page}, ${g.preset}** (performance ${r.performance}, load ${r.load.toFixed(2)}, benchmark index ${Math.round(r.benchmarkIndex)}): LCP element ${r.lcpElement || "none"}` +
        `; phases ${
          Object.entries(r.phases)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ") || "none"
        }` +
        `; main thread ${r.work.map(([k, v]) => `${k} ${v}`).join(", ")}` +
        (r.renderBlocking.length ? `; render-blocking ${r.renderBlocking.join(", ")}` : "") +
        (r.unusedJs.length ? `; unused JavaScript ${r.unusedJs.join(", ")}` : "") +
        (r.failing.length ? `; accessibility fails: ${r.failing.join(", ")}` : "") +
        (r.seoFailing.length ? `; SEO fails: ${r.seoFailing.join(", ")}` : ""),
    );
  }
  lines.push("");
  return lines.join("\n");
}
