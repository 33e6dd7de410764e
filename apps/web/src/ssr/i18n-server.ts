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

/**
 * One request's i18next: its own instance in the request's language, every catalogue already in
 * it (nothing suspends on the server), the same options as the browser's (src/lib/i18n.ts).
 */
export function createServerI18n(language: Language): I18n {
  const instance = createInstance({
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
  return instance;
}
