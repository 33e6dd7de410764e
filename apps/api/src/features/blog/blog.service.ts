/**
 * The blog (issue #47, decision 034): readers' lists, one post, the Atom feed; the back office's
 * writing rules (at least one language, slugs unique per language, status and publish time) and
 * the Markdown rendered to sanitised HTML when saved. Visibility is a query on the clock: a
 * scheduled post appears once its publish_at has come, with no job to run.
 */
import type {
  AdminBlogPost,
  AdminBlogQuery,
  BlogCategory,
  BlogLanguage,
  BlogListQuery,
  BlogPost,
  BlogPostBody,
  BlogPostCard,
  BlogVersionInput,
} from "@parkwell/contract";
import { BLOG_LANGUAGES, BLOG_SLUG_MAX } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { translate } from "../../lib/messages";
import { isUniqueViolation } from "../../lib/pg-error";
import { renderMarkdown } from "../../lib/markdown";
import { listPage, offsetOf } from "../../lib/pagination";
import { xmlSafe } from "../../lib/xml";
import * as repo from "./blog.repo";
import {
  CATEGORY_UNKNOWN,
  ONE_LANGUAGE_NEEDED,
  POST_NOT_FOUND,
  PUBLISH_NOT_FUTURE,
  SCHEDULE_IN_FUTURE,
  SCHEDULE_NEEDS_TIME,
  SLUG_TAKEN,
} from "../../lib/messages/blog";

export const postNotFound = () => AppError.notFound(POST_NOT_FOUND, "post_not_found");

const iso = (d: Date | string) => new Date(d).toISOString();

function categoryOf(
  row: {
    category_id: number | null;
    category_slug: string | null;
    name_en: string | null;
    name_fr: string | null;
  },
  lang: BlogLanguage,
): BlogCategory | null {
  if (row.category_id === null) return null;
  return {
    id: row.category_id,
    slug: row.category_slug ?? "",
    name: (lang === "fr" ? row.name_fr : row.name_en) ?? "",
  };
}

export async function listCategories(db: Db, lang: BlogLanguage): Promise<{ items: BlogCategory[] }> {
  const rows = await repo.categories(db);
  return {
    items: rows.map((r) =>
      categoryOf({ category_id: r.id, category_slug: r.slug, name_en: r.name_en, name_fr: r.name_fr }, lang)!,
    ),
  };
}

function card(row: repo.CardRow, lang: BlogLanguage): BlogPostCard {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    fallback: row.language !== lang,
    title: row.title,
    summary: row.summary,
    cover: row.cover ?? null,
    category: categoryOf(row, lang),
    tags: row.tags ?? [],
    author: row.author_name,
    published_at: iso(row.publish_at),
  };
}

/** The published posts, newest first, each in the reader's language or, marked, the other. */
export async function listPosts(db: Db, now: Date, lang: BlogLanguage, query: BlogListQuery) {
  const { rows, total } = await repo.visiblePage(
    db,
    { lang, category: query.category, tag: query.tag, q: query.q },
    now,
    query.size,
    offsetOf(query),
  );
  return listPage(
    rows.map((r) => card(r, lang)),
    total,
    query,
  );
}

/** One published post by its id or by a slug of either language (404 for a draft or a scheduled one). */
export async function getPost(db: Db, now: Date, lang: BlogLanguage, idOrSlug: string): Promise<BlogPost> {
  const key = /^\d{1,10}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug.toLowerCase() };
  if (key.id !== undefined && key.id > 2_147_483_647) throw postNotFound();
  const row = await repo.visiblePost(db, key, lang, now);
  if (!row) throw postNotFound();
  return {
    ...card(row, lang),
    html: row.body_html,
    versions: await repo.versionSlugs(db, row.id),
    share: { title: row.title, description: row.summary },
  };
}

/** An Atom feed of the latest 20 posts written in `lang`, every text escaped. */
export async function feed(db: Db, now: Date, lang: BlogLanguage, publicUrl: string): Promise<string> {
  const rows = await repo.feedRows(db, lang, now, 20);
  const base = publicUrl.replace(/\/+$/, "");
  const updated = rows[0] ? iso(rows[0].publish_at) : new Date("2026-01-01T00:00:00Z").toISOString();
  const entries = rows.map((r) => {
    const link = `${base}/post/${encodeURIComponent(r.slug)}?lang=${lang}`;
    return [
      "  <entry>",
      `    <id>${xmlSafe(`${base}/post/${r.id}`)}</id>`,
      `    <title>${xmlSafe(r.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlSafe(link)}"/>`,
      `    <published>${iso(r.publish_at)}</published>`,
      `    <updated>${iso(r.publish_at)}</updated>`,
      `    <author><name>${xmlSafe(r.author_name)}</name></author>`,
      ...(r.category_slug ? [`    <category term="${xmlSafe(r.category_slug)}"/>`] : []),
      `    <summary>${xmlSafe(r.summary)}</summary>`,
      `    <content type="html">${xmlSafe(r.body_html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${xmlSafe(`${base}/blog?lang=${lang}`)}</id>`,
    `  <title>${translate("Parkwell blog", lang)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlSafe(`${base}/api/v1/blog/feed.xml?lang=${lang}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlSafe(`${base}/blog`)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

// The back office.

/** A slug made from a title: accents dropped, words of letters and digits joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_SLUG_MAX)
    .replace(/-+$/g, "");
  return slug || "post";
}

function staffPost(row: repo.PostRow, versions: repo.VersionRow[], now: Date): AdminBlogPost {
  const version = (lang: BlogLanguage) => {
    const v = versions.find((x) => x.post_id === row.id && x.language === lang);
    return v
      ? { title: v.title, slug: v.slug, summary: v.summary, body_md: v.body_md, html: v.body_html }
      : null;
  };
  const publishAt = row.publish_at === null ? null : new Date(row.publish_at);
  const status =
    row.status === "draft"
      ? "draft"
      : publishAt && publishAt.getTime() > now.getTime()
        ? "scheduled"
        : "published";
  return {
    id: row.id,
    status,
    publish_at: publishAt ? publishAt.toISOString() : null,
    category: categoryOf(row, "en"),
    tags: row.tags ?? [],
    cover: row.cover ?? null,
    author: row.author_name,
    en: version("en"),
    fr: version("fr"),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function staffList(db: Db, now: Date, query: AdminBlogQuery) {
  const { rows, total } = await repo.staffPage(db, query, now, query.size, offsetOf(query));
  const versions = await repo.versions(
    db,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map((r) => staffPost(r, versions, now)),
    total,
    query,
  );
}

export async function staffGet(db: Tx, now: Date, id: number): Promise<AdminBlogPost> {
  const row = await repo.post(db, id);
  if (!row) throw postNotFound();
  return staffPost(row, await repo.versions(db, [id]), now);
}

/** The post's fields checked against the rules and the clock; the publish time decided. */
async function checkedFields(tx: Tx, body: BlogPostBody, now: Date): Promise<repo.PostFields> {
  if (!body.en && !body.fr) throw AppError.validation({ en: ONE_LANGUAGE_NEEDED }, ONE_LANGUAGE_NEEDED);
  const given = body.publish_at ? new Date(body.publish_at) : null;
  let publishAt: Date | null = given;
  if (body.status === "scheduled") {
    if (!given) throw AppError.validation({ publish_at: SCHEDULE_NEEDS_TIME });
    if (given.getTime() <= now.getTime()) throw AppError.validation({ publish_at: SCHEDULE_IN_FUTURE });
  } else if (body.status === "published") {
    if (given && given.getTime() > now.getTime())
      throw AppError.validation({ publish_at: PUBLISH_NOT_FUTURE });
    publishAt = given ?? now;
  }
  const categoryId = body.category_id ?? null;
  if (categoryId !== null && !(await repo.categoryExists(tx, categoryId))) {
    throw AppError.validation({ category_id: CATEGORY_UNKNOWN });
  }
  const tags = [...new Set(body.tags.map((t) => t.trim().toLowerCase()))];
  return { categoryId, tags, status: body.status, publishAt };
}

const slugTaken = (lang: BlogLanguage) =>
  new AppError(409, "slug_taken", SLUG_TAKEN, { [`${lang}.slug`]: SLUG_TAKEN });

/** Each language's version rendered; a slug written is kept (409 when taken), one made is made free. */
async function renderedVersions(tx: Tx, body: BlogPostBody, postId: number | null) {
  const out: Omit<repo.VersionRow, "post_id">[] = [];
  for (const lang of BLOG_LANGUAGES) {
    const v: BlogVersionInput | null | undefined = body[lang];
    if (!v) continue;
    let slug = v.slug?.trim() ?? "";
    if (slug) {
      if (await repo.slugTaken(tx, lang, slug, postId)) throw slugTaken(lang);
    } else {
      const base = slugify(v.title);
      slug = base;
      for (let n = 2; await repo.slugTaken(tx, lang, slug, postId); n += 1) {
        slug = `${base.slice(0, BLOG_SLUG_MAX - String(n).length - 1)}-${n}`;
      }
    }
    out.push({
      language: lang,
      title: v.title.trim(),
      slug,
      summary: v.summary.trim(),
      body_md: v.body_md,
      body_html: renderMarkdown(v.body_md),
    });
  }
  return out;
}

/** A unique index's refusal (two writers taking one slug at once) as the 409 a check gives. */
async function slugRace<T>(body: BlogPostBody, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, "blog_post_versions_slug_idx")) throw slugTaken(body.en ? "en" : "fr");
    throw err;
  }
}

export async function createInTx(
  tx: Tx,
  now: Date,
  author: { id: string | null; name: string },
  body: BlogPostBody,
): Promise<number> {
  const fields = await checkedFields(tx, body, now);
  const rendered = await renderedVersions(tx, body, null);
  const id = await repo.insertPost(tx, fields, author, now);
  await repo.replaceVersions(tx, id, rendered);
  return id;
}

export async function updateInTx(tx: Tx, now: Date, id: number, body: BlogPostBody): Promise<void> {
  if (!(await repo.lockPost(tx, id))) throw postNotFound();
  const fields = await checkedFields(tx, body, now);
  const rendered = await renderedVersions(tx, body, id);
  await repo.updatePost(tx, id, fields, now);
  await repo.replaceVersions(tx, id, rendered);
}

export { slugRace };

type Cover = { url: string; thumb_url: string; alt: string } | null;

/** Deletes the post under its row lock; its old cover's files for the caller to remove after commit. */
export async function deleteInTx(tx: Tx, id: number): Promise<{ cover: Cover }> {
  const row = await repo.lockPost(tx, id);
  if (!row) throw postNotFound();
  await repo.deletePost(tx, id);
  return { cover: row.cover };
}

/** Sets (or, null, removes) the cover under the row lock; returns the one it replaces. */
export async function setCoverInTx(tx: Tx, id: number, cover: Cover, now: Date): Promise<{ old: Cover }> {
  const row = await repo.lockPost(tx, id);
  if (!row) throw postNotFound();
  await repo.setCover(tx, id, cover, now);
  return { old: row.cover };
}

/** The HTML a Markdown text gives, without saving anything (the editor's preview). */
export function preview(md: string): { html: string } {
  return { html: renderMarkdown(md) };
}
