import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The blog's categories (decision 034): a slug for links and a name in each language. */
export const blogCategories = pgTable("blog_categories", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  slug: text("slug").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  position: integer("position").notNull().default(0),
});

/**
 * A blog post (decision 034): what is shared by its language versions. Readers see it when its
 * status is not draft and publish_at has come on the clock: a scheduled post appears by itself,
 * with no job to run.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id").references(() => blogCategories.id, { onDelete: "set null" }),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** The cover image, stored as a park photo is ({url, thumb_url, alt}); null without one. */
    cover: jsonb("cover").$type<{ url: string; thumb_url: string; alt: string } | null>(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown, kept as written then (a person may leave). */
    authorName: text("author_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("blog_posts_status_check", sql`${t.status} IN ('draft', 'scheduled', 'published')`),
    check("blog_posts_publish_at_check", sql`${t.status} = 'draft' OR ${t.publishAt} IS NOT NULL`),
    index("blog_posts_visible_idx")
      .on(t.publishAt.desc())
      .where(sql`${t.status} <> 'draft'`),
  ],
);

/**
 * One language's words of a post: the Markdown as written and its HTML, rendered and sanitised
 * when saved (lib/markdown.ts). The slug is unique among the posts of one language.
 */
export const blogPostVersions = pgTable(
  "blog_post_versions",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    summary: text("summary").notNull(),
    bodyMd: text("body_md").notNull(),
    bodyHtml: text("body_html").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.language] }),
    uniqueIndex("blog_post_versions_slug_idx").on(t.language, t.slug),
    check("blog_post_versions_language_check", sql`${t.language} IN ('en', 'fr')`),
  ],
);
