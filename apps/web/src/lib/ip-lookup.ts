import { readJson, STORAGE_KEYS, writeStorage } from "./storage-keys";

/** What the app keeps of an IP lookup. */
export interface IpData {
  ip: string;
  location: {
    country: string;
    countryCode: string;
    city: string;
    region: string;
    latitude: number | null;
    longitude: number | null;
    timezone: string;
  };
  service: string;
  timestamp: number;
}

const DEFAULT_URLS = ["https://ipapi.co/json/", "https://ipwho.is/", "https://api.country.is/"];

/** Comma-separated VITE_IP_LOOKUP_URLS overrides the three public services (tests point at a stub). */
export function lookupUrls(configured = import.meta.env.VITE_IP_LOOKUP_URLS): string[] {
  if (configured === undefined) return DEFAULT_URLS;
  return configured
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
}

/** Lookup timeout 5 s per service, result cached for 1 hour. */
export const IP_LOOKUP_TIMEOUT_MS = 5_000;
export const IP_CACHE_TTL_MS = 60 * 60 * 1000;

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Reads the answer of any of the services: ipapi.co (`country_code`, `country_name`), ipwho.is
 * (`country_code`, `country`, `success`) and country.is (`country` as a two-letter code).
 */
export function parseIpResponse(body: unknown, service: string, now: number): IpData | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (b.success === false || b.error === true) return null;
  const twoLetter = (v: unknown) => (typeof v === "string" && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : "");
  const countryCode = twoLetter(b.country_code) || twoLetter(b.countryCode) || twoLetter(b.country);
  if (!countryCode) return null;
  const tz = b.timezone;
  return {
    ip: str(b.ip),
    location: {
      country: str(b.country_name) || (str(b.country).length > 2 ? str(b.country) : ""),
      countryCode,
      city: str(b.city),
      region: str(b.region),
      latitude: num(b.latitude),
      longitude: num(b.longitude),
      timezone: typeof tz === "object" && tz ? str((tz as Record<string, unknown>).id) : str(tz),
    },
    service,
    timestamp: now,
  };
}

interface CachedLookup {
  data: IpData;
  expiry: number;
}

export function cachedIpData(now = Date.now()): IpData | null {
  const cached = readJson<CachedLookup>(STORAGE_KEYS.ipLookup);
  return cached && cached.expiry > now && cached.data?.location ? cached.data : null;
}

export interface LookupOptions {
  urls?: string[];
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Asks the services in order until one answers with a country; each gets at most `timeoutMs`,
 * so with no network the whole lookup ends within the timeouts and never hangs. Null when all fail.
 */
export async function lookupIp(options: LookupOptions = {}): Promise<IpData | null> {
  const now = options.now ?? Date.now;
  const cached = cachedIpData(now());
  if (cached) return cached;
  const doFetch = options.fetchImpl ?? fetch.bind(window);
  for (const url of options.urls ?? lookupUrls()) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? IP_LOOKUP_TIMEOUT_MS);
    try {
      const res = await doFetch(url, {
        signal: controller.signal,
        headers: { accept: "application/json" },
        credentials: "omit",
      });
      if (!res.ok) continue;
      const at = now();
      const data = parseIpResponse(await res.json(), new URL(url).host, at);
      if (data) {
        const entry: CachedLookup = { data, expiry: at + IP_CACHE_TTL_MS };
        writeStorage(STORAGE_KEYS.ipLookup, JSON.stringify(entry));
        return data;
      }
    } catch {
      // Unreachable, timed out, blocked or not JSON: try the next service.
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}
