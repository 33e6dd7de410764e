/**
 * What a personal document is (lib/private-files.ts keeps them): read from its bytes, never its name
 * or the type the browser claims (`checkDocument`): a JPEG, a PNG or a PDF whose structure holds
 * together, at most 10 MB, with no data after an image's end and no PDF that acts on its own
 * (docs/decisions/032-private-files.md).
 */
import { inflateSync } from "node:zlib";

export type DocumentType = "image/jpeg" | "image/png" | "application/pdf";

/** The largest document accepted: 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The refusals, in English; their French is in server.json's files. */
export const DOCUMENT_TYPE_REFUSED = "Upload a JPEG, PNG or PDF file (a photo or a scan of the document)";
export const DOCUMENT_TOO_LARGE = "The file is larger than 10 MB";
export const DOCUMENT_MISSING = "Choose a file to upload";
export const DOCUMENT_ACTIVE_CONTENT =
  "This PDF contains scripts or automatic actions: upload a plain PDF, a scan or a photo of the document";
export const DOCUMENT_TRAILING_DATA =
  "This image carries data after its end: save it as a plain JPEG or PNG and upload it again";

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
