/** Real documents of a few bytes, built in the test: what a driver's phone or scanner sends. */
import sharp from "sharp";

/** An image of a few pixels, encoded by sharp as a camera or a screenshot tool would. */
export function tinyImage(format: "jpeg" | "png"): Promise<Buffer> {
  const picture = sharp({
    create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 40, b: 10 } },
  });
  return (format === "jpeg" ? picture.jpeg() : picture.png()).toBuffer();
}

/**
 * A minimal PDF of one empty page: header, objects, cross-reference table, trailer, %%EOF;
 * `padding` adds a comment that long (the way to make a PDF of an exact size).
 */
export function tinyPdf(padding = 0): Buffer {
  const objects = [
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n",
  ];
  let text = "%PDF-1.4\n";
  if (padding > 0) text += `%${"x".repeat(padding)}\n`;
  const offsets = objects.map((o) => {
    const at = text.length;
    text += o;
    return at;
  });
  const xref = text.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  text += `xref\n0 4\n0000000000 65535 f \n${entries}`;
  text += `trailer << /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}
