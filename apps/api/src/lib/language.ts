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
