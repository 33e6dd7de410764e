import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, waitForApp, watchedPage } from "./support/browser";
import { rootText } from "./support/ssr";

/**
 * The installable web app (issue #63, docs/decisions/043-installable-app.md): every page links the
 * manifest of its language, which Chromium parses without an error and whose icons load at their
 * sizes; /install and the footer's app-store links, in English and French, on a phone and a
 * desktop, with the keyboard.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();

/** Axe's serious and critical findings (WCAG 2.2 AA), as shell-a11y.e2e.ts checks the shell's pages. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

interface CdpManifest {
  url: string;
  errors: { message: string }[];
  manifest?: {
    name?: string;
    display?: string;
    startUrl?: string;
    scope?: string;
    icons?: { url: string; sizes?: string; type?: string }[];
  };
}

describe("the web app's manifest", () => {
  for (const [path, language, href] of [
    ["/", "en", "/manifest.webmanifest"],
    ["/about?lang=fr", "fr", "/manifest.webmanifest?lang=fr"],
    // A page the browser renders (index.html) links it too, in its language once the app runs.
    ["/help?lang=fr", "fr", "/manifest.webmanifest?lang=fr"],
  ] as const) {
    it(`${path}: linked in ${language}, parsed by Chromium without an error, its icons load at their sizes`, async () => {
      const res = await fetch(`${baseURL}${path}`);
      const html = await res.text();
      if (path !== "/help?lang=fr") {
        // Rendered on the server: the link is in the page before any script runs.
        expect(html).toContain(`<link rel="manifest" href="${href}" />`);
      }
      const manifest = await fetch(`${baseURL}${href}`);
      expect(manifest.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
      expect(await manifest.json()).toMatchObject({ lang: language, name: "Parkwell" });

      const context = await browser.newContext();
      const { page, problems } = await watchedPage(context);
      await page.goto(`${baseURL}${path}`);
      await expect.poll(() => page.getAttribute('link[rel="manifest"]', "href")).toBe(href);
      const cdp = await context.newCDPSession(page);
      const read = (await cdp.send("Page.getAppManifest")) as CdpManifest;
      expect(read.url).toBe(`${baseURL}${href}`);
      expect(read.errors).toEqual([]);
      expect(read.manifest).toMatchObject({
        name: "Parkwell",
        display: "kStandalone",
        startUrl: `${baseURL}/`,
        scope: `${baseURL}/`,
      });
      const icons = read.manifest?.icons ?? [];
      expect(icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
      for (const icon of icons) {
        const loaded = await page.evaluate(async (url) => {
          const response = await fetch(url);
          const bitmap = await createImageBitmap(await response.blob());
          return {
            status: response.status,
            type: response.headers.get("content-type"),
            size: `${bitmap.width}x${bitmap.height}`,
          };
        }, icon.url);
        expect(loaded, icon.url).toEqual({ status: 200, type: "image/png", size: icon.sizes });
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("/install and the footer's app-store links", () => {
  const texts = {
    en: {
      title: "Install the Parkwell app",
      ios: "On an iPhone or iPad (Safari)",
      android: "Install on Android",
      button: "Install Parkwell",
    },
    fr: {
      title: "Installer l'application Parkwell",
      ios: "Sur iPhone ou iPad (Safari)",
      android: "Installer sur Android",
      button: "Installer Parkwell",
    },
  } as const;

  for (const language of ["en", "fr"] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`${language}, ${name}: from the footer with the keyboard to /install, the steps, then the browser's offer as a button`, async () => {
        const t = texts[language];
        // Rendered on the server: the steps by hand, which work without a script.
        const server = rootText(await (await fetch(`${baseURL}/install?lang=${language}`)).text());
        expect(server).toContain(t.title);
        expect(server).toContain(t.ios);

        const context = await browser.newContext({ viewport });
        const { page, problems } = await watchedPage(context);
        await page.goto(`${baseURL}/about?lang=${language}`);
        const link = page.getByRole("contentinfo").getByRole("link", { name: t.android });
        expect(await link.getAttribute("href")).toBe("/install");
        await link.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`${baseURL}/install`);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
        // Chromium's headless shell never offers the install: the steps by hand.
        expect(await page.getByRole("heading", { name: t.ios }).isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: t.button }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

        // The browser's offer, as Chromium fires it (the app keeps it from the start of the visit):
        // the button opens its dialog, reached with the keyboard. The heading above may be the
        // server's HTML before the app's script has run (a loaded machine): the offer is fired once
        // React has taken the page over, when the app's listener is there, as it is in a browser.
        await waitForApp(page);
        await page.evaluate(() => {
          const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
            prompt: async () => {
              (window as unknown as { prompted: number }).prompted = 1;
            },
            userChoice: Promise.resolve({ outcome: "dismissed", platform: "web" }),
          });
          window.dispatchEvent(offer);
        });
        const button = page.getByRole("button", { name: t.button });
        await button.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await button.focus();
        await page.keyboard.press("Enter");
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted))
          .toBe(1);
        // Dismissed, the offer is spent: the steps by hand again.
        await expect.poll(() => page.getByRole("heading", { name: t.ios }).isVisible()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
