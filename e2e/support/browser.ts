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
    /**
     * A context; under the test clock, its pages read the run's "now", which runs on from there.
     * The app's service worker is blocked unless the options allow it (`serviceWorkers: "allow"`,
     * e2e/offline.e2e.ts): a test about something else neither waits for its downloads nor has its
     * pages and requests answered by it rather than by its own routes.
     */
    async newContext(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
      if (!browser) throw new Error("the browser is used before beforeAll ran");
      const context = await browser.newContext({ serviceWorkers: "block", ...options });
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
  startsAppOnLoad(page);
  recordApiCalls(page);
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return { page, problems };
}

/**
 * `page.goto` and `page.reload` resolve when the app has started on the page as well (React has
 * taken over `#root`), not only at the load event or `networkidle`: on a loaded machine those can
 * come while the route's code is still being read, and a click on the server's HTML before React
 * listens does nothing (a button) or loads a new document (a link). A test that looks at the page
 * before the app starts asks for `waitUntil: "commit"` or `"domcontentloaded"`; a page that is
 * not the app (no `#root`) is not waited for.
 */
function startsAppOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const started = async (options?: { waitUntil?: string }) => {
    if (options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded") return;
    await waitForApp(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await started(options);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await started(options);
    return response;
  };
}

/**
 * Waits until React has taken over the page's `#root` (`hydrateRoot` or `createRoot` has marked it
 * and listens for events there), or the page has no `#root`. A click is then handled: React
 * hydrates the clicked part first if it has not reached it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const root = document.getElementById("root");
        return root === null || Object.keys(root).some((key) => key.startsWith("__reactContainer"));
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch((err: Error) => {
      throw new Error(`the app did not start on ${page.url()} within 30 s: ${err.message}`);
    });
}

interface ApiCall {
  method: string;
  path: string;
  at: number;
  /** The answer's status, or what went wrong; undefined while it is awaited. */
  outcome?: number | string;
  ms?: number;
}
const apiCalls = new WeakMap<Page, ApiCall[]>();

/** Every request of `page` to the API, when it went and how it was answered, for `arriveAt`'s failures. */
function recordApiCalls(page: Page): void {
  const calls: ApiCall[] = [];
  apiCalls.set(page, calls);
  const open = new Map<object, ApiCall>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/")) return;
    const call = { method: request.method(), path: url.pathname, at: Date.now() };
    calls.push(call);
    open.set(request, call);
  });
  const settle = (request: object, outcome: number | string) => {
    const call = open.get(request);
    if (!call) return;
    open.delete(request);
    call.outcome = outcome;
    call.ms = Date.now() - call.at;
  };
  page.on("response", (response) => settle(response.request(), response.status()));
  page.on("requestfailed", (request) => settle(request, request.failure()?.errorText ?? "failed"));
}

/**
 * `page.waitForURL`, and when the page does not get there: what it shows instead (its heading, its
 * alerts and statuses, the fields marked invalid with their messages) and its requests to the API
 * of the last minute with their answers and times, so a failure tells a slow server from a page
 * that missed an answer or said something else.
 */
export async function arriveAt(page: Page, url: RegExp, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForURL(url, options).catch(async (err: Error) => {
    const shown = await page
      .evaluate(() => {
        const text = (el: Element | null) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
        const invalid = [...document.querySelectorAll("[aria-invalid=true]")].map((field) => {
          const said = (field.getAttribute("aria-describedby") ?? "")
            .split(" ")
            .map((id) => document.getElementById(id));
          return `${field.getAttribute("name") ?? field.id}: ${said.map(text).join(" ")}`;
        });
        return {
          heading: text(document.querySelector("main h1")),
          said: [...document.querySelectorAll("[role=alert], [role=status]")].map(text).filter(Boolean),
          invalid,
        };
      })
      .catch((e: Error) => ({ unreadable: e.message }));
    const since = Date.now() - 60_000;
    const calls = (apiCalls.get(page) ?? [])
      .filter((call) => call.at >= since)
      .map(
        (call) =>
          `${call.method} ${call.path} ${call.outcome ?? "awaited"} after ${call.ms ?? Date.now() - call.at} ms`,
      );
    // Lines starting "» " are also printed in the test run's summary (scripts/test.mjs).
    const [first, ...rest] = err.message.split("\n");
    const said = [
      `at ${page.url()} the page shows ${JSON.stringify(shown)}`,
      `its API calls of the last minute${calls.length > 8 ? " (the last 8)" : ""}: ${calls.length ? "" : "none"}`,
      ...calls.slice(-8).map((call) => `  ${call}`),
    ];
    throw new Error([first, ...said.map((line) => `» ${line}`), ...rest].join("\n"));
  });
}
