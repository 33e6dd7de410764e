import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import type { Clock } from "../lib/clock";
import { sendError } from "./errors";
import { invalidateOnWrites, PageCache } from "./page-cache";

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
interface ServerEntry {
  render(
    request: Request,
    options: {
      template: string;
      manifest: unknown;
      fetch: (url: URL, init: RequestInit) => Promise<Response>;
      origin: string;
    },
  ): Promise<
    | { kind: "page"; status: number; html: string; headers: Record<string, string>; unfilled?: string[] }
    | { kind: "redirect"; status: number; location: string; headers: Record<string, string> }
    /** index.html, with `status` when it is not 200 (a path of the browser's pages that no route has). */
    | { kind: "browser"; status?: number }
  >;
  /**
   * The key a rendered page is kept under (./page-cache.ts), null for a page never kept; a bundle
   * without it has none kept.
   */
  renderKey?(request: Request): string | null;
  /** The cookies a kept page may set (the same for every request of its key). */
  SHARED_COOKIES?: readonly string[];
}

type RenderResult = Awaited<ReturnType<ServerEntry["render"]>>;

/**
 * A render's answer as it is sent: its status and headers, the page's bytes, as they are and
 * compressed (once per render, kept with the page: a page is a few tens of KB of HTML, a quarter of
 * that compressed; a page that is not kept, only in the encoding its request takes), its ETag (a
 * 200's).
 */
interface RenderedPage {
  result: RenderResult;
  body: Buffer | null;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string | null;
}

/**
 * The statuses a page is kept with: a page, one that is not there (or no more), a moved one. A 404
 * is kept as any page, PAGE_LIFETIME_MS in this process's memory (a route added later comes with a
 * deploy, a new process); the not-found page of an address no route has is not kept at all (the
 * bundle's `renderKey` gives it none).
 */
const KEPT_STATUSES = new Set([200, 301, 308, 404, 410]);

/** The encodings a page is compressed in: both for a page kept (any request may take it), else the one asked. */
type Encodings = readonly ("br" | "gzip")[];
const BOTH_ENCODINGS: Encodings = ["br", "gzip"];

function renderedPage(result: RenderResult, encodings: Encodings): RenderedPage {
  if (result.kind !== "page") return { result, body: null, br: null, gzip: null, etag: null };
  const body = Buffer.from(result.html);
  const etag = result.status === 200 ? `W/"${createHash("sha1").update(body).digest("base64url")}"` : null;
  // Brotli at quality 5 and gzip at level 6: under a millisecond for a page, within a few percent
  // of their best ratio (the build's assets are compressed at their best ahead of time).
  const br = encodings.includes("br")
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : null;
  const gzip = encodings.includes("gzip") ? gzipSync(body, { level: 6 }) : null;
  // The page's text is kept once, as the bytes sent.
  return { result: { ...result, html: "" }, body, br, gzip, etag };
}

/** The encoding an Accept-Encoding header takes of brotli and gzip (a q of 0 refuses one), else none. */
function pageEncoding(header: string | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.get("*") || 0);
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for a GET). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** The server bundle beside the built app (apps/web/dist-server next to apps/web/dist), if built. */
async function loadServerEntry(app: FastifyInstance, distDir: string): Promise<ServerEntry | null> {
  const file = path.join(path.dirname(distDir), "dist-server", "entry-server.js");
  if (!fs.existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (err) {
    app.log.error({ err }, "The web app's server bundle did not load: every page renders in the browser");
    return null;
  }
}

/**
 * The web app's requests to the API during a server render: the same handlers, in this process
 * (Fastify's inject), from the visitor's address (the throttle counts them as the visitor's).
 */
function injectFetch(app: FastifyInstance, req: FastifyRequest) {
  return async (url: URL, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: `${url.pathname}${url.search}`,
      headers: { ...(init.headers as Record<string, string>), "user-agent": "parkwell-ssr" },
      remoteAddress: req.ip,
      ...(typeof init.body === "string" ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every other
 * GET that is not under /api (deep links such as /park/some-slug). An unknown /api path is a JSON
 * 404. A page the web app's routes render on the server (the bundle decides, when it is built:
 * the public pages, and the not-found page of an address no route has) is sent rendered, with its
 * status (404 for a park that does not exist, or an unknown address); should its render fail, the
 * page is index.html and the failure is logged. index.html goes with the status the bundle gives
 * a page of the browser's (404 for an address the back office does not have), else 200.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  /** The public origin (PUBLIC_URL): a rendered page's canonical and alternate addresses are on it. */
  publicUrl: string,
  /** The cache of rendered pages: the app's clock, and its bytes at most (PAGE_CACHE_MB; 0: none). */
  cacheOptions: { clock: Clock; maxBytes: number },
): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const built = fs.existsSync(indexFile);
  const template = built ? fs.readFileSync(indexFile, "utf8") : "";
  const entry = built ? await loadServerEntry(app, distDir) : null;
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  const manifest: unknown =
    entry && fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, "utf8")) : {};
  const sharedCookies = new Set(entry?.SHARED_COOKIES ?? []);
  const cache = new PageCache<RenderedPage>({
    clock: cacheOptions.clock,
    maxBytes: entry?.renderKey ? cacheOptions.maxBytes : 0,
    // The headers and the key beside the page's bytes.
    sizeOf: (page) => (page.body?.length ?? 0) + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 1024,
    keep: ({ result }) => {
      if (result.kind === "browser" || !KEPT_STATUSES.has(result.status)) return false;
      const cookies = result.headers["set-cookie"];
      if (cookies === undefined) return true;
      return [cookies].flat().every((cookie) => sharedCookies.has(cookie.split("=")[0]!.trim()));
    },
  });
  if (cache.enabled) invalidateOnWrites(app, cache);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is asked for again at each visit: a new version is found at once.
        const revalidated = filePath.endsWith(".html") || path.basename(filePath) === "sw.js";
        res.header(
          "cache-control",
          immutable
            ? "public, max-age=31536000, immutable"
            : revalidated
              ? "no-cache"
              : "public, max-age=3600",
        );
      },
    });
  }

  /**
   * The page rendered on the server (true), or the status the caller sends index.html with when it
   * is not: the bundle's for a page of the browser's, else 200 (no bundle, or a failed render).
   */
  async function sendRendered(req: FastifyRequest, reply: FastifyReply): Promise<true | number> {
    if (!entry) return 200;
    try {
      const headers = new Headers();
      for (const name of ["cookie", "accept-language"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(new URL(req.url, `${req.protocol}://${req.host}`), { headers });
      const encoding = pageEncoding(req.headers["accept-encoding"]);
      const render = async (encodings: Encodings) => {
        const rendered = await entry.render(request, {
          template,
          manifest,
          fetch: injectFetch(app, req),
          origin: publicUrl,
        });
        if (rendered.kind === "page" && rendered.unfilled?.length) {
          // Sent with a part still loading (once per render, not per page sent): its route's
          // loader misses these queries.
          req.log.warn(
            { url: req.url, queries: rendered.unfilled },
            "A rendered page read queries its loader did not fill",
          );
        }
        return renderedPage(rendered, encodings);
      };
      const key = cache.enabled ? keyOf(request) : null;
      const page =
        key === null
          ? await render(encoding ? [encoding] : [])
          : (await cache.get(key, () => render(BOTH_ENCODINGS))).value;
      const { result } = page;
      if (result.kind === "browser") return result.status ?? 200;
      if (result.kind === "page" && result.status >= 500) {
        req.log.error({ status: result.status, url: req.url }, "A server render failed: index.html sent");
        return 200;
      }
      reply.headers(result.headers).header("cache-control", "no-cache");
      if (result.kind === "redirect") {
        await reply.redirect(result.location, result.status);
        return true;
      }
      if (page.etag) {
        reply.header("etag", page.etag);
        if (notModified(req.headers["if-none-match"], page.etag)) {
          await reply.code(304).send();
          return true;
        }
      }
      reply.code(result.status).type("text/html; charset=utf-8");
      reply.header("vary", [result.headers.vary, "accept-encoding"].filter(Boolean).join(", "));
      const encoded = encoding && page[encoding];
      if (encoding && encoded) await reply.header("content-encoding", encoding).send(encoded);
      else await reply.send(page.body);
      return true;
    } catch (err) {
      req.log.error({ err, url: req.url }, "A server render failed: index.html sent");
      return 200;
    }
  }

  /** The key a page is kept under, or null (not kept) when the request has none (a malformed cookie). */
  function keyOf(request: Request): string | null {
    try {
      return entry?.renderKey?.(request) ?? null;
    } catch {
      return null;
    }
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    // A missing build file (an old chunk after a deploy) is a real 404, so the app's retry sees it at once.
    const isAsset = pathname.startsWith("/assets/");
    if (!isApi && !isAsset && built && (req.method === "GET" || req.method === "HEAD")) {
      const sent = await sendRendered(req, reply);
      if (sent === true) return reply;
      return reply.code(sent).header("cache-control", "no-cache").sendFile("index.html");
    }
    const message =
      isApi || built
        ? `No route for ${req.method} ${pathname}`
        : "The web app is not built: run npm run build";
    return sendError(req, reply, AppError.notFound(message));
  });
}
