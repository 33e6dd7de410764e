/** The languages the product speaks. */
export type Language = "en" | "fr";

/**
 * The language of a request: French when the client's first choice in Accept-Language is French
 * ("fr", "fr-CA", "fr-SN"), English otherwise.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  return /^\s*fr\b/i.test(acceptLanguage ?? "") ? "fr" : "en";
}
