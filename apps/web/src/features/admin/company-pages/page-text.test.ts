import { describe, expect, it } from "vitest";
import firstTexts from "../../../../../api/src/db/seed/pages.json";
import { sectionsToText, textToSections } from "./page-text";

describe("a page's sections as the editor's text", () => {
  it("round-trips every seeded page in both languages without losing a word", () => {
    for (const page of Object.values(firstTexts)) {
      for (const content of [page.en, page.fr]) {
        expect(textToSections(sectionsToText(content.sections))).toEqual(content.sections);
      }
    }
  });

  it("reads titles, paragraphs and bullets; anything else stays text", () => {
    expect(textToSections("## One\nfirst line\n\n<b>bold</b>\n- a\n- b\n## Two")).toEqual([
      { title: "One", body: "first line\n\n<b>bold</b>", items: ["a", "b"] },
      { title: "Two" },
    ]);
  });
});
