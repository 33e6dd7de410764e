import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { queryRows, type Db } from "./client";
import { MIGRATIONS_DIR } from "./migrate";
import { FIRST_PAGE_TEXTS } from "./seed/pages";

// Migration 0087 gives a database whose current /cancellation-policy or /about still says what is
// no longer true a new version with the seed's present text, and leaves a page staff rewrote alone.
let fresh: FreshDatabase;
let db: Db;

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.database.db;
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
});

const OLD_CANCELLATION = {
  en: "If the operator cannot give you a space during your booking (the park is closed, full or inaccessible), you receive a full refund, fees included, whatever the time. Contact us through the Contact Us page with your booking code.",
  fr: "Si l'exploitant ne peut pas vous fournir de place pendant votre réservation (parking fermé, complet ou inaccessible), vous êtes remboursé intégralement, frais compris, quel que soit le moment. Contactez-nous depuis la page Nous contacter avec votre code de réservation.",
};

const current = async (key: string) => {
  const [row] = await queryRows<{ version: number; en: unknown; fr: unknown }>(
    db,
    sql`SELECT version, content_en AS en, content_fr AS fr FROM page_versions
      WHERE page_key = ${key} ORDER BY version DESC LIMIT 1`,
  );
  return row!;
};

describe("migration 0087: the pages' texts made true again", () => {
  it("replaces the old sentence in a current version that holds it, and leaves a rewritten page alone", async () => {
    const old = (language: "en" | "fr") => {
      const content = structuredClone(FIRST_PAGE_TEXTS.cancellation[language]);
      content.sections[2]!.body = OLD_CANCELLATION[language];
      return JSON.stringify(content);
    };
    const rewritten = structuredClone(FIRST_PAGE_TEXTS.about.en);
    rewritten.sections[3]!.body = "Written by our staff.";
    const at = "2026-01-05T10:00:00Z";
    await db.execute(sql`INSERT INTO page_versions (page_key, version, content_en, content_fr, note, created_at)
      VALUES ('cancellation', 2, ${old("en")}::jsonb, ${old("fr")}::jsonb, 'old text', ${at}::timestamptz),
        ('about', 2, ${JSON.stringify(rewritten)}::jsonb, ${JSON.stringify(FIRST_PAGE_TEXTS.about.fr)}::jsonb,
          'staff', ${at}::timestamptz)`);

    const file = fs.readFileSync(path.join(MIGRATIONS_DIR, "0087_page_texts_now_true.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    const cancellation = await current("cancellation");
    expect(cancellation.version).toBe(3);
    expect(cancellation.en).toEqual(FIRST_PAGE_TEXTS.cancellation.en);
    expect(cancellation.fr).toEqual(FIRST_PAGE_TEXTS.cancellation.fr);
    const about = await current("about");
    expect(about.version).toBe(2);
    expect(about.en).toEqual(rewritten);
  });
});
