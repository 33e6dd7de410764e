/**
 * Where uploaded files (park photos) live: a folder under DATA_DIR served by the API itself
 * (the default), or an S3-compatible bucket when S3_BUCKET is set. Both store a file under a key
 * ("parks/12/3f2a....webp") and give the URL a browser loads it from; keys are random, so a file
 * never changes once written and is cached for a year.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores the file and returns its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes the file behind a URL this storage gave; a URL it did not give is left alone. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_URL_PREFIX = "/api/v1/uploads/";
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png)$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Bad storage key ${key}`);
  return key;
}

/** Files under `dir` (DATA_DIR/uploads), served at /api/v1/uploads/ by the API. */
export function localFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  return {
    kind: "local",
    async put(key, body) {
      const file = path.join(root, checkKey(key));
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.part`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
      return UPLOADS_URL_PREFIX + key;
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      if (!KEY.test(key) || key.includes("..")) return;
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** The URL the bucket's objects are read from (a CDN, or the endpoint and bucket). */
  publicUrl: string;
  forcePathStyle: boolean;
}

/** Objects of an S3-compatible bucket (AWS S3, MinIO, R2...), public-read through `publicUrl`. */
export function s3FileStorage(o: S3Options): FileStorage {
  const client = new S3Client({
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
  });
  const base = o.publicUrl.replace(/\/+$/, "") + "/";
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
      return base + key;
    },
    async remove(url) {
      if (!url.startsWith(base)) return;
      const key = url.slice(base.length);
      if (!KEY.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
