/**
 * Personal documents (a driver's papers, a means of identification, scans staff send back): kept
 * privately, never at a public URL, and read only through the API with a short-lived signed link
 * (docs/decisions/032-private-files.md).
 *
 * - Storage: a folder under DATA_DIR/private that no route serves (the public uploads live in
 *   DATA_DIR/uploads, lib/file-storage.ts), or a private S3-compatible bucket (S3_PRIVATE_BUCKET),
 *   with no public URL at all.
 * - What a file is: read from its bytes, never its name or the type the browser claims
 *   (`checkDocument`): a JPEG, a PNG or a PDF whose structure holds together, at most 10 MB.
 * - Links: `signFileLink` names the file, who it was issued to and when it expires, signed with
 *   HMAC-SHA256; `verifyFileLink` gives the file back only for that caller before that time.
 * - Retention: a feature's job removes its files with `purgeExpiredFiles`, telling it which of
 *   its requests were completed before `retentionCutoff` (90 days).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Permission } from "@parkwell/contract";

// ---------------------------------------------------------------------------------------------
// What a document is

export type DocumentType = "image/jpeg" | "image/png" | "application/pdf";

/** The largest document accepted: 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The refusals, in English; their French is in lib/messages/files.ts. */
export const DOCUMENT_TYPE_REFUSED = "Upload a JPEG, PNG or PDF file (a photo or a scan of the document)";
export const DOCUMENT_TOO_LARGE = "The file is larger than 10 MB";
export const DOCUMENT_MISSING = "Choose a file to upload";
export const DOCUMENT_ACTIVE_CONTENT =
  "This PDF contains scripts or automatic actions: upload a plain PDF, a scan or a photo of the document";
export const DOCUMENT_TRAILING_DATA =
  "This image carries data after its end: save it as a plain JPEG or PNG and upload it again";

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

/**
 * Why a file is refused: not a document at all (or a broken one), a PDF that acts on its own
 * (JavaScript, an action on opening, additional actions, a launch), or an image carrying data
 * after its end.
 */
export type DocumentRefusal = "empty" | "too_large" | "not_a_document" | "active_content" | "trailing_data";

export type DocumentCheck = { ok: true; type: DocumentType } | { ok: false; reason: DocumentRefusal };

/**
 * What a document really is, from its bytes: its signature and a check of its structure, so a
 * renamed text file, a truncated image, a file with a borrowed header, HTML under a PDF's header,
 * a PDF that runs scripts or an image hiding something after its end is refused.
 */
export function checkDocument(bytes: Uint8Array): DocumentCheck {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > DOCUMENT_MAX_BYTES) return { ok: false, reason: "too_large" };
  const image = jpegEnd(bytes) ?? pngEnd(bytes);
  if (image) {
    if (image.end !== bytes.length) return { ok: false, reason: "trailing_data" };
    return { ok: true, type: image.type };
  }
  const pdf = checkPdf(bytes);
  if (pdf === "ok") return { ok: true, type: "application/pdf" };
  return { ok: false, reason: pdf };
}

/**
 * A stored document's type by its signature alone, to serve it: every file was read whole when it
 * was stored (`checkDocument`), so a download parses nothing again (a 10 MB PDF's objects), and a
 * file stored under an earlier, looser check (a phone's motion photo) still opens. Null for bytes
 * that are no document's.
 */
export function storedDocumentType(b: Uint8Array): DocumentType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return "image/png";
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 16)).toString("latin1");
  return /^%PDF-[12]\.\d/.test(head) ? "application/pdf" : null;
}

interface ImageEnd {
  type: DocumentType;
  /** Where the image's last byte ends: the byte after the EOI or after IEND's CRC. */
  end: number;
}

/**
 * JPEG: SOI, then a chain of marker segments whose lengths add up, with a frame header (SOFn)
 * before the first start of scan; each scan's entropy-coded data runs to the next marker (a 0xFF
 * not followed by a stuffed 0x00, a restart marker or a fill byte), and the EOI ends the image.
 * Null when it is not a whole JPEG; else where its EOI ends.
 */
function jpegEnd(b: Uint8Array): ImageEnd | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  let frame = false;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return null;
    let marker = b[i + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && i + 2 < b.length) {
      i += 1;
      marker = b[i + 1]!;
    }
    if (marker === 0xd9) return frame ? { type: "image/jpeg", end: i + 2 } : null;
    if (marker === 0xd8 || marker === 0x00 || marker === 0xff) return null;
    // Markers without a length: RSTn and TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return null;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      frame = true;
    }
    i += 2 + length;
    if (marker === 0xda) {
      if (!frame) return null;
      // The entropy-coded data: up to a 0xFF that starts a marker other than RSTn.
      while (i + 1 < b.length) {
        if (b[i] === 0xff) {
          const next = b[i + 1]!;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
          i += next === 0xff ? 1 : 2;
        } else i += 1;
      }
      if (i + 1 >= b.length) return null;
    }
  }
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * PNG: the signature, IHDR first (13 bytes, a non-zero size), then chunks whose lengths add up to
 * IEND after at least one IDAT. Null when it is not a whole PNG; else where IEND ends.
 */
function pngEnd(b: Uint8Array): ImageEnd | null {
  if (b.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const typeAt = (at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
  if (view.getUint32(8) !== 13 || typeAt(12) !== "IHDR") return null;
  if (view.getUint32(16) === 0 || view.getUint32(20) === 0) return null;
  let i = 8;
  let data = false;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = typeAt(i + 4);
    if (!/^[A-Za-z]{4}$/.test(type) || i + 12 + length > b.length) return null;
    if (type === "IDAT") data = true;
    if (type === "IEND") return data && length === 0 ? { type: "image/png", end: i + 12 } : null;
    i += 12 + length;
  }
  return null;
}

/**
 * Names that make a PDF act on its own when it is opened or used: scripts, the action run on
 * opening, additional actions (on a page, a field, the document), launching a program.
 */
const ACTIVE_NAMES = new Set(["JS", "JavaScript", "OpenAction", "AA", "Launch"]);

/** The keywords a PDF's file structure and objects are made of (content streams are not read). */
const PDF_KEYWORDS = new Set([
  "obj",
  "endobj",
  "stream",
  "endstream",
  "R",
  "xref",
  "trailer",
  "startxref",
  "true",
  "false",
  "null",
  "f",
  "n",
]);
const PDF_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const PDF_INTEGER = /^\d+$/;
/** What an object stream may hold decompressed: no more than this, or the PDF is refused. */
const OBJECT_STREAM_MAX_BYTES = 4 * DOCUMENT_MAX_BYTES;

const isPdfSpace = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isPdfDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

class PdfRefused extends Error {
  constructor(readonly reason: "not_a_document" | "active_content") {
    super(reason);
  }
}

/** What the lexer met at the file's top level: enough to tell a PDF's structure is there. */
interface PdfShape {
  objects: number;
  endobjs: number;
  xrefTable: boolean;
  xrefStream: boolean;
  /** Whether the last %%EOF follows `startxref` and its offset. */
  startxref: boolean;
  /** Where the last %%EOF comment ends. */
  eofEnd: number;
}

/**
 * Reads a PDF's tokens (comments, strings, hex strings, names, numbers, keywords, dictionaries,
 * arrays), skipping each stream's data by its /Length, and refuses what no PDF holds (a word that
 * is no keyword, a hex string of other characters: HTML, say), an active name (`ACTIVE_NAMES`,
 * also when spelled with #xx escapes) and an object stream it cannot read. Object streams are
 * decompressed and read the same way, since objects (a catalog with its actions) may live there.
 * `top` is false inside an object stream, where streams and the file's keywords cannot appear.
 */
function lexPdf(b: Uint8Array, top: boolean, budget: { left: number }): PdfShape {
  const shape: PdfShape = {
    objects: 0,
    endobjs: 0,
    xrefTable: false,
    xrefStream: false,
    startxref: false,
    eofEnd: -1,
  };
  const text = (from: number, to: number) =>
    Buffer.from(b.buffer, b.byteOffset + from, to - from).toString("latin1");
  /** The current object's top-level dictionary entries, for its stream's /Length, /Type, /Filter. */
  let entries: Record<string, string> = {};
  let depth = 0;
  let arrays = 0;
  let pendingKey: string | null = null;
  /** The last tokens met, to tell `N G obj` and `startxref N`. */
  const last: string[] = [];
  const push = (token: string) => {
    last.push(token);
    if (last.length > 3) last.shift();
    if (depth === 1 && arrays === 0) {
      if (pendingKey !== null) {
        entries[pendingKey] = token;
        pendingKey = null;
      } else if (token.startsWith("/")) pendingKey = token.slice(1);
    }
  };
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (isPdfSpace(c)) {
      i += 1;
      continue;
    }
    if (c === 0x25 /* % */) {
      const start = i;
      while (i < b.length && b[i] !== 10 && b[i] !== 13) i += 1;
      if (top && text(start, i).startsWith("%%EOF")) {
        shape.eofEnd = i;
        shape.startxref = last.at(-2) === "startxref" && PDF_INTEGER.test(last.at(-1) ?? "");
      }
      continue;
    }
    if (c === 0x28 /* ( */) {
      let nesting = 1;
      i += 1;
      while (i < b.length && nesting > 0) {
        if (b[i] === 0x5c /* \ */) i += 2;
        else {
          if (b[i] === 0x28) nesting += 1;
          else if (b[i] === 0x29) nesting -= 1;
          i += 1;
        }
      }
      if (nesting > 0) throw new PdfRefused("not_a_document");
      push("(string)");
      continue;
    }
    if (c === 0x3c /* < */) {
      if (b[i + 1] === 0x3c) {
        depth += 1;
        if (depth === 1 && last.at(-1) === "obj") entries = {};
        pendingKey = null;
        i += 2;
        continue;
      }
      i += 1;
      while (i < b.length && b[i] !== 0x3e) {
        if (!isHex(b[i]!) && !isPdfSpace(b[i]!)) throw new PdfRefused("not_a_document");
        i += 1;
      }
      if (i >= b.length) throw new PdfRefused("not_a_document");
      i += 1;
      push("<hex>");
      continue;
    }
    if (c === 0x3e /* > */) {
      if (b[i + 1] !== 0x3e || depth === 0) throw new PdfRefused("not_a_document");
      depth -= 1;
      if (depth === 0) pendingKey = null;
      i += 2;
      push(">>");
      continue;
    }
    if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      // An array as a value: "[" stands for it in the object's entries.
      i += 1;
      if (c === 0x5b) {
        push("[");
        arrays += 1;
      } else if (c === 0x5d) arrays = Math.max(0, arrays - 1);
      continue;
    }
    if (c === 0x29) throw new PdfRefused("not_a_document");
    // A name or a word: regular characters up to a space or a delimiter.
    const start = c === 0x2f ? i + 1 : i;
    i = start;
    while (i < b.length && !isPdfSpace(b[i]!) && !isPdfDelimiter(b[i]!)) i += 1;
    const raw = text(start, i);
    if (c === 0x2f) {
      if (/#(?![0-9A-Fa-f]{2})/.test(raw)) throw new PdfRefused("not_a_document");
      const name = raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      if (ACTIVE_NAMES.has(name)) throw new PdfRefused("active_content");
      push(`/${name}`);
      continue;
    }
    if (PDF_NUMBER.test(raw)) {
      push(raw);
      continue;
    }
    if (!PDF_KEYWORDS.has(raw)) throw new PdfRefused("not_a_document");
    if (!top && raw !== "R" && raw !== "true" && raw !== "false" && raw !== "null") {
      throw new PdfRefused("not_a_document");
    }
    if (raw === "obj") {
      if (!PDF_INTEGER.test(last.at(-1) ?? "") || !PDF_INTEGER.test(last.at(-2) ?? "")) {
        throw new PdfRefused("not_a_document");
      }
      shape.objects += 1;
      entries = {};
      depth = 0;
      arrays = 0;
    } else if (raw === "endobj") {
      if (depth !== 0) throw new PdfRefused("not_a_document");
      shape.endobjs += 1;
    } else if (raw === "xref") shape.xrefTable = true;
    else if (raw === "stream") {
      if (last.at(-1) !== ">>" || depth !== 0) throw new PdfRefused("not_a_document");
      i = skipStream(b, i, entries, shape, budget);
      push("endstream");
      continue;
    }
    push(raw);
  }
  if (depth !== 0) throw new PdfRefused("not_a_document");
  return shape;
}

/**
 * Skips a stream's data from just after its `stream` keyword, by its direct /Length when that ends
 * at `endstream`, else to the first `endstream`; reads an object stream's objects (FlateDecode or
 * uncompressed; anything else is refused) and notes a cross-reference stream. Returns the offset
 * after `endstream`.
 */
function skipStream(
  b: Uint8Array,
  at: number,
  entries: Record<string, string>,
  shape: PdfShape,
  budget: { left: number },
): number {
  let start = at;
  if (b[start] === 13 && b[start + 1] === 10) start += 2;
  else if (b[start] === 10 || b[start] === 13) start += 1;
  else throw new PdfRefused("not_a_document");
  const endKeyword = Buffer.from("endstream", "latin1");
  const buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  let end = -1;
  const length = entries.Length;
  if (length && PDF_INTEGER.test(length)) {
    let j = start + Number(length);
    while (j < b.length && isPdfSpace(b[j]!)) j += 1;
    if (j <= b.length - endKeyword.length && buffer.subarray(j, j + endKeyword.length).equals(endKeyword)) {
      end = start + Number(length);
    }
  }
  if (end < 0) end = buffer.indexOf(endKeyword, start);
  if (end < 0) throw new PdfRefused("not_a_document");
  const after = buffer.indexOf(endKeyword, end) + endKeyword.length;
  if (entries.Type === "/XRef") shape.xrefStream = true;
  if (entries.Type === "/ObjStm") {
    const filter = entries.Filter;
    let data = buffer.subarray(start, end);
    if (filter === "/FlateDecode" || filter === "[") {
      if (filter === "[" && !/^\s*\[\s*\/FlateDecode\s*\]/.test(filterArray(buffer, start))) {
        throw new PdfRefused("not_a_document");
      }
      try {
        data = inflateSync(data, { maxOutputLength: Math.max(1, budget.left) });
      } catch {
        throw new PdfRefused("not_a_document");
      }
      budget.left -= data.length;
    } else if (filter !== undefined) throw new PdfRefused("not_a_document");
    lexPdf(data, false, budget);
  }
  return after;
}

/** The text of the dictionary before a stream, from its last `obj` (to read a /Filter array). */
function filterArray(buffer: Buffer, streamStart: number): string {
  const head = buffer.subarray(Math.max(0, streamStart - 2048), streamStart).toString("latin1");
  const filter = head.lastIndexOf("/Filter");
  return filter < 0 ? "" : head.slice(filter + "/Filter".length);
}

/**
 * PDF: the `%PDF-1.x` or `%PDF-2.x` header opening the file, at least one object
 * (`N G obj … endobj`), a cross-reference table or stream, `startxref` and its offset, then
 * `%%EOF` with nothing but line ends after it; every token a PDF's structure is made of (so no
 * HTML between them) and no script or automatic action (`ACTIVE_NAMES`).
 */
function checkPdf(b: Uint8Array): "ok" | "not_a_document" | "active_content" {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 16)).toString("latin1");
  if (!/^%PDF-[12]\.\d/.test(head)) return "not_a_document";
  try {
    const shape = lexPdf(b, true, { left: OBJECT_STREAM_MAX_BYTES });
    const ends = shape.eofEnd > 0 && b.subarray(shape.eofEnd).every((c) => isPdfSpace(c));
    const whole =
      shape.objects > 0 &&
      shape.endobjs > 0 &&
      (shape.xrefTable || shape.xrefStream) &&
      shape.startxref &&
      ends;
    return whole ? "ok" : "not_a_document";
  } catch (err) {
    if (err instanceof PdfRefused) return err.reason;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Where documents are kept

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
