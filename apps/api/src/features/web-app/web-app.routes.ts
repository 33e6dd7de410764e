import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MANIFEST_PATH, webAppManifest } from "./web-app.domain";

/** The manifest's own media type (W3C Web Application Manifest, section "Media type registration"). */
const MANIFEST_TYPE = "application/manifest+json; charset=utf-8";

/**
 * The web app's manifest at the site's root (decision 043), in the language `?lang=` names
 * (English without it). Not an API route: left out of the OpenAPI document, registered before the
 * web app's fallback. An hour in caches: a browser checks an installed app's manifest about daily.
 */
export function webAppRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      MANIFEST_PATH,
      { schema: { hide: true, querystring: z.object({ lang: z.enum(["en", "fr"]).optional() }) } },
      async (req, reply) =>
        reply
          .header("content-type", MANIFEST_TYPE)
          .header("cache-control", "public, max-age=3600")
          .send(JSON.stringify(webAppManifest(req.query.lang ?? "en"))),
    );
  };
}
