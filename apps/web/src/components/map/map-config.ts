/**
 * Map tiles come from configuration (VITE_MAP_TILE_URL at build time; an empty value means no
 * tiles). The server's Content-Security-Policy allows https images, so any https tile server works.
 * Without reachable tiles the map still shows its pins on a plain background.
 */
export const MAP_TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const MAP_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_ATTRIBUTION ??
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Where the map opens for a country when the search has no coordinates. */
export const COUNTRY_CENTERS: Record<string, [number, number]> = {
  NG: [6.5244, 3.3792],
  CA: [43.6532, -79.3832],
  SN: [14.6928, -17.4467],
  US: [40.7128, -74.006],
};
