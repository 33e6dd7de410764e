/** Real documents of a few bytes, built in the test: what a driver's phone or scanner sends. */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** An image of a few pixels, encoded by sharp as a camera or a screenshot tool would. */
export function tinyImage(format: "jpeg" | "png"): Promise<Buffer> {
  const picture = sharp({
    create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 40, b: 10 } },
  });
  return (format === "jpeg" ? picture.jpeg() : picture.png()).toBuffer();
}

/** The objects of a one-page PDF: catalog, page tree, page. */
export const ONE_PAGE_OBJECTS = [
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n",
];

/**
 * A PDF of `objects` (each `N 0 obj … endobj`, numbered from 1 in order): header, the objects,
 * a cross-reference table with their offsets, trailer, startxref, %%EOF. `padding` adds a
 * comment that long after the header (the way to make a PDF of an exact size).
 */
export function pdfOf(objects: string[], padding = 0): Buffer {
  let text = "%PDF-1.4\n";
  if (padding > 0) text += `%${"x".repeat(padding)}\n`;
  const offsets = objects.map((o) => {
    const at = text.length;
    text += o;
    return at;
  });
  const xref = text.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  text += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/**
 * A minimal PDF of one empty page: header, objects, cross-reference table, trailer, %%EOF;
 * `padding` adds a comment that long (the way to make a PDF of an exact size).
 */
export function tinyPdf(padding = 0): Buffer {
  return pdfOf(ONE_PAGE_OBJECTS, padding);
}

/** A PDF whose catalog runs JavaScript when it opens: what an upload must never be. */
export function scriptedPdf(): Buffer {
  return pdfOf([
    "1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj\n",
    ONE_PAGE_OBJECTS[1]!,
    ONE_PAGE_OBJECTS[2]!,
    "4 0 obj << /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >> endobj\n",
  ]);
}

/**
 * A PDF 1.5 whose objects are compressed in an object stream (FlateDecode), the catalog among
 * them, found through a cross-reference stream; `catalog` is the catalog's dictionary.
 */
export function compressedPdf(catalog = "<< /Type /Catalog /Pages 2 0 R >>"): Buffer {
  const inner = [catalog, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R >>"];
  let body = "";
  const starts = inner.map((o) => {
    const at = body.length;
    body += `${o}\n`;
    return at;
  });
  const index = starts.map((at, i) => `${i + 1} ${at}`).join(" ") + "\n";
  const packed = deflateSync(Buffer.from(index + body, "latin1"));
  const head = Buffer.from("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const objStm = Buffer.concat([
    Buffer.from(
      `4 0 obj << /Type /ObjStm /N 3 /First ${index.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      "latin1",
    ),
    packed,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
  const xrefAt = head.length + objStm.length;
  // Type 2 entries: objects 1-3 in stream 4; type 1: object 4 at its offset; object 5 itself.
  const rows = [
    [0, 0, 255],
    [2, 4, 0],
    [2, 4, 1],
    [2, 4, 2],
    [1, head.length, 0],
    [1, xrefAt, 0],
  ];
  const table = Buffer.from(rows.flatMap(([t, a, b]) => [t!, (a! >> 8) & 255, a! & 255, b!]));
  const xrefStream = Buffer.concat([
    Buffer.from(
      `5 0 obj << /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Length ${table.length} >>\nstream\n`,
      "latin1",
    ),
    table,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
  return Buffer.concat([head, objStm, xrefStream, Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, "latin1")]);
}
