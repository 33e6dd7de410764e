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
    const w = window as unknown as {
      layoutShift: number;
      shifts: string[];
      serverHeading: Element | null;
    };
    w.layoutShift = 0;
    w.shifts = [];
    const named = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${[...node.classList].map((c) => `.${c}`).join("")}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        const moved = (entry.sources ?? []).map((s) => named(s.node)).join(", ");
        w.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
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

/**
 * What watchHydration saw: whether the parser's heading is still the page's, the shifts' sum, and
 * each shift (its score, when, and what moved) for a failure to name.
 */
export async function hydrationSeen(
  page: Page,
): Promise<{ headingKept: boolean; layoutShift: number; shifts: string[] }> {
  return await page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; shifts: string[]; serverHeading: Element | null };
    return {
      headingKept: w.serverHeading === document.querySelector("#root h1"),
      layoutShift: w.layoutShift,
      shifts: w.shifts,
    };
  });
}
