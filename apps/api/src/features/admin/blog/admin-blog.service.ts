/**
 * The back office's blog (decision 034): Parkwell's writers create, change and delete posts, each
 * change audited in its transaction; the cover is processed and stored as a park photo is
 * (lib/images.ts, lib/file-storage.ts). The writing rules are features/blog's.
 */
import { randomUUID } from "node:crypto";
import type { AdminBlogPost, BlogPostBody } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import type { FileStorage } from "../../../lib/file-storage";
import { ImageRejected, processImage } from "../../../lib/images";
import * as blog from "../../blog/blog.service";
import { COVER_TYPE } from "../../../lib/messages/blog";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export interface AdminBlogDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const audited = (p: AdminBlogPost) => ({
  status: p.status,
  publish_at: p.publish_at,
  category: p.category?.slug ?? null,
  tags: p.tags,
  en: p.en && { title: p.en.title, slug: p.en.slug },
  fr: p.fr && { title: p.fr.title, slug: p.fr.slug },
});

export async function createPost(
  deps: AdminBlogDeps,
  staff: StaffAccess,
  actor: AuditActor,
  body: BlogPostBody,
): Promise<AdminBlogPost> {
  const now = deps.clock();
  const author = { id: staff.userId, name: `${staff.firstName} ${staff.lastName}`.trim() || staff.email };
  return blog.slugRace(body, () =>
    deps.db.transaction(async (tx) => {
      const id = await blog.createInTx(tx, now, author, body);
      const after = await blog.staffGet(tx, now, id);
      await recordAudit(tx, actor, {
        action: "blog.create",
        entity: "blog_post",
        entityId: id,
        operatorId: null,
        after: audited(after),
      });
      return after;
    }),
  );
}

export async function updatePost(
  deps: AdminBlogDeps,
  actor: AuditActor,
  id: number,
  body: BlogPostBody,
): Promise<AdminBlogPost> {
  const now = deps.clock();
  return blog.slugRace(body, () =>
    deps.db.transaction(async (tx) => {
      const before = await blog.staffGet(tx, now, id);
      await blog.updateInTx(tx, now, id, body);
      const after = await blog.staffGet(tx, now, id);
      await recordAudit(tx, actor, {
        action: "blog.update",
        entity: "blog_post",
        entityId: id,
        operatorId: null,
        before: audited(before),
        after: audited(after),
      });
      return after;
    }),
  );
}

export async function deletePost(deps: AdminBlogDeps, actor: AuditActor, id: number): Promise<void> {
  const now = deps.clock();
  const cover = await deps.db.transaction(async (tx) => {
    const before = await blog.staffGet(tx, now, id);
    const { cover: old } = await blog.deleteInTx(tx, id);
    await recordAudit(tx, actor, {
      action: "blog.delete",
      entity: "blog_post",
      entityId: id,
      operatorId: null,
      before: audited(before),
    });
    return old;
  });
  if (cover) await Promise.allSettled([deps.storage.remove(cover.url), deps.storage.remove(cover.thumb_url)]);
}

/** Checks the post first (404 before any work), then the image; the old cover's files go after. */
export async function setCover(
  deps: AdminBlogDeps,
  actor: AuditActor,
  id: number,
  file: Buffer,
  alt: string,
): Promise<AdminBlogPost> {
  const now = deps.clock();
  const existing = await blog.staffGet(deps.db, now, id);
  let image;
  try {
    image = await processImage(file);
  } catch (err) {
    if (err instanceof ImageRejected) throw AppError.validation({ photo: COVER_TYPE });
    throw err;
  }
  const key = `blog/${id}/${randomUUID()}`;
  const url = await deps.storage.put(`${key}.webp`, image.large, "image/webp");
  const thumbUrl = await deps.storage.put(`${key}-thumb.webp`, image.thumb, "image/webp");
  const text = alt.trim().slice(0, 200) || (existing.en ?? existing.fr)?.title || "";
  const cover = { url, thumb_url: thumbUrl, alt: text };
  try {
    const old = await deps.db.transaction(async (tx) => {
      const { old } = await blog.setCoverInTx(tx, id, cover, now);
      await recordAudit(tx, actor, {
        action: "blog.cover",
        entity: "blog_post",
        entityId: id,
        operatorId: null,
        before: { cover: old?.url ?? null },
        after: { cover: url },
      });
      return old;
    });
    if (old) await Promise.allSettled([deps.storage.remove(old.url), deps.storage.remove(old.thumb_url)]);
  } catch (err) {
    await Promise.allSettled([deps.storage.remove(url), deps.storage.remove(thumbUrl)]);
    throw err;
  }
  return blog.staffGet(deps.db, now, id);
}

export async function removeCover(
  deps: AdminBlogDeps,
  actor: AuditActor,
  id: number,
): Promise<AdminBlogPost> {
  const now = deps.clock();
  const old = await deps.db.transaction(async (tx) => {
    const { old } = await blog.setCoverInTx(tx, id, null, now);
    await recordAudit(tx, actor, {
      action: "blog.cover",
      entity: "blog_post",
      entityId: id,
      operatorId: null,
      before: { cover: old?.url ?? null },
      after: { cover: null },
    });
    return old;
  });
  if (old) await Promise.allSettled([deps.storage.remove(old.url), deps.storage.remove(old.thumb_url)]);
  return blog.staffGet(deps.db, now, id);
}
