import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { saveAccountLanguage } from "./profile-sync";
import { STORAGE_KEYS, storedLanguage, writeStorage } from "./storage-keys";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Catalogues are `locales/<language>/<namespace>.json`, one namespace per feature (`common` for
 * the shell). Each is its own chunk, fetched the first time a component asks for it, so a page
 * carries only its own text and only in the language shown.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

/** The visitor's choice: stored, shown, and (signed in) the account's language for e-mails. */
export async function setLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  void saveAccountLanguage(language);
  // Every namespace in use is loaded first, so nothing on screen suspends (and unmounts) mid-switch.
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

void i18n
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const load = catalogues[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
      return (await load()).default;
    }),
  )
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
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

export { i18n };
