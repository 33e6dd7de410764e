/** The languages the product speaks. */
export type Language = "en" | "fr";

/**
 * The language of a request: French when the client's first choice in Accept-Language is French
 * ("fr", "fr-CA", "fr-SN"), English otherwise.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  return /^\s*fr\b/i.test(acceptLanguage ?? "") ? "fr" : "en";
}

/**
 * "Number: …" / "Numéro : …": a label and its value, with French's no-break space before the
 * colon (receipts, statements, e-mails).
 */
export function labelled(label: string, value: string, language: Language): string {
  return label + (language === "fr" ? "\u00a0: " : ": ") + value;
}

/** A text staff write in English and, optionally, French (either may be blank). */
export type StaffText = { en: string; fr: string };

const other = (language: Language): Language => (language === "en" ? "fr" : "en");

/** The languages a staff text is written in (blank is not written). */
export const languagesOf = (text: StaffText): Language[] =>
  (["en", "fr"] as const).filter((l) => Boolean(text[l]?.trim()));

/**
 * The language to give one thing's staff texts in (an event's description; an item's name and
 * description; a slider's title and subtitle), each text given by the languages it is written in:
 * the request's when the thing has in it every text it has in the other, else the other. A
 * translation counts only when complete, as a park's does (parks.present.ts): a page is in one
 * language, and `text_language` says which.
 */
export function textLanguage(texts: readonly (readonly Language[])[], language: Language): Language {
  return texts.every((written) => written.includes(language) || !written.includes(other(language)))
    ? language
    : other(language);
}

/** A staff text in `language` (see textLanguage), else in the other when only that one has it. */
export const textIn = (text: StaffText, language: Language): string =>
  text[language]?.trim() || text[other(language)]?.trim() || "";
