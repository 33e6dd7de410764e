import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { withoutTestClock } from "../../apps/api/src/test/test-clock";

/** Debian's headless shell (package chromium-headless-shell): the browser tests' Chromium, lighter than the full one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium headless shell, with the flags this machine's closed network needs. Under the
 * test clock (npm run test:clock -- --e2e) the browser itself keeps the machine's clock: its pages
 * get the run's "now" from useBrowser's contexts.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    env: withoutTestClock(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return browser;
}

/** One browser for the test file: launched before its tests, closed after them. */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A context; under the test clock, its pages read the run's "now", which runs on from there. */
    async newContext(...options: Parameters<Browser["newContext"]>): Promise<BrowserContext> {
      if (!browser) throw new Error("the browser is used before beforeAll ran");
      const context = await browser.newContext(...options);
      if (process.env.FAKETIME) await context.clock.install({ time: Date.now() });
      return context;
    },
  };
}

/**
 * Before each page of `context` loads: the login's token and profile and a language in the storage,
 * as the app keeps them after signing in (the pages open signed in, in that language).
 */
export async function storeSignIn(
  context: BrowserContext,
  login: { access_token: string; user: Record<string, unknown> },
  language: "en" | "fr",
): Promise<void> {
  await context.addInitScript(
    ([token, profile, lang]) => {
      window.localStorage.setItem("parkwell_user_token", token);
      window.localStorage.setItem("profile", profile);
      window.localStorage.setItem("language", lang);
    },
    [login.access_token, JSON.stringify(login.user), language] as const,
  );
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

/** The public IP lookup services the app asks for the visitor's country (apps/web/src/lib/ip-lookup.ts). */
export const IP_LOOKUP_HOSTS = /^https:\/\/(ipapi\.co|ipwho\.is|api\.country\.is)\//;

export interface PageOptions {
  /**
   * The country stored before the first page loads, as if chosen on an earlier visit (default
   * NG), or null for a first visit, which opens the country picker.
   */
  country?: "NG" | "CA" | "SN" | "US" | null;
  /**
   * What the IP lookup services answer: a country code (default NG), or "unreachable". Tests
   * never reach the real services: this machine has no outside network.
   */
  ipCountry?: string | "unreachable";
  /** Delay before the IP lookup answers, in ms. */
  ipDelayMs?: number;
  /**
   * The stored country is also in the `country` cookie the server renders pages for, as the app
   * writes it (default true); false for a browser that stored its country before the cookie existed.
   */
  countryCookie?: boolean;
}

const COUNTRY_NAMES = { NG: "Nigeria", CA: "Canada", SN: "Senegal", US: "United States" } as const;
const COUNTRY_IDS = { NG: 1, CA: 2, SN: 3, US: 4 } as const;

export interface PageWatch {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  problems: string[];
}

/**
 * A page that records console errors and page errors, so a test can assert there were none.
 * The IP lookup services are answered locally, and a country is stored unless told otherwise.
 */
export async function watchedPage(context: BrowserContext, options: PageOptions = {}): Promise<PageWatch> {
  const { country = "NG", ipCountry = "NG", ipDelayMs = 0, countryCookie = true } = options;
  await context.route(IP_LOOKUP_HOSTS, async (route) => {
    if (ipDelayMs) await new Promise((r) => setTimeout(r, ipDelayMs));
    if (ipCountry === "unreachable") return route.abort("connectionrefused");
    return route.fulfill({ json: { ip: "203.0.113.7", country_code: ipCountry, city: "Testville" } });
  });
  if (country) {
    const stored = { code: country, name: COUNTRY_NAMES[country], id: COUNTRY_IDS[country] };
    // Only when nothing is stored, so a choice made during the test survives reloads.
    await context.addInitScript((value: string) => {
      if (!window.localStorage.getItem("selectedCountry"))
        window.localStorage.setItem("selectedCountry", value);
    }, JSON.stringify(stored));
    // Every server of the run listens on 127.0.0.1, and a cookie does not depend on the port.
    if (countryCookie)
      await context.addCookies([{ name: "country", value: country, domain: "127.0.0.1", path: "/" }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return { page, problems };
}
