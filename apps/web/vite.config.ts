import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
 * `vite build` builds the browser's app into dist/; `vite build --ssr` (npm run build) builds the
 * server's rendering (src/entry-server.tsx) into dist-server/, which the API imports at start.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
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
