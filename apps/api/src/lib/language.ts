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

/**
 * A staff text (an event's description, an item's name or description, a slider's title) in
 * `language` when it is written in it, else in the other, with the language it is given in: the
 * answer says it (`text_language`, `description_language`...), so a page can mark the text with
 * its `lang` and "Text in English". Each text on its own: an item named in French but described
 * in English only shows its French name.
 */
export function staffText(text: StaffText, language: Language): { text: string; language: Language } {
  const other: Language = language === "en" ? "fr" : "en";
  const own = text[language]?.trim();
  if (own) return { text: own, language };
  const theirs = text[other]?.trim();
  return theirs ? { text: theirs, language: other } : { text: "", language };
}
