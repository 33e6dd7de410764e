import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = "dist";
  let ssr = false;
  return {
    name: "parkwell-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server bundle (dist-server) is read from disk by the API, never sent.
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * What the service worker keeps at install (decision 064): the app shell and what a driver's pass
 * pages need at a barrier with no signal, not the whole app (a driver on prepaid data pays for every
 * byte): these modules with the code and styles they import, and these catalogues in both
 * languages. The rest is kept as it is first used.
 */
const OFFLINE_MODULES = [
  "index.html",
  // My bookings, a booking's page, a monthly pass's page, and /offline.
  "src/features/bookings/routes.ts",
  "src/features/passes/pass-routes.ts",
  "src/features/install/offline-page.tsx",
  // The worker's registration and the new version's offer, loaded once the first page shows.
  "src/lib/service-worker.ts",
  // The QR code's drawing, loaded by the pages that show one.
  "../../node_modules/qrcode/lib/browser.js",
];
const OFFLINE_NAMESPACES = [
  "common",
  "bookings",
  "passes",
  "plans",
  "events",
  "claims",
  "reviews",
  "receipts",
  "install",
];

interface ViteManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built files OFFLINE_MODULES and OFFLINE_NAMESPACES need, read from the build's manifest. */
function offlineFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ViteManifestEntry
  >;
  const files = new Set<string>(["index.html", "favicon.svg"]);
  const seen = new Set<string>();
  const walk = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`vite.config.ts: ${key} is not in the build (OFFLINE_MODULES)`);
    if (seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) walk(imported);
  };
  for (const key of OFFLINE_MODULES) walk(key);
  for (const language of ["en", "fr"]) {
    for (const ns of OFFLINE_NAMESPACES) walk(`../../packages/contract/locales/${language}/${ns}.json`);
  }
  return files;
}

/** The service worker (sw/sw.ts), Workbox's precache list injected; the manifest is the API's (decision 043). */
function serviceWorker(): Plugin[] {
  const outDir = path.resolve(import.meta.dirname, "dist");
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "sw",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // A classic script: every browser that has service workers runs one (not all run modules).
      rollupFormat: "iife",
      globPatterns: ["**/*.{js,css,html,svg}"],
      // Hashed names need no revision: a change is a new name.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [
        async (entries) => {
          const wanted = offlineFiles(outDir);
          return { manifest: entries.filter((entry) => wanted.has(entry.url)), warnings: [] };
        },
      ],
    },
  });
}

/**
 * `vite build` builds the browser's app into dist/; `vite build --ssr` (npm run build) builds the
 * server's rendering (src/entry-server.tsx) into dist-server/, which the API imports at start.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress(), ...(isSsrBuild ? [] : serviceWorker())],
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname, "src") },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: true,
    // The bench script reads it to sum the home route's initial JavaScript.
    manifest: !isSsrBuild,
    ...(isSsrBuild
      ? {
          outDir: "dist-server",
          copyPublicDir: false,
          // The server imports every catalogue up front (src/ssr/i18n-server.ts): the browser's
          // lazy imports of them being bundled in is the point, not a warning.
          rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
        }
      : {}),
  },
  ...(isSsrBuild
    ? {
        // The server bundle carries its libraries, React's production build among them: the API
        // process's NODE_ENV says whether it is a deployment (demo mode, required secrets), not
        // which React renders its pages, and React's development build renders at half the speed.
        ssr: { noExternal: true },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      }
    : {}),
  server: {
    port: 5173,
    // The API serves the manifest too (docs/decisions/043-installable-app.md).
    proxy: { "/api": "http://localhost:3000", "/manifest.webmanifest": "http://localhost:3000" },
  },
}));
