import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server and database: publishing a new Terms version here asks every user of that server.
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

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: "admin@parkwell.test", password: "admin-parkwell-2026" }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("editable pages", () => {
  it("staff publish new Terms; a signed-in driver is asked once, accepts, and is not asked after a reload", async () => {
    const driver = await createSignedInUser(db);
    const admin = { id: "", email: "admin@parkwell.test", token: await adminToken() };
    type Version = { content: { en: unknown; fr: unknown } };
    const { items } = await apiCall<{ items: Version[] }>(server.url, admin, "/admin/pages/terms/versions");
    const en = items[0]!.content.en as { title: string; lead: string; sections: unknown[] };
    const published = await apiCall<{ version: number }>(server.url, admin, "/admin/pages/terms/versions", {
      method: "POST",
      body: JSON.stringify({
        content: {
          en: {
            ...en,
            sections: [
              { title: "0. What changed", body: "Refunds now reach your wallet at once." },
              ...en.sections,
            ],
          },
          fr: items[0]!.content.fr,
        },
        note: "Refunds reach the wallet at once",
      }),
    });

    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript((t) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", "en");
    }, driver.token);
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${server.url}/terms`);
      const notice = page.getByRole("region", { name: "Our Terms have changed" });
      await expect.poll(() => notice.count()).toBe(1);
      expect(await notice.textContent()).toContain(`version ${published.version}`);
      // The Terms page shows the new text, from the API.
      await expect.poll(() => page.getByRole("heading", { name: "0. What changed" }).count()).toBe(1);

      // With the keyboard: focus the accept button and press Enter.
      await page.getByRole("button", { name: "I accept the new Terms" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => notice.count()).toBe(0);

      await page.reload();
      await expect.poll(() => page.getByRole("heading", { name: "0. What changed" }).count()).toBe(1);
      await page.waitForLoadState("networkidle");
      expect(await notice.count()).toBe(0);
      const status = await apiCall<{ accepted_version: number }>(server.url, driver, "/terms/status");
      expect(status.accepted_version).toBe(published.version);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
