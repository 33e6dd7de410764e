import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { LANGUAGES, type Language } from "../lib/i18n";

/** Every catalogue, bundled into the server's code (the browser still loads each when it needs it). */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    "../../../../packages/contract/locales/*/*.json",
    "!../../../../packages/contract/locales/*/server.json",
    "!../../../../packages/contract/locales/*/mail.json",
  ],
  { eager: true },
);

const resources: Resource = {};
const namespaces = new Set<string>();
for (const [file, module] of Object.entries(catalogues)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  resources[language] = { ...resources[language], [namespace]: module.default };
  namespaces.add(namespace);
}

/** One i18next per language, every catalogue already in it, made once: a render only reads it. */
const instances = new Map<Language, I18n>();
function languageInstance(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    // The same options as the browser's (src/lib/i18n.ts); nothing suspends on the server.
    instance = createInstance({
      lng: language,
      fallbackLng: "en",
      supportedLngs: LANGUAGES,
      ns: [...namespaces],
      defaultNS: "common",
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

/**
 * One request's i18next: a view of its language's instance (an object whose prototype it is, with
 * nothing of its own), so that every read and call reaches the instance while what the render
 * writes stays the request's (react-i18next's record of the namespaces the page used, which the
 * page carries to the browser). A render never changes the instance: no language change, no
 * catalogue added.
 *
 * Also the render's cost: react-i18next's useTranslation copies its i18n's own properties into a
 * wrapper at every mount, and an i18next instance has 42 (its methods are bound to it as own
 * properties); on a park page, some thirty mounts made that a tenth of the render. The view has
 * none to copy.
 */
export function createServerI18n(language: Language): I18n {
  return Object.create(languageInstance(language)) as I18n;
}
