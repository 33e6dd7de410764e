/**
 * Personal documents (a driver's papers, a means of identification, scans staff send back): kept
 * privately, never at a public URL, and read only through the API with a short-lived signed link
 * (docs/decisions/032-private-files.md).
 *
 * - Storage: a folder under DATA_DIR/private that no route serves (the public uploads live in
 *   DATA_DIR/uploads, lib/file-storage.ts), or a private S3-compatible bucket (S3_PRIVATE_BUCKET),
 *   with no public URL at all.
 * - What a file is: read from its bytes, never its name or the type the browser claims
 *   (`checkDocument`, lib/document-check.ts): a JPEG, a PNG or a PDF whose structure holds
 *   together, at most 10 MB.
 * - Links: `signFileLink` names the file, who it was issued to and when it expires, signed with
 *   HMAC-SHA256; `verifyFileLink` gives the file back only for that caller before that time.
 * - Retention: a feature's job removes its files with `purgeExpiredFiles`, telling it which of
 *   its requests were completed before `retentionCutoff` (90 days).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Permission } from "@parkwell/contract";
import type { DocumentType } from "./document-check";

// What a document is: its checks live in document-check.ts; its names are part of this module's.
export * from "./document-check";

// ---------------------------------------------------------------------------------------------
// Where documents are kept

const EXTENSION: Record<DocumentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};
const TYPE_OF_EXTENSION: Record<string, DocumentType> = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/** A private file's bytes and type, as stored. */
export interface PrivateFile {
  body: Buffer;
  contentType: DocumentType;
}

export interface PrivateFileStorage {
  readonly kind: "local" | "s3";
  /** Stores the file under `key` (from `newPrivateFileKey`); the key's extension must fit the type. */
  put(key: string, body: Buffer, contentType: DocumentType): Promise<void>;
  /** The file, or null when there is none under that key (never stored, or removed). */
  get(key: string): Promise<PrivateFile | null>;
  /** Removes the file; a key with no file is not an error (a purge may run twice). */
  remove(key: string): Promise<void>;
}

/** `folder/.../<32 hex>.<jpg|png|pdf>`: lower-case letters, digits, `-`, `_` and `/`, no `..`. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|pdf)$/;
const FOLDER = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;
const KEY_MAX = 200;

export function isPrivateFileKey(key: string): boolean {
  return key.length <= KEY_MAX && KEY.test(key);
}

function checkKey(key: string): string {
  if (!isPrivateFileKey(key)) throw new Error(`Bad private file key ${JSON.stringify(key)}`);
  return key;
}

function typeOfKey(key: string): DocumentType {
  return TYPE_OF_EXTENSION[key.slice(key.lastIndexOf(".") + 1)]!;
}

function checkPut(key: string, contentType: DocumentType): string {
  checkKey(key);
  if (typeOfKey(key) !== contentType) throw new Error(`Key ${key} does not fit type ${contentType}`);
  return key;
}

/**
 * A new random key in `folder` ("vehicle-docs/42"), with the extension of the type the bytes were
 * sniffed as: nothing of the uploader's file name is kept in it.
 */
export function newPrivateFileKey(folder: string, type: DocumentType): string {
  if (!FOLDER.test(folder)) throw new Error(`Bad private file folder ${JSON.stringify(folder)}`);
  return checkKey(`${folder}/${randomBytes(16).toString("hex")}.${EXTENSION[type]}`);
}

/**
 * Files under `dir` (DATA_DIR/private), readable by this process's user only. No route serves the
 * folder: its files leave only through the signed link's route.
 */
export function localPrivateFileStorage(dir: string): PrivateFileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: "local",
    async put(key, body, contentType) {
      const file = path.join(root, checkPut(key, contentType));
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.part`;
      await fs.writeFile(partial, body, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return { body: await fs.readFile(fileOf(key)), contentType: typeOfKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

export interface PrivateS3Options {
  /** A bucket with every public access blocked: never the public uploads' bucket. */
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** Objects of a private S3-compatible bucket, read by the API only (no public URL, no CDN). */
export function s3PrivateFileStorage(o: PrivateS3Options): PrivateFileStorage {
  const client = new S3Client({
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
  });
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: checkPut(key, contentType),
          Body: body,
          ContentType: contentType,
          CacheControl: "private, no-store",
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: checkKey(key) }));
        if (!object.Body) return null;
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: typeOfKey(key) };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: checkKey(key) }));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Signed links

/** How long a signed link works: long enough to open it, short enough that a copied link is dead. */
export const FILE_LINK_TTL_MS = 5 * 60_000;

/** The route the links point at (plugins/private-files.ts). */
export const FILE_LINK_PATH = "/api/v1/files";

/** Who a link is for: the document's owner, or a staff member who was allowed to see it. */
export const ownerAudience = (userId: string) => `user:${userId}`;
export const staffAudience = (userId: string) => `staff:${userId}`;

export interface FileLinkClaims {
  /** The file's storage key. */
  key: string;
  /** `user:<id>` or `staff:<id>`: the one caller the link serves. */
  audience: string;
  /** When the link stops working. */
  expiresAt: Date;
  /** The name the download is saved as (letters, digits, `.`, `-`, `_`); else the key's last part. */
  filename?: string | undefined;
  /**
   * A staff link's permission (`vehicle_docs.view`): the one it was issued under, checked again
   * each time the link is used, so a withdrawn permission ends the link at once. Owner links have none.
   */
  permission?: Permission | undefined;
}

const isStaffAudience = (audience: string) => audience.startsWith("staff:");

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
/** A key of its own, derived from the signing secret, so a file link is never a valid QR code or grant. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("parkwell-private-file-link").digest();
const AUDIENCE = /^(user|staff):[0-9a-zA-Z-]{1,64}$/;
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const PERMISSION = /^[a-z_]{1,40}\.[a-z_]{1,40}$/;
/** The longest token `verifyFileLink` reads. */
export const FILE_LINK_TOKEN_MAX = 1024;

/**
 * `<base64url(json of key, audience, expiry, filename, permission)>.<base64url(HMAC-SHA256 of that
 * part)>`: whatever of them is changed, the signature no longer matches. A staff link names the
 * permission it was issued under (required), an owner link none.
 */
export function signFileLink(
  key: string,
  audience: string,
  expiresAt: Date,
  secret: string,
  filename?: string,
  permission?: Permission,
): string {
  checkKey(key);
  if (!AUDIENCE.test(audience)) throw new Error(`Bad file link audience ${JSON.stringify(audience)}`);
  if (filename !== undefined && !FILENAME.test(filename))
    throw new Error(`Bad file name ${JSON.stringify(filename)}`);
  if (
    isStaffAudience(audience) !== (permission !== undefined) ||
    (permission && !PERMISSION.test(permission))
  )
    throw new Error(`A staff link names its permission, an owner link none (${audience}, ${permission})`);
  const body = b64(
    JSON.stringify({
      k: key,
      a: audience,
      x: expiresAt.getTime(),
      ...(filename ? { n: filename } : {}),
      ...(permission ? { p: permission } : {}),
    }),
  );
  return `${body}.${b64(createHmac("sha256", keyOf(secret)).update(body).digest())}`;
}

/**
 * The link's claims when its signature is right, it has not expired at `now`, and it was issued to
 * one of `audiences`; null otherwise (the caller answers 404 whatever the reason).
 */
export function verifyFileLink(
  token: string,
  audiences: readonly string[],
  now: Date,
  secret: string,
): FileLinkClaims | null {
  if (token.length > FILE_LINK_TOKEN_MAX) return null;
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  // Compared as text: the one canonical spelling of the signature, no other base64 of the same bytes.
  const expected = Buffer.from(b64(createHmac("sha256", keyOf(secret)).update(body).digest()));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claim: { k?: unknown; a?: unknown; x?: unknown; n?: unknown; p?: unknown };
  try {
    claim = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof claim;
  } catch {
    return null;
  }
  const { k, a, x, n, p } = claim;
  if (typeof k !== "string" || !isPrivateFileKey(k)) return null;
  if (typeof a !== "string" || !audiences.includes(a)) return null;
  if (typeof x !== "number" || !(x > now.getTime())) return null;
  if (n !== undefined && (typeof n !== "string" || !FILENAME.test(n))) return null;
  if (isStaffAudience(a) ? typeof p !== "string" || !PERMISSION.test(p) : p !== undefined) return null;
  return {
    key: k,
    audience: a,
    expiresAt: new Date(x),
    filename: n,
    ...(p ? { permission: p as Permission } : {}),
  };
}

/**
 * What a feature answers for a document its caller may see: the link (under /api/v1, fetched with
 * the caller's bearer token) and when it stops working. Issue it after checking the caller owns
 * the document (`ownerAudience`) or holds the staff permission (`staffAudience`, with that
 * permission: the link's route checks it again each time the link is used).
 */
export function issueFileLink(
  key: string,
  audience: string,
  now: Date,
  secret: string,
  filename?: string,
  permission?: Permission,
): { url: string; expires_at: string } {
  const expiresAt = new Date(now.getTime() + FILE_LINK_TTL_MS);
  const token = signFileLink(key, audience, expiresAt, secret, filename, permission);
  return { url: `${FILE_LINK_PATH}?token=${token}`, expires_at: expiresAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Retention

/** Personal documents are deleted this many days after what they were uploaded for is completed. */
export const PRIVATE_FILE_RETENTION_DAYS = 90;

/** Files of a request completed at or before this instant are due for deletion at `now`. */
export function retentionCutoff(now: Date, days = PRIVATE_FILE_RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** What a feature tells the purge about its files (its own table: the storage has none). */
export interface ExpiredFiles {
  /**
   * Up to `limit` keys of files whose request was completed at or before `cutoff` and that are
   * not purged yet, oldest first.
   */
  due(cutoff: Date, limit: number): Promise<string[]>;
  /** Clears these keys from the feature's rows (their files are already removed). */
  purged(keys: string[]): Promise<void>;
}

/**
 * The retention job's work, for a feature's daily job: batch after batch, removes the files of
 * requests completed `days` (90) or more ago at the clock's time, then clears their keys. A file
 * removed but not cleared (a crash between the two) is removed again next time, harmlessly.
 * Answers how many files it removed.
 */
export async function purgeExpiredFiles(
  storage: PrivateFileStorage,
  clock: () => Date,
  files: ExpiredFiles,
  { batch = 100, days = PRIVATE_FILE_RETENTION_DAYS } = {},
): Promise<number> {
  const cutoff = retentionCutoff(clock(), days);
  const seen = new Set<string>();
  let removed = 0;
  for (;;) {
    const keys = (await files.due(cutoff, batch)).filter((k) => !seen.has(k));
    if (keys.length === 0) return removed;
    removed += await removePrivateFiles(storage, keys);
    await files.purged(keys);
    for (const k of keys) seen.add(k);
  }
}

/**
 * Removes each file (a missing one is no error, so a purge that stopped half-way can run again)
 * and answers how many keys it went through. The caller clears its own rows' keys afterwards, in
 * its own transaction.
 */
export async function removePrivateFiles(
  storage: PrivateFileStorage,
  keys: readonly string[],
): Promise<number> {
  for (const key of keys) await storage.remove(key);
  return keys.length;
}
