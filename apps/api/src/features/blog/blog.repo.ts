/**
 * The blog's queries (decision 034). Queries only; the rules are in blog.service.ts. A post is
 * visible to readers when its status is not draft and its publish_at has come on the clock
 * (`now` is always the caller's clock, never the database's).
 */
import type { BlogLanguage } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { likePattern } from "../../lib/like";

const q = <T>(db: Tx, query: SQL) => queryRows<T>(db as Db, query);

export interface CategoryRow {
  id: number;
  slug: string;
  name_en: string;
  name_fr: string;
}

export function categories(db: Db): Promise<CategoryRow[]> {
  return q<CategoryRow>(
    db,
    sql`SELECT id, slug, name_en, name_fr FROM blog_categories ORDER BY position, id`,
  );
}

export async function categoryExists(db: Tx, id: number): Promise<boolean> {
  const rows = await q<{ id: number }>(db, sql`SELECT id FROM blog_categories WHERE id = ${id}`);
  return rows.length > 0;
}

type Cover = { url: string; thumb_url: string; alt: string } | null;

/** A visible post with one of its versions (the reader's language first). */
export interface CardRow {
  id: number;
  tags: string[];
  cover: Cover;
  author_name: string;
  publish_at: Date | string;
  category_id: number | null;
  category_slug: string | null;
  name_en: string | null;
  name_fr: string | null;
  language: BlogLanguage;
  title: string;
  slug: string;
  summary: string;
}

const visible = (now: Date) => sql`p.status <> 'draft' AND p.publish_at <= ${now.toISOString()}::timestamptz`;

/** The version in `lang` when the post has one, the other otherwise. */
const versionOf = (lang: BlogLanguage) => sql`JOIN LATERAL (
    SELECT language, title, slug, summary, body_html FROM blog_post_versions w
    WHERE w.post_id = p.id ORDER BY (w.language = ${lang}) DESC LIMIT 1) v ON true`;

const cardColumns = sql`p.id, p.tags, p.cover, p.author_name, p.publish_at, c.id AS category_id,
  c.slug AS category_slug, c.name_en, c.name_fr, v.language, v.title, v.slug, v.summary`;

export interface VisibleFilter {
  lang: BlogLanguage;
  category?: string;
  tag?: string;
  q?: string;
}

function visibleWhere(f: VisibleFilter, now: Date): SQL {
  const parts: SQL[] = [visible(now)];
  if (f.category) parts.push(sql`c.slug = ${f.category}`);
  if (f.tag) parts.push(sql`${f.tag} = ANY(p.tags)`);
  if (f.q?.trim()) {
    const pattern = likePattern(f.q.trim());
    parts.push(sql`(v.title ILIKE ${pattern} OR v.summary ILIKE ${pattern})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function visiblePage(
  db: Db,
  f: VisibleFilter,
  now: Date,
  limit: number,
  offset: number,
): Promise<{ rows: CardRow[]; total: number }> {
  const where = visibleWhere(f, now);
  const from = sql`FROM blog_posts p ${versionOf(f.lang)} LEFT JOIN blog_categories c ON c.id = p.category_id WHERE ${where}`;
  const [rows, count] = await Promise.all([
    q<CardRow>(
      db,
      sql`SELECT ${cardColumns} ${from} ORDER BY p.publish_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    q<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** The latest visible posts that exist in `lang` itself (a feed carries no other language). */
export function feedRows(
  db: Db,
  lang: BlogLanguage,
  now: Date,
  limit: number,
): Promise<(CardRow & { body_html: string })[]> {
  return q(
    db,
    sql`SELECT ${cardColumns}, v.body_html FROM blog_posts p ${versionOf(lang)}
      LEFT JOIN blog_categories c ON c.id = p.category_id
      WHERE ${visible(now)} AND v.language = ${lang}
      ORDER BY p.publish_at DESC, p.id DESC LIMIT ${limit}`,
  );
}

/** A visible post found by its id or by a slug of either language, with its version in `lang` first. */
export async function visiblePost(
  db: Db,
  key: { id?: number; slug?: string },
  lang: BlogLanguage,
  now: Date,
): Promise<(CardRow & { body_html: string }) | undefined> {
  const match =
    key.id !== undefined
      ? sql`p.id = ${key.id}`
      : sql`p.id IN (SELECT post_id FROM blog_post_versions WHERE slug = ${key.slug ?? ""})`;
  const [row] = await q<CardRow & { body_html: string }>(
    db,
    sql`SELECT ${cardColumns}, v.body_html FROM blog_posts p ${versionOf(lang)}
      LEFT JOIN blog_categories c ON c.id = p.category_id
      WHERE ${visible(now)} AND ${match} ORDER BY p.id LIMIT 1`,
  );
  return row;
}

export function versionSlugs(db: Db, postId: number): Promise<{ language: BlogLanguage; slug: string }[]> {
  return q(
    db,
    sql`SELECT language, slug FROM blog_post_versions WHERE post_id = ${postId} ORDER BY language`,
  );
}

// The back office.

export interface PostRow {
  id: number;
  status: string;
  publish_at: Date | string | null;
  tags: string[];
  cover: Cover;
  author_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  category_id: number | null;
  category_slug: string | null;
  name_en: string | null;
  name_fr: string | null;
}

export interface VersionRow {
  post_id: number;
  language: BlogLanguage;
  title: string;
  slug: string;
  summary: string;
  body_md: string;
  body_html: string;
}

const postColumns = sql`p.id, p.status, p.publish_at, p.tags, p.cover, p.author_name, p.created_at, p.updated_at,
  c.id AS category_id, c.slug AS category_slug, c.name_en, c.name_fr`;

export async function staffPage(
  db: Db,
  f: { status?: string; q?: string },
  now: Date,
  limit: number,
  offset: number,
): Promise<{ rows: PostRow[]; total: number }> {
  const parts: SQL[] = [sql`true`];
  const at = now.toISOString();
  if (f.status === "draft") parts.push(sql`p.status = 'draft'`);
  if (f.status === "scheduled") parts.push(sql`p.status <> 'draft' AND p.publish_at > ${at}::timestamptz`);
  if (f.status === "published") parts.push(sql`p.status <> 'draft' AND p.publish_at <= ${at}::timestamptz`);
  if (f.q?.trim()) {
    const pattern = likePattern(f.q.trim());
    parts.push(
      sql`EXISTS (SELECT 1 FROM blog_post_versions s WHERE s.post_id = p.id AND (s.title ILIKE ${pattern} OR s.summary ILIKE ${pattern}))`,
    );
  }
  const where = sql.join(parts, sql` AND `);
  const from = sql`FROM blog_posts p LEFT JOIN blog_categories c ON c.id = p.category_id WHERE ${where}`;
  const [rows, count] = await Promise.all([
    q<PostRow>(
      db,
      sql`SELECT ${postColumns} ${from} ORDER BY p.updated_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    q<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function post(db: Tx, id: number): Promise<PostRow | undefined> {
  const [row] = await q<PostRow>(
    db,
    sql`SELECT ${postColumns} FROM blog_posts p LEFT JOIN blog_categories c ON c.id = p.category_id WHERE p.id = ${id}`,
  );
  return row;
}

/** The row locked for a change (FOR UPDATE), or undefined. */
export async function lockPost(tx: Tx, id: number): Promise<{ id: number; cover: Cover } | undefined> {
  const [row] = await q<{ id: number; cover: Cover }>(
    tx,
    sql`SELECT id, cover FROM blog_posts WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export function versions(db: Tx, postIds: number[]): Promise<VersionRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return q<VersionRow>(
    db,
    sql`SELECT post_id, language, title, slug, summary, body_md, body_html FROM blog_post_versions
      WHERE post_id IN (${sql.join(
        postIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

/** Whether another post already has `slug` in `language`. */
export async function slugTaken(
  db: Tx,
  language: BlogLanguage,
  slug: string,
  exceptPostId: number | null,
): Promise<boolean> {
  const rows = await q<{ post_id: number }>(
    db,
    sql`SELECT post_id FROM blog_post_versions WHERE language = ${language} AND slug = ${slug}
      AND post_id <> ${exceptPostId ?? 0}`,
  );
  return rows.length > 0;
}

export interface PostFields {
  categoryId: number | null;
  tags: string[];
  status: string;
  publishAt: Date | null;
}

export async function insertPost(
  tx: Tx,
  f: PostFields,
  author: { id: string | null; name: string },
  now: Date,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    tx,
    sql`INSERT INTO blog_posts (category_id, tags, status, publish_at, author_id, author_name, created_at, updated_at)
      VALUES (${f.categoryId}, ${sql`ARRAY[${sql.join(
        f.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`}, ${f.status}, ${f.publishAt?.toISOString() ?? null}::timestamptz, ${author.id}, ${author.name},
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      RETURNING id`,
  );
  return row!.id;
}

export async function updatePost(tx: Tx, id: number, f: PostFields, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE blog_posts SET category_id = ${f.categoryId}, tags = ${sql`ARRAY[${sql.join(
      f.tags.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`}, status = ${f.status}, publish_at = ${f.publishAt?.toISOString() ?? null}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

export async function setCover(tx: Tx, id: number, cover: Cover, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE blog_posts SET cover = ${cover === null ? null : JSON.stringify(cover)}::jsonb,
      updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

/** Replaces the post's versions with these (a language left out is removed). */
export async function replaceVersions(
  tx: Tx,
  postId: number,
  rows: Omit<VersionRow, "post_id">[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM blog_post_versions WHERE post_id = ${postId}`);
  for (const v of rows) {
    await tx.execute(
      sql`INSERT INTO blog_post_versions (post_id, language, title, slug, summary, body_md, body_html)
        VALUES (${postId}, ${v.language}, ${v.title}, ${v.slug}, ${v.summary}, ${v.body_md}, ${v.body_html})`,
    );
  }
}

export async function deletePost(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM blog_posts WHERE id = ${id}`);
}
