import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PageContent } from "@parkwell/contract";
import { users } from "./auth";

/**
 * The versions of the pages the company edits (decision 035): one row per published version of a
 * page, holding both languages' texts (title, lead, sections; plain text, never HTML), who
 * published it, when and the note saying what changed. Rows are never changed or deleted; the
 * current version of a page is its highest `version`. Version 1 of each page is seeded from the
 * texts the web app showed before the pages were editable.
 */
export const pageVersions = pgTable(
  "page_versions",
  {
    pageKey: text("page_key").notNull(),
    version: integer("version").notNull(),
    contentEn: jsonb("content_en").$type<PageContent>().notNull(),
    contentFr: jsonb("content_fr").$type<PageContent>().notNull(),
    note: text("note").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pageKey, t.version] }),
    check(
      "page_versions_key_check",
      sql`${t.pageKey} IN ('terms', 'privacy', 'cancellation', 'about', 'faq', 'guarantee')`,
    ),
    check("page_versions_version_check", sql`${t.version} >= 1`),
  ],
);
