import { z } from "zod";
import { LanguageSchema } from "./accounts";

/**
 * The pages the company edits (issue #47, decision 035): the texts of the Terms, the Privacy
 * Policy, the Cancellation Policy, About, the Help FAQs and the space guarantee (decision 058), in
 * English and French, with versions.
 * A text is structured as the web's information pages are: a title, a lead and titled sections of
 * plain-text paragraphs (blank-line separated) with an optional bullet list. Never HTML.
 */
export const PAGE_KEYS = ["terms", "privacy", "cancellation", "about", "faq", "guarantee"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const PAGE_TITLE_MAX = 200;
export const PAGE_LEAD_MAX = 1_000;
export const PAGE_SECTION_BODY_MAX = 10_000;
export const PAGE_SECTIONS_MAX = 60;
export const PAGE_ITEMS_MAX = 40;
export const PAGE_ITEM_MAX = 1_000;
export const PAGE_NOTE_MAX = 500;

const text = (field: string, max: number, required: boolean) => {
  const s = z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });
  return required ? s.min(1, { error: "This field is required!" }) : s;
};

export const PageSectionSchema = z.object({
  title: text("title", PAGE_TITLE_MAX, true),
  body: text("body", PAGE_SECTION_BODY_MAX, false).optional(),
  items: z
    .array(text("item", PAGE_ITEM_MAX, true), { error: "items must be a list" })
    .max(PAGE_ITEMS_MAX, { error: `At most ${PAGE_ITEMS_MAX} items` })
    .optional(),
});
export type PageSection = z.infer<typeof PageSectionSchema>;

export const PageContentSchema = z
  .object({
    title: text("title", PAGE_TITLE_MAX, true),
    lead: text("lead", PAGE_LEAD_MAX, false),
    sections: z
      .array(PageSectionSchema, { error: "sections must be a list" })
      .max(PAGE_SECTIONS_MAX, { error: `At most ${PAGE_SECTIONS_MAX} sections` }),
  })
  .meta({ id: "PageContent" });
export type PageContent = z.infer<typeof PageContentSchema>;

export const PageKeyParamsSchema = z.object({
  key: z.enum(PAGE_KEYS, { error: "Unknown page" }),
});
export const PageLangQuerySchema = z.object({ lang: LanguageSchema.default("en") });

/** The current (latest published) version of a page in one language. */
export const PublicPageSchema = z
  .object({
    key: z.enum(PAGE_KEYS),
    language: LanguageSchema,
    version: z.number().int(),
    published_at: z.string(),
    content: PageContentSchema,
  })
  .meta({ id: "PublicPage" });
export type PublicPage = z.infer<typeof PublicPageSchema>;

/** One published version: both languages' texts, who published it, when, and why. */
export const PageVersionSchema = z
  .object({
    version: z.number().int(),
    published_at: z.string(),
    author: z.object({ id: z.string(), name: z.string() }).nullable(),
    note: z.string(),
    content: z.object({ en: PageContentSchema, fr: PageContentSchema }),
  })
  .meta({ id: "PageVersion" });
export type PageVersion = z.infer<typeof PageVersionSchema>;

export const AdminPageSummarySchema = z.object({
  key: z.enum(PAGE_KEYS),
  title: z.string(),
  version: z.number().int(),
  published_at: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  note: z.string(),
});
export const AdminPageListSchema = z.object({ items: z.array(AdminPageSummarySchema) });
export type AdminPageSummary = z.infer<typeof AdminPageSummarySchema>;

export const PageVersionListSchema = z.object({ items: z.array(PageVersionSchema) });

/** Publishing a new version: both languages' full texts and a note saying what changed. */
export const PublishPageBodySchema = z
  .object({
    content: z.object({ en: PageContentSchema, fr: PageContentSchema }),
    note: text("note", PAGE_NOTE_MAX, true),
  })
  .meta({ id: "PublishPageBody" });
export type PublishPageBody = z.input<typeof PublishPageBodySchema>;

/** The Terms a signed-in user still has to accept (null: none). */
export const TermsStatusSchema = z
  .object({
    accepted_version: z.number().int().nullable(),
    accepted_at: z.string().nullable(),
    terms_to_accept: z.object({ version: z.number().int(), published_at: z.string() }).nullable(),
  })
  .meta({ id: "TermsStatus" });
export type TermsStatus = z.infer<typeof TermsStatusSchema>;

export const AcceptTermsBodySchema = z.object({
  version: z
    .number({ error: "version must be a number" })
    .int({ error: "version must be a whole number" })
    .min(1, { error: "version must be 1 or more" })
    .max(1_000_000, { error: "version is too large" }),
});
