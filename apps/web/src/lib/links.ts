/** Outside destinations, configurable at build time (VITE_*), with the public defaults. */
export const EXTERNAL_LINKS = {
  partnerSite: import.meta.env.VITE_PARTNER_SITE_URL ?? "https://partners.parkwell.africa",
} as const;

/** The page that installs the web app (docs/decisions/043-installable-app.md). */
export const INSTALL_PATH = "/install";

export type AppStore = "appStore" | "googlePlay";

/**
 * A native app's page in its store, once it exists: set at build time (VITE_APP_STORE_URL,
 * VITE_GOOGLE_PLAY_URL). Unset (or blank), there is no native app and the store's links go to
 * /install instead. Read when asked, so a test can set it.
 */
export function appStoreUrl(store: AppStore): string | null {
  const url =
    store === "appStore" ? import.meta.env.VITE_APP_STORE_URL : import.meta.env.VITE_GOOGLE_PLAY_URL;
  return url?.trim() || null;
}
