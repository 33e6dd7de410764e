/**
 * The web app's manifest (docs/decisions/043-installable-app.md): what a browser installs, in the
 * language of the page that links it. Its words are the catalogue's (`common`: the brand and the
 * site's description); its colours are the app's (apps/web/src/styles.css, checked by the test).
 */
import enCommon from "../../../../../packages/contract/locales/en/common.json";
import frCommon from "../../../../../packages/contract/locales/fr/common.json";
import type { Language } from "../../lib/language";

/** Where every page links it: `?lang=fr` for a French page, the bare address for an English one. */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** The app's green (`--green-700`) and page background (`--bg`). */
export const THEME_COLOR = "#0b6e4f";
export const BACKGROUND_COLOR = "#ffffff";

/** Rendered from apps/web/public/favicon.svg into apps/web/public/icons/ (the decision says how). */
export const APP_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

const COMMON: Record<Language, typeof enCommon> = { en: enCommon, fr: frCommon };

/**
 * The manifest in `language`. One app whatever the language: the same `id`, start and scope (the
 * start page opens in the visitor's stored language), and the same name, the brand, which a
 * browser would otherwise take for the app being renamed each time a page of the other language
 * is visited. The description, `lang` and the order of nothing else differ.
 */
export function webAppManifest(language: Language) {
  const words = COMMON[language];
  return {
    id: "/",
    name: words.brand,
    short_name: words.brand,
    description: words.site.description,
    lang: language,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: APP_ICONS,
  };
}
