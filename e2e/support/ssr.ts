import type { Page } from "playwright-core";

/**
 * What the browser tests of server-rendered pages share (docs/decisions/036-public-pages-on-the-server.md):
 * the text a client without JavaScript reads, and what hydration must keep.
 */

/** The text of an HTML page's #root, tags taken out, entities and spaces as a reader sees them. */
export function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ");
}

/**
 * Before the page's first byte: counts its layout shifts (not those after an input) and keeps the
 * first `#root h1` the HTML parser made, which hydration must keep as the very same element.
 */
export async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; serverHeading: Element | null };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((_, observer) => {
      const h1 = document.querySelector("#root h1");
      if (h1) {
        w.serverHeading = h1;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** What watchHydration saw: whether the parser's heading is still the page's, and the shifts' sum. */
export async function hydrationSeen(page: Page): Promise<{ headingKept: boolean; layoutShift: number }> {
  return await page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; serverHeading: Element | null };
    return {
      headingKept: w.serverHeading === document.querySelector("#root h1"),
      layoutShift: w.layoutShift,
    };
  });
}

/**
 * Waits until React has taken over a server-rendered page: `hydrateRoot` has marked `#root` and
 * listens for events there, so a click is handled (React hydrates the clicked part first if it
 * has not reached it). Before that a click on the server's HTML does nothing, and on a loaded
 * machine `networkidle` can come first (the route's code and catalogues still being read).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
  });
}
