import fs from "node:fs";
import path from "node:path";
import type { PageContent } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { FIRST_PAGE_TEXTS } from "./pages";

const locales = path.resolve(import.meta.dirname, "../../../../../packages/contract/locales");
const catalogue = (language: string, file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(locales, language, file), "utf8"));

// The web app shows /about and /help from the API and checks their built-in (catalogue) texts for
// promises of features not built (apps/web/src/app/truthful-pages.test.tsx): version 1 must be
// those same texts, so what a new database serves is what was checked.
describe("version 1 of the pages the web app checks", () => {
  it.each(["en", "fr"] as const)("about and the FAQs are the web app's built-in texts (%s)", (language) => {
    const { about } = catalogue(language, "company.json") as { about: PageContent };
    expect(FIRST_PAGE_TEXTS.about[language]).toEqual({
      title: about.title,
      lead: about.lead,
      sections: about.sections,
    });
    const { help } = catalogue(language, "contact.json") as {
      help: { title: string; lead: string; faqs: { q: string; a: string }[] };
    };
    expect(FIRST_PAGE_TEXTS.faq[language]).toEqual({
      title: help.title,
      lead: help.lead,
      sections: help.faqs.map((f) => ({ title: f.q, body: f.a })),
    });
  });
});
