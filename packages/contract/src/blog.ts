import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { PageQuerySchema, idNumber, idParam, pageOf } from "./common";

/** The blog (issue #47, decision 034): posts in English and French, written in Markdown. */
export const BLOG_LANGUAGES = ["en", "fr"] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];
export const BLOG_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_TITLE_MAX = 160;
export const BLOG_SLUG_MAX = 120;
export const BLOG_SUMMARY_MAX = 400;
export const BLOG_BODY_MAX = 50_000;
export const BLOG_TAGS_MAX = 10;
export const BLOG_TAG_MAX = 40;
export const BLOG_SEARCH_MAX = 100;

/** A slug: lower-case letters and digits in words joined by single hyphens ("event-parking-lagos"). */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, { error: `${name} must be at most ${max} characters` });

const required = (name: string, max: number) =>
  text(name, max)
    .trim()
    .min(1, { error: `${name} is required` });

const language = z.enum(BLOG_LANGUAGES, { error: "lang must be en or fr" });

/** One language's words of a post, as staff write them. */
export const BlogVersionInputSchema = z.object({
  title: required("title", BLOG_TITLE_MAX),
  /** Made from the title when absent or empty; unique among the posts of the same language. */
  slug: text("slug", BLOG_SLUG_MAX)
    .trim()
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: "slug may hold only lower-case letters, digits and single hyphens between words",
    })
    .optional(),
  summary: required("summary", BLOG_SUMMARY_MAX),
  /** Markdown; raw HTML inside it is shown as text, never run. */
  body_md: required("body_md", BLOG_BODY_MAX),
});
export type BlogVersionInput = z.infer<typeof BlogVersionInputSchema>;

export const BlogPostBodySchema = z
  .object({
    category_id: idNumber("category_id").nullable().optional(),
    tags: z
      .array(text("tag", BLOG_TAG_MAX).trim().min(1, { error: "A tag cannot be empty" }), {
        error: "tags must be a list of words",
      })
      .max(BLOG_TAGS_MAX, { error: `A post has at most ${BLOG_TAGS_MAX} tags` })
      .default([]),
    status: z.enum(BLOG_STATUSES, { error: "status must be draft, scheduled or published" }),
    /** ISO time: required when scheduled (in the future); for published, now when absent. */
    publish_at: z.iso
      .datetime({ offset: true, error: "publish_at must be an ISO date and time" })
      .nullable()
      .optional(),
    en: BlogVersionInputSchema.nullable().optional(),
    fr: BlogVersionInputSchema.nullable().optional(),
  })
  .meta({ id: "BlogPostBody" });
export type BlogPostBody = z.infer<typeof BlogPostBodySchema>;

export const BlogPreviewBodySchema = z
  .object({ body_md: text("body_md", BLOG_BODY_MAX) })
  .meta({ id: "BlogPreviewBody" });
export const BlogPreviewSchema = z.object({ html: z.string() }).meta({ id: "BlogPreview" });

export const BlogCategorySchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .meta({ id: "BlogCategory" });
export type BlogCategory = z.infer<typeof BlogCategorySchema>;
export const BlogCategoryListSchema = z
  .object({ items: z.array(BlogCategorySchema) })
  .meta({ id: "BlogCategoryList" });

const CoverSchema = z.object({ url: z.string(), thumb_url: z.string(), alt: z.string() }).nullable();

/** A published post as a reader's list shows it, in the reader's language or, marked, the other. */
export const BlogPostCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    /** The language of the words below. */
    language: language,
    /** True when the post has no version in the language asked for and this is the other one. */
    fallback: z.boolean(),
    title: z.string(),
    summary: z.string(),
    cover: CoverSchema,
    category: BlogCategorySchema.nullable(),
    tags: z.array(z.string()),
    author: z.string(),
    /** When it was published (ISO). */
    published_at: z.string(),
  })
  .meta({ id: "BlogPostCard" });
export type BlogPostCard = z.infer<typeof BlogPostCardSchema>;
export const BlogPostPageSchema = pageOf(BlogPostCardSchema).meta({ id: "BlogPostPage" });

/** One published post with its sanitised HTML and what a share needs. */
export const BlogPostSchema = BlogPostCardSchema.extend({
  /** The Markdown rendered on the server and sanitised: safe to insert as HTML. */
  html: z.string(),
  /** The languages the post exists in, with their slugs, for a language switch. */
  versions: z.array(z.object({ language: language, slug: z.string() })),
  /** For sharing (Open Graph / Twitter cards): the title and description. */
  share: z.object({ title: z.string(), description: z.string() }),
}).meta({ id: "BlogPost" });
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogListQuerySchema = PageQuerySchema.extend({
  lang: language.optional(),
  /** A category's slug. */
  category: text("category", BLOG_SLUG_MAX).optional(),
  tag: text("tag", BLOG_TAG_MAX).optional(),
  /** Words searched in the titles and summaries. */
  q: text("q", BLOG_SEARCH_MAX).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

export const BlogLangQuerySchema = z.object({ lang: language.optional() });

export const BlogPostParamsSchema = z.object({
  /** The post's id, or its slug in either language. */
  idOrSlug: text("idOrSlug", BLOG_SLUG_MAX).trim().min(1, { error: "idOrSlug is required" }),
});

/** A post as the back office sees it: every language's words and Markdown, whatever its status. */
const AdminVersionSchema = z.object({
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  body_md: z.string(),
  html: z.string(),
});
export const AdminBlogPostSchema = z
  .object({
    id: z.number().int(),
    /** draft, scheduled (publish_at still ahead) or published (publish_at reached). */
    status: z.enum(BLOG_STATUSES),
    publish_at: z.string().nullable(),
    category: BlogCategorySchema.nullable(),
    tags: z.array(z.string()),
    cover: CoverSchema,
    author: z.string(),
    en: AdminVersionSchema.nullable(),
    fr: AdminVersionSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminBlogPost" });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogPostPageSchema = pageOf(AdminBlogPostSchema).meta({ id: "AdminBlogPostPage" });

export const AdminBlogQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(BLOG_STATUSES, { error: "status must be draft, scheduled or published" }).optional(),
  q: text("q", BLOG_SEARCH_MAX).optional(),
});
export type AdminBlogQuery = z.infer<typeof AdminBlogQuerySchema>;

export const BlogIdParamsSchema = z.object({ id: idParam("id") });
