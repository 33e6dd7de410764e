/** localStorage keys, word for word from docs/PRODUCT-RULES.md#storage-keys. */
export const STORAGE_KEYS = {
  token: "parkwell_user_token",
  user: "user",
  socialLoginSuccess: "social_login_success",
  socialLoginNewUser: "social_login_new_user",
  selectedCountry: "selectedCountry",
  countryAutoDetected: "countryAutoDetected",
  profile: "profile",
  countries: "countries",
  states: "states",
  vehicles: "vehicles",
  email: "email",
  language: "language",
  ipLookup: "parkwell_ip_lookup",
  deviceId: "parkwell_device_id",
  referralCode: "parkwell_referral_code",
  offlinePasses: "parkwell_offline_passes",
} as const;

export function readStorage(key: string): string | null {
  // No storage on the server: null without throwing and catching (a server render reads it often).
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode): the app keeps working without it.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * The language to show: the one the visitor chose (stored) wins; before any choice, the first of
 * the browser's languages that is English or French (`fr-FR` reads French); else English.
 */
export function pickLanguage(stored: string | null, browser: readonly string[]): "en" | "fr" {
  if (stored === "en" || stored === "fr") return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "en" || primary === "fr") return primary;
  }
  return "en";
}

/** The language the site speaks: the stored choice, else the browser's (see pickLanguage). */
export function storedLanguage(): "en" | "fr" {
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage(readStorage(STORAGE_KEYS.language), browser);
}

/** The cookie the server reads for the visitor's language (a year; every path). */
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The cookie the server reads for the visitor's country (its code; a year; every path). */
export const COUNTRY_COOKIE = "country";

/** Mirrors the stored country into the `country` cookie a server render reads. */
export function writeCountryCookie(code: string): void {
  if (typeof document === "undefined") return;
  document.cookie = `${COUNTRY_COOKIE}=${code}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Mirrors the stored language into the `language` cookie a server render reads. */
export function writeLanguageCookie(language: "en" | "fr"): void {
  if (typeof document === "undefined") return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}
