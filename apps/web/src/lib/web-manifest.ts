/**
 * The web app's manifest in a page's language (docs/decisions/043-installable-app.md): the API
 * serves it at /manifest.webmanifest, in French with `?lang=fr`. index.html links the English one;
 * a page the server renders in French links the French one (ssr/template.ts), and the language
 * menu moves the link with the language.
 */
export const MANIFEST_PATH = "/manifest.webmanifest";

export function manifestHref(language: string): string {
  return language === "fr" ? `${MANIFEST_PATH}?lang=fr` : MANIFEST_PATH;
}

/** Points the document's manifest link at `language`'s manifest (a browser reads it again). */
export function linkManifest(language: string, doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestHref(language);
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}
