import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server and database: the post published here would show in every other test's blog.
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

/** A 4x3 PNG, red: small enough to write here, a real image for the server's check of the bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWOgcA9TEL9UV+YsgAAAAASUVORK5CYII=",
  "base64",
);

async function axeSerious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the back office's blog editor", () => {
  it("staff write a post in English and French Markdown, preview it, add a cover and publish it; readers find it on /blog in French", async () => {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "admin@parkwell.test", password: "admin-parkwell-2026" }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript((t) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", "en");
    }, token);
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${server.url}/admin/blog`);
      await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
      await page.getByRole("link", { name: "New post" }).click();
      await page.getByRole("heading", { level: 1, name: "New post" }).waitFor();

      const english = page.getByRole("region", { name: "English", exact: true });
      const french = page.getByRole("region", { name: "French", exact: true });
      await english.getByLabel("Title").fill("Parking for the Lagos derby");
      await english.getByLabel("Summary").fill("Where to leave the car on match day.");
      await english
        .getByLabel(/^Text \(Markdown\)/)
        .fill("# Arrive early\n\nThe gates open at **5 pm**.\n\n- Book ahead\n- Bring your code");
      await french.getByLabel("Title").fill("Se garer pour le derby de Lagos");
      await french.getByLabel("Summary").fill("Où laisser la voiture le jour du match.");
      await french.getByLabel(/^Text \(Markdown\)/).fill("# Arrivez tôt\n\nLes portes ouvrent à **17 h**.");
      await page.getByLabel(/^Tags/).fill("lagos, football");

      // The preview: the server's sanitised HTML of the French text (its # heading is an h2).
      await french.getByRole("button", { name: "Preview the French text" }).click();
      const preview = page.getByRole("region", { name: "Preview (French)" });
      await preview.getByRole("heading", { level: 2, name: "Arrivez tôt" }).waitFor();
      expect(await preview.locator("strong").textContent()).toBe("17 h");

      await page.getByRole("button", { name: "Create the post" }).click();
      await page.getByRole("heading", { level: 1, name: "Parking for the Lagos derby" }).waitFor();
      expect(page.url()).toMatch(/\/admin\/blog\/\d+$/);

      // The cover, once the post exists.
      await page
        .getByLabel("Cover image")
        .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
      await page.getByLabel("Alt text (what the image shows)").fill("Cars queuing at the stadium gate");
      await page.getByRole("button", { name: "Upload the cover" }).click();
      await page.getByRole("img", { name: "Cars queuing at the stadium gate" }).waitFor();

      await page.getByLabel("Status").selectOption("published");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "The post is saved." }).waitFor();
      expect(await axeSerious(page)).toEqual([]);

      await page.getByRole("link", { name: "Back to the posts" }).click();
      const row = page.getByRole("row").filter({ hasText: "Parking for the Lagos derby" });
      await row.waitFor();
      expect(await row.textContent()).toContain("Published");
      expect(await row.textContent()).toContain("English, French");
      expect(await axeSerious(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // The same editor, in French, at a phone's width: nothing wider than the screen.
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    await phone.addInitScript((t) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", "fr");
    }, token);
    try {
      const { page, problems } = await watchedPage(phone);
      await page.goto(`${server.url}/admin/blog`);
      await page.getByRole("link", { name: "Se garer pour le derby de Lagos" }).click();
      await page.getByRole("heading", { level: 1, name: "Se garer pour le derby de Lagos" }).waitFor();
      await page.getByRole("img", { name: "Cars queuing at the stadium gate" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Readers: /blog in French lists it first (the newest), with its cover; it opens on its
      // French address with the French text as the server rendered it.
      await page.goto(`${server.url}/blog`);
      const first = page.locator("main article").first();
      await first.getByRole("link", { name: "Se garer pour le derby de Lagos" }).waitFor();
      await first.getByRole("img", { name: "Cars queuing at the stadium gate" }).waitFor();
      await first.getByRole("link", { name: "Se garer pour le derby de Lagos" }).click();
      await page.getByRole("heading", { level: 1, name: "Se garer pour le derby de Lagos" }).waitFor();
      expect(page.url()).toMatch(/\/post\/se-garer-pour-le-derby-de-lagos$/);
      await page.getByRole("heading", { level: 2, name: "Arrivez tôt" }).waitFor();
      expect(await page.locator("main strong").filter({ hasText: "17 h" }).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await phone.close();
    }

    // Readers: listed in French, with its cover, through the public API.
    const res = await fetch(`${server.url}/api/v1/blog/posts?lang=fr`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: { title: string; language: string; fallback: boolean; tags: string[]; cover: unknown }[];
    };
    expect(items.find((p) => p.title === "Se garer pour le derby de Lagos")).toMatchObject({
      language: "fr",
      fallback: false,
      tags: ["lagos", "football"],
      cover: expect.objectContaining({ alt: "Cars queuing at the stadium gate" }),
    });
  });
});
