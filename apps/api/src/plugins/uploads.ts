import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import {
  IMMUTABLE_CACHE,
  localFileStorage,
  s3FileStorage,
  UPLOADS_URL_PREFIX,
  type FileStorage,
} from "../lib/file-storage";

/** The storage uploads go to: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function fileStorageOf(config: Config): FileStorage {
  if (!config.S3_BUCKET) return localFileStorage(path.join(config.DATA_DIR, "uploads"));
  return s3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT!.replace(/\/+$/, "")}/${config.S3_BUCKET}`,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/**
 * Serves DATA_DIR/uploads at /api/v1/uploads/ when files are stored locally: a year's cache (keys
 * are random, a file never changes), the type from the extension the server itself chose, and
 * `nosniff` so a browser never second-guesses it. No listing, no dot files, no `..`; a missing file
 * is the API's JSON 404.
 */
export async function registerUploads(app: FastifyInstance, config: Config, storage: FileStorage) {
  if (storage.kind !== "local") return;
  const root = path.resolve(config.DATA_DIR, "uploads");
  fs.mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    // A path that climbs out of the folder (`..`, however escaped) is the API's 404, like any file
    // that is not there (the static plugin alone answers some of them 403): DATA_DIR/private,
    // beside this folder, is never reachable from here, nor is its existence told.
    scope.addHook("onRequest", async (req, reply) => {
      if (CLIMBS.test(decoded(req.url.split("?")[0]!))) {
        reply.callNotFound();
        return reply;
      }
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      wildcard: true,
      index: false,
      list: false,
      dotfiles: "deny",
      etag: true,
      setHeaders(res) {
        res.header("cache-control", IMMUTABLE_CACHE);
        res.header("x-content-type-options", "nosniff");
        res.header("cross-origin-resource-policy", "same-site");
      },
    });
  });
}

const CLIMBS = /(^|[\\/])\.\.([\\/]|$)/;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
