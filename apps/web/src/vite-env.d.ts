/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
interface ImportMetaEnv {
  readonly VITE_PARTNER_SITE_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_GOOGLE_PLAY_URL?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
  /** Comma-separated IP lookup service URLs (JSON); empty disables detection. */
  readonly VITE_IP_LOOKUP_URLS?: string;
  /** Sentry DSN: errors are reported only when it is set. */
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_APP_VERSION?: string;
}
