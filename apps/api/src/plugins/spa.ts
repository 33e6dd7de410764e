import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { sendError } from "./errors";

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every other
 * GET that is not under /api (deep links such as /park/some-slug). An unknown /api path is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const html = filePath.endsWith(".html");
        res.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : html ? "no-cache" : "public, max-age=3600",
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    // A missing build file (an old chunk after a deploy) is a real 404, so the app's retry sees it at once.
    const isAsset = pathname.startsWith("/assets/");
    if (!isApi && !isAsset && built && (req.method === "GET" || req.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    const message =
      isApi || built
        ? `No route for ${req.method} ${pathname}`
        : "The web app is not built: run npm run build";
    return sendError(req, reply, AppError.notFound(message));
  });
}
