/** Outside destinations, configurable at build time (VITE_*), with the public defaults. */
export const EXTERNAL_LINKS = {
  partnerSite: import.meta.env.VITE_PARTNER_SITE_URL ?? "https://partners.parkwell.africa",
  appStore: import.meta.env.VITE_APP_STORE_URL ?? "https://apps.apple.com/app/parkwell",
  googlePlay:
    import.meta.env.VITE_GOOGLE_PLAY_URL ?? "https://play.google.com/store/apps/details?id=africa.parkwell",
} as const;
