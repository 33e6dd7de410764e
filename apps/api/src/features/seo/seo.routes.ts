import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { robotsTxt } from "./seo.paths";
import { PAGES_PER_FILE, SITEMAP_BATCH, sitemapFile, sitemapIndex, type SitemapDeps } from "./seo.service";

export interface SeoDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Pages per sitemap file and rows per keyset read: the defaults, which tests lower. */
  sitemap?: { pagesPerFile?: number; batch?: number } | undefined;
}

/** Search engines read these for an hour before asking again. */
const CACHE_CONTROL = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

/**
 * What search engines read at the site's root (decision 036): /robots.txt, the sitemap index
 * /sitemap.xml and its files /sitemaps/{kind}-{n}.xml. Not API routes: left out of the OpenAPI
 * document. Registered before the web app's fallback, which answers other GETs with index.html.
 */
export function seoRoutes(deps: SeoDeps): FastifyPluginAsyncZod {
  const sitemapDeps = (): SitemapDeps => ({
    db: deps.db,
    now: deps.clock(),
    publicUrl: deps.publicUrl,
    pagesPerFile: deps.sitemap?.pagesPerFile ?? PAGES_PER_FILE,
    batch: deps.sitemap?.batch ?? SITEMAP_BATCH,
  });
  return async (app) => {
    const robots = robotsTxt(deps.publicUrl);
    app.get("/robots.txt", { schema: { hide: true } }, async (_req, reply) =>
      reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", CACHE_CONTROL)
        .send(robots),
    );

    app.get("/sitemap.xml", { schema: { hide: true } }, async (_req, reply) => {
      const body = await sitemapIndex(sitemapDeps());
      return reply.header("content-type", XML).header("cache-control", CACHE_CONTROL).send(body);
    });

    app.get(
      "/sitemaps/:file",
      { schema: { hide: true, params: z.object({ file: z.string() }) } },
      async (req, reply) => {
        const chunks = await sitemapFile(sitemapDeps(), req.params.file);
        // The app's answer to an address it does not serve (plugins/spa.ts).
        if (!chunks) throw AppError.notFound(`No route for ${req.method} ${req.url.split("?")[0]}`);
        // Readable.from pulls the next batch only when the socket has taken the last one.
        const body = Readable.from(chunks, { objectMode: false, highWaterMark: 64 * 1024 });
        return reply.header("content-type", XML).header("cache-control", CACHE_CONTROL).send(body);
      },
    );
  };
}
