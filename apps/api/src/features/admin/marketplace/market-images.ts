/** The marketplace's image uploads: one multipart file read whole, checked by its content, re-encoded and stored. */
import { randomUUID } from "node:crypto";
import { MARKET_IMAGE_MAX_BYTES, MARKET_ITEM_MAX_IMAGES } from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../../lib/app-error";
import type { FileStorage } from "../../../lib/file-storage";
import { ImageRejected, processImage } from "../../../lib/images";

export const IMAGE_TOO_LARGE = "The image is larger than 5 MB";
export const IMAGE_MISSING = "Choose an image to upload (a multipart/form-data field named image)";
export const IMAGE_TYPE_TEXT = "The image must be a JPEG, PNG or WebP image";
export const IMAGE_NOT_FOUND = "Image not found";
export const TOO_MANY_IMAGES = `An item has at most ${MARKET_ITEM_MAX_IMAGES} images`;

/** The one file of a multipart upload, never more than MARKET_IMAGE_MAX_BYTES read (as park photos). */
export async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw AppError.validation({ image: IMAGE_MISSING });
  const part = await req.file({
    limits: { fileSize: MARKET_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 4 },
    throwFileSizeLimit: false,
  });
  if (!part) throw AppError.validation({ image: IMAGE_MISSING });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MARKET_IMAGE_MAX_BYTES) break;
    chunks.push(chunk);
  }
  if (part.file.truncated || size > MARKET_IMAGE_MAX_BYTES) {
    part.file.resume();
    throw new AppError(413, "image_too_large", IMAGE_TOO_LARGE, { image: IMAGE_TOO_LARGE });
  }
  if (size === 0) throw AppError.validation({ image: IMAGE_MISSING });
  return Buffer.concat(chunks);
}

/** Checks an upload by its content, re-encodes it (resized WebP without EXIF) and stores it. */
export async function storeImage(storage: FileStorage, bytes: Buffer, folder: string): Promise<string> {
  let image;
  try {
    image = await processImage(bytes);
  } catch (e) {
    if (e instanceof ImageRejected) throw AppError.validation({ image: IMAGE_TYPE_TEXT });
    throw e;
  }
  return storage.put(`${folder}/${randomUUID()}.webp`, image.large, "image/webp");
}
