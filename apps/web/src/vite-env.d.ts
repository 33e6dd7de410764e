/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_PARTNER_SITE_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_GOOGLE_PLAY_URL?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
}
