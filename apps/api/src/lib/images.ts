/**
 * Photos uploaded to the back office: what a file really is is read from its first bytes (never
 * its name or the type the browser claims), and every accepted image is decoded and written
 * again by the server (sharp), resized, as WebP, without its metadata (EXIF: camera, GPS
 * position), so nothing the uploader's file carried beyond its pixels is ever served.
 */
import sharp from "sharp";

export type ImageKind = "jpeg" | "png" | "webp";

/** JPEG, PNG or WebP by its signature; null for anything else (SVG, text, PDF, HEIC...). */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i];
  if (bytes.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((v, i) => b(i) === v)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export interface ProcessedImage {
  /** At most `maxWidth` wide, WebP. */
  large: Buffer;
  /** At most `thumbWidth` wide, WebP. */
  thumb: Buffer;
  width: number;
  height: number;
}

export class ImageRejected extends Error {}

/**
 * Decodes, turns upright (by the EXIF orientation, before it is dropped), resizes and re-encodes.
 * Throws ImageRejected for a file that is not a JPEG, PNG or WebP, or that does not decode.
 */
export async function processImage(
  input: Buffer,
  { maxWidth = 1600, thumbWidth = 400, maxPixels = 50_000_000 } = {},
): Promise<ProcessedImage> {
  if (!imageKindOf(input)) throw new ImageRejected("not an image");
  try {
    const source = () => sharp(input, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
    const { data: large, info } = await source()
      .resize({ width: maxWidth, height: maxWidth, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: thumbWidth, height: thumbWidth, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { large, thumb, width: info.width, height: info.height };
  } catch {
    throw new ImageRejected("does not decode");
  }
}
