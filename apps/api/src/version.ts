/** Replaced at build time by build.mjs; "dev" when running from source. */
declare const __PARKWELL_VERSION__: string | undefined;
export const VERSION = typeof __PARKWELL_VERSION__ === "string" ? __PARKWELL_VERSION__ : "dev";
