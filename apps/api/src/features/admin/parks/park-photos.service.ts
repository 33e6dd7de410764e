/**
 * A park's photos (parks.photos, [{url, alt, thumb_url}]): uploads are checked by content, decoded
 * and re-encoded by the server (lib/images.ts: resized WebP without EXIF), stored (lib/file-storage.ts)
 * and then added under the park's row lock with an audit entry. The public park page shows them
 * in this order.
 */
import { randomUUID } from "node:crypto";
import { PARK_PHOTO_MAX_COUNT, type AdminPark } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { FileStorage } from "../../../lib/file-storage";
import { ImageRejected, processImage } from "../../../lib/images";
import type { StaffAccess } from "../access.service";
import type { AuditActor } from "../audit.repo";
import { changePhotos, parkInScopeOr404 } from "./admin-parks.service";

export const PHOTO_TYPE_TEXT = "The photo must be a JPEG, PNG or WebP image";

export interface PhotoDeps {
  db: Db;
  storage: FileStorage;
}

/** Checks the park first (404 before any work), then the image, stores both sizes, and adds it. */
export async function addPhoto(
  deps: PhotoDeps,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  file: Buffer,
  alt: string,
): Promise<AdminPark> {
  const park = await parkInScopeOr404(deps.db, access, parkId);
  if (park.photos.length >= PARK_PHOTO_MAX_COUNT) {
    throw AppError.validation({ photo: `A park has at most ${PARK_PHOTO_MAX_COUNT} photos` });
  }
  let image;
  try {
    image = await processImage(file);
  } catch (err) {
    if (err instanceof ImageRejected) throw AppError.validation({ photo: PHOTO_TYPE_TEXT });
    throw err;
  }
  const key = `parks/${parkId}/${randomUUID()}`;
  const url = await deps.storage.put(`${key}.webp`, image.large, "image/webp");
  const thumbUrl = await deps.storage.put(`${key}-thumb.webp`, image.thumb, "image/webp");
  const text = alt.trim().slice(0, 200) || park.name;
  try {
    return await changePhotos(deps.db, access, actor, parkId, "park.photo_add", (photos) => {
      if (photos.length >= PARK_PHOTO_MAX_COUNT) {
        throw AppError.validation({ photo: `A park has at most ${PARK_PHOTO_MAX_COUNT} photos` });
      }
      return [...photos, { url, alt: text, thumb_url: thumbUrl }];
    });
  } catch (err) {
    await Promise.allSettled([deps.storage.remove(url), deps.storage.remove(thumbUrl)]);
    throw err;
  }
}

const noPhoto = () => AppError.notFound("Photo not found", "photo_not_found");

/** Removes the photo at position `n` (0 first), then its files once the change is committed. */
export async function removePhoto(
  deps: PhotoDeps,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  n: number,
): Promise<AdminPark> {
  let removed: { url: string; thumb_url?: string } | undefined;
  const park = await changePhotos(deps.db, access, actor, parkId, "park.photo_remove", (photos) => {
    removed = photos[n];
    if (!removed) throw noPhoto();
    return photos.filter((_, i) => i !== n);
  });
  if (removed) {
    await Promise.allSettled([
      deps.storage.remove(removed.url),
      ...(removed.thumb_url ? [deps.storage.remove(removed.thumb_url)] : []),
    ]);
  }
  return park;
}

/** Puts the photos in a new order: `order` lists every current position once. */
export async function reorderPhotos(
  deps: PhotoDeps,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  order: number[],
): Promise<AdminPark> {
  return changePhotos(deps.db, access, actor, parkId, "park.photo_order", (photos) => {
    const sorted = [...order].sort((a, b) => a - b);
    if (sorted.length !== photos.length || sorted.some((v, i) => v !== i)) {
      throw AppError.validation({ order: "order must list every photo's position once" });
    }
    return order.map((i) => photos[i]!);
  });
}
