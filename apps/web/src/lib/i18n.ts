import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { saveAccountLanguage } from "./profile-sync";
import { addressLanguage } from "@parkwell/contract";
import { serverState } from "./server-state";
import { linkManifest } from "./web-manifest";
import { readStorage, STORAGE_KEYS, storedLanguage, writeLanguageCookie, writeStorage } from "./storage-keys";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Catalogues are `packages/contract/locales/<language>/<namespace>.json` (the one catalogue of the
 * web app, the API's replies and the e-mails: docs/decisions/042-one-text-catalogue.md), one
 * namespace per feature (`common` for the shell); the API's own namespaces (`server`, `mail`) are
 * not the app's. Each is its own chunk, fetched the first time a component asks for it, so a page
 * carries only its own text and only in the language shown.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  "../../../../packages/contract/locales/*/*.json",
  "!../../../../packages/contract/locales/*/server.json",
  "!../../../../packages/contract/locales/*/mail.json",
]);

/**
 * Stores the visitor's language: the `language` key, and the `language` cookie the server reads
 * to render a page in it (docs/decisions/036-public-pages-on-the-server.md).
 */
export function storeLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  writeLanguageCookie(language);
}

/** The visitor's choice: stored, shown, and (signed in) the account's language for e-mails. */
export async function setLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  void saveAccountLanguage(language);
  // Every namespace in use is loaded first, so nothing on screen suspends (and unmounts) mid-switch.
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

/**
 * The language the app starts in: a server-rendered page's own (the first render must be the
 * server's); else the address's `?lang=` (stored, as the language menu does); else the stored one.
 */
function startLanguage(): Language {
  const asked = addressLanguage(window.location.search);
  if (asked) storeLanguage(asked);
  return serverState()?.language ?? asked ?? storedLanguage();
}

/**
 * After a server-rendered page is hydrated: a stored language the page is not in is shown. A
 * language stored before the cookie existed is written to it, and the page asked for again in it,
 * by index.html's first script before anything is drawn (docs/decisions/038); this is only for a
 * browser that keeps no cookie, whose server page cannot be in it.
 */
export function keepStoredLanguage(): void {
  const stored = readStorage(STORAGE_KEYS.language);
  if (stored !== "en" && stored !== "fr") return;
  if (stored !== i18n.language && !addressLanguage(window.location.search)) void setLanguage(stored);
}

// The browser's one instance; a server render makes its own per request (src/ssr/i18n-server.ts).
if (typeof window !== "undefined") initBrowserI18n();

function initBrowserI18n(): void {
  i18n.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
    linkManifest(lng);
  });
  void i18n
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        const load = catalogues[`../../../../packages/contract/locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
        return (await load()).default;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: startLanguage(),
      fallbackLng: "en",
      supportedLngs: LANGUAGES,
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      // A key missing from the shown language is a bug: say so loudly (the browser tests fail on it).
      // A key asked for with a defaultValue names data (a country added as rows, say) that the
      // catalogue may not know yet: the data's own text is shown, and that is not a bug.
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key, _fallback, _update, options) => {
        if (typeof (options as { defaultValue?: unknown } | undefined)?.defaultValue === "string") return;
        console.error(`Missing translation: ${languages.join(",")}/${namespace}:${key}`);
      },
      react: { useSuspense: true },
    });
}

export { i18n };
