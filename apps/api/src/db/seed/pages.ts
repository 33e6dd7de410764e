import { PAGE_KEYS, type PageContent, type PageKey } from "@parkwell/contract";
import type { Db } from "../client";
import { pageVersions } from "../schema/index";
import firstTexts from "./pages.json";

/**
 * Version 1 of each page the company edits (decision 035): word for word the texts the web app
 * showed before the pages became editable (its locales' legal.json, company.json `about` and
 * contact.json `help`; the FAQs as sections: question as title, answer as body). Inserted once:
 * a page that already has versions keeps them.
 */
export const FIRST_PAGE_TEXTS = firstTexts as Record<PageKey, { en: PageContent; fr: PageContent }>;

export async function seedPages(db: Db, now: Date): Promise<void> {
  await db
    .insert(pageVersions)
    .values(
      PAGE_KEYS.map((key) => ({
        pageKey: key,
        version: 1,
        contentEn: FIRST_PAGE_TEXTS[key].en,
        contentFr: FIRST_PAGE_TEXTS[key].fr,
        note: "First version: the texts published before the pages were editable",
        authorId: null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}
