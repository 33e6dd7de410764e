import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_ACTIONS, ADMIN_SECTIONS } from "@parkwell/contract";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** The browser logs every 403 answer as a failed resource: the tests below expect some. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

interface Login {
  access_token: string;
  user: Record<string, unknown>;
}

async function logIn(identifier: string, password: string): Promise<Login> {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Login;
}

const ADMIN = ["admin@parkwell.test", "admin-parkwell-2026"] as const;
const DRIVER = ["driver@parkwell.test", "drive-safely-2026"] as const;

/** A context signed in as the account (token and cached profile, as the login dialog leaves them). */
async function signedIn(
  account: readonly [string, string],
  options: { viewport?: { width: number; height: number }; language?: "en" | "fr" } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[]; login: Login }> {
  const login = await logIn(...account);
  const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop });
  await context.addInitScript(
    ([token, profile, language]) => {
      window.localStorage.setItem("parkwell_user_token", token);
      window.localStorage.setItem("profile", profile);
      window.localStorage.setItem("language", language);
    },
    [login.access_token, JSON.stringify(login.user), options.language ?? "en"] as const,
  );
  const { page, problems } = await watchedPage(context);
  return { context, page, problems, login };
}

/** The back office's own chunks (its code, pages, catalogues and styles), from the build's manifest. */
function adminChunks(): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, "../apps/web/dist/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string; css?: string[] }>;
  return Object.entries(manifest)
    .filter(([src]) => src.includes("features/admin/") || /locales\/\w+\/admin\.json$/.test(src))
    .flatMap(([, entry]) => [entry.file, ...(entry.css ?? [])]);
}

describe("back office: who may enter", () => {
  it("asks a signed-out visitor to sign in, in place", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Back office" }).waitFor();
    await page.getByRole("button", { name: "Login to Continue" }).click();
    await page.locator("dialog[open]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/roles");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a customer '403 Access Denied!', in English and French", async () => {
    const { context, page, problems } = await signedIn(DRIVER);
    await page.goto(`${baseURL}/admin`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "403 Access Denied!" }).waitFor();
    expect(
      await page
        .getByText("You tried to access a page you did not have prior authorization for.", { exact: true })
        .count(),
    ).toBe(1);
    // No nav for someone who may see nothing.
    expect(await page.getByRole("navigation", { name: "Back office" }).count()).toBe(0);
    await page.getByRole("button", { name: "Français" }).click();
    await page.getByRole("heading", { name: "403 Accès refusé !" }).waitFor();
    expect(
      await page
        .getByText("Vous avez tenté d'accéder à une page pour laquelle vous n'avez pas reçu d'autorisation.")
        .count(),
    ).toBe(1);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("gives no Back office link to a customer, and one to the admin", async () => {
    const driver = await signedIn(DRIVER);
    const requests: string[] = [];
    driver.page.on("request", (r) => requests.push(r.url()));
    await driver.page.goto(`${baseURL}/about`, { waitUntil: "networkidle" });
    await driver.page.getByRole("button", { name: "Account menu" }).click();
    await driver.page.locator("#profile-menu").waitFor();
    expect(await driver.page.locator("#profile-menu a[href='/admin']").count()).toBe(0);
    // A driver never even asks.
    expect(requests.filter((u) => u.includes("/api/v1/admin/"))).toEqual([]);
    expect(driver.problems).toEqual([]);
    await driver.context.close();

    const admin = await signedIn(ADMIN);
    await admin.page.goto(`${baseURL}/about`, { waitUntil: "networkidle" });
    await admin.page.getByRole("button", { name: "Account menu" }).click();
    await admin.page.locator("#profile-menu a[href='/admin']").click();
    await admin.page.waitForURL((u) => u.pathname.startsWith("/admin/"));
    await admin.page.getByRole("navigation", { name: "Back office" }).waitFor();
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it("keeps the back office's code off the public pages, signed in as staff too", async () => {
    const chunks = adminChunks();
    expect(chunks.length).toBeGreaterThan(2);
    const { context, page, problems } = await signedIn(ADMIN);
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(new URL(r.url()).pathname.replace(/^\//, "")));
    for (const route of ["/", "/parks-list", "/about"]) {
      await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
      await page.locator("main h1").waitFor();
    }
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.locator("#profile-menu a[href='/admin']").waitFor();
    expect(fetched.filter((f) => chunks.includes(f))).toEqual([]);
    // ...and the back office does load them.
    await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
    // Waited for, not taken at networkidle: on a loaded machine the app may ask for the back
    // office's code more than half a second after the page's own requests end.
    await page.getByRole("navigation", { name: "Back office" }).waitFor();
    expect(fetched.filter((f) => chunks.includes(f)).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("back office: layout and pages", () => {
  it("sends /admin to the first section the admin can open, and shows 404 inside the layout", async () => {
    const { context, page, problems } = await signedIn(ADMIN);
    await page.goto(`${baseURL}/admin`, { waitUntil: "networkidle" });
    // The first section of the landing order that has a page (nav.test.ts checks the order).
    await page.waitForURL((u) => /^\/admin\/[a-z-]+$/.test(u.pathname));
    const landed = new URL(page.url()).pathname;
    // Waited for, not counted at once: on a loaded machine the nav may draw just after the URL changes.
    await page.locator(`nav[aria-label='Back office'] a[href='${landed}'][aria-current='page']`).waitFor();
    // The server's 404 for a path the back office does not have (decision 036), its page drawn here.
    const res = await page.goto(`${baseURL}/admin/nope`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found!" }).waitFor();
    // Inside the back office: its header and nav are there (waited for: on a loaded machine they
    // may be drawn after the heading, once the admin's session and permissions have been read).
    await page.getByRole("navigation", { name: "Back office" }).waitFor();
    await page.getByText("Demo Admin").waitFor();
    expect(await page.getByRole("navigation", { name: "Back office" }).count()).toBe(1);
    expect(await page.getByText("Demo Admin").count()).toBe(1);
    await page.getByRole("button", { name: "Français" }).click();
    await page.getByRole("heading", { name: "404 Page introuvable !" }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("fr");
    // Chromium logs the expected 404 of /admin/nope; nothing else may be logged.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("shows the 403 page when an admin API call answers 403", async () => {
    const { context, page, problems } = await signedIn(ADMIN);
    await page.route("**/api/v1/admin/roles", (route) =>
      route.fulfill({
        status: 403,
        json: {
          message: "You tried to access a page you did not have prior authorization for.",
          code: "forbidden",
        },
      }),
    );
    await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "403 Access Denied!" }).waitFor();
    // The nav stays, to go elsewhere.
    expect(await page.getByRole("navigation", { name: "Back office" }).count()).toBe(1);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("changes a role's permission in the matrix, saves it, and finds it kept after a reload", async () => {
    const { context, page, problems, login } = await signedIn(ADMIN);
    const auth = { authorization: `Bearer ${login.access_token}`, "content-type": "application/json" };
    const rolesOf = async () =>
      (
        (await (await fetch(`${baseURL}/api/v1/admin/roles`, { headers: auth })).json()) as {
          roles: { key: string; permissions: string[] }[];
        }
      ).roles;
    const before = (await rolesOf()).find((r) => r.key === "delivery_boy")!.permissions;
    try {
      await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
      // The administrator's row: every box ticked and none can change.
      await page.getByRole("tab", { name: "Administrator" }).click();
      await page.getByText("The administrator role always has every permission").waitFor();
      const adminBoxes = page.locator("#role-panel input[type='checkbox']");
      // Every action of every section.
      expect(await adminBoxes.count()).toBe(ADMIN_SECTIONS.length * ADMIN_ACTIONS.length);
      expect(await page.locator("#role-panel input[type='checkbox']:not(:checked)").count()).toBe(0);
      expect(await page.locator("#role-panel input[type='checkbox']:not(:disabled)").count()).toBe(0);

      await page.getByRole("tab", { name: "Delivery agent" }).click();
      const box = page.getByRole("checkbox", { name: "Inquiries: View" });
      // The administrator's panel (its boxes named alike, ticked and locked) may still show for a moment:
      // read the box only once the agent's panel is in.
      await expect
        .poll(() => page.getByRole("tab", { name: "Delivery agent" }).getAttribute("aria-selected"))
        .toBe("true");
      await expect.poll(() => box.isEnabled()).toBe(true);
      const was = await box.isChecked();
      await box.setChecked(!was);
      await page.getByText("Unsaved changes").first().waitFor();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The permissions of the role Delivery agent are saved.").waitFor();

      await page.reload({ waitUntil: "networkidle" });
      // The tab is in the URL, so the reload opens the same role.
      expect(new URL(page.url()).searchParams.get("role")).toBe("delivery_boy");
      await expect.poll(() => page.getByRole("checkbox", { name: "Inquiries: View" }).isChecked()).toBe(!was);
      expect(
        (await rolesOf()).find((r) => r.key === "delivery_boy")!.permissions.includes("inquiries.view"),
      ).toBe(!was);
      expect(problems).toEqual([]);
    } finally {
      // Other suites share this server: the role goes back as it was.
      await fetch(`${baseURL}/api/v1/admin/roles/delivery_boy`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ permissions: before }),
      });
      await context.close();
    }
  });

  it("opens the nav as a drawer with the keyboard on a 390 px phone, and Escape closes it", async () => {
    const { context, page, problems } = await signedIn(ADMIN, { viewport: VIEWPORTS.phone });
    await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Roles & permissions" }).waitFor();
    // On a phone the sidebar is hidden; the menu button opens it.
    expect(await page.getByRole("navigation", { name: "Back office" }).count()).toBe(0);
    const menu = page.getByRole("button", { name: "Open menu" });
    // Skip link, then the menu button.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const drawer = page.locator("dialog#admin-drawer[open]");
    await drawer.waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    // The focus is inside the drawer, and Tab reaches the nav's link.
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const link = drawer.getByRole("link").first();
    for (let i = 0; i < 3 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    // The browser drops [open] at once and fires the dialog's close event a task later; the
    // element goes (and aria-expanded turns false) only when React handles that event.
    await page.locator("dialog#admin-drawer").waitFor({ state: "detached" });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    // Every control in the header is a 44 px target.
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll(".admin-header button, .admin-header a")]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("paginates a list with its page and size in the URL (the shared DataTable, on the bookings page)", async () => {
    const { context, page, problems } = await signedIn(ADMIN);
    // 137 made-up bookings, so the pagination has pages whatever the database holds.
    const asked: string[] = [];
    await page.route("**/api/v1/admin/bookings?*", (route) => {
      const url = new URL(route.request().url());
      asked.push(url.search);
      const at = Number(url.searchParams.get("page")),
        size = Number(url.searchParams.get("size"));
      const total = 137;
      const items = Array.from({ length: Math.max(0, Math.min(size, total - (at - 1) * size)) }, (_, i) => {
        const n = (at - 1) * size + i + 1;
        return {
          booking_code: `BK-${1000 + n}`,
          status: "active",
          park: { id: 1, name: "Test Park", time_zone: "Africa/Lagos" },
          vehicle_type_id: 1,
          vehicle_type: "Car",
          plate_number: `LAG-${n}`,
          driver_first_name: "Ada",
          start_time: "2026-11-25T08:00:00Z",
          end_time: "2026-11-25T12:00:00Z",
          checked_in_at: null,
          checked_out_at: null,
          amount: 2500,
          paid: 2500,
          overstay_owed: 0,
          currency: "NGN",
          created_at: "2026-11-24T10:00:00Z",
        };
      });
      return route.fulfill({ json: { items, total, page: at, size, pages: Math.ceil(total / size) } });
    });
    await page.goto(`${baseURL}/admin/bookings`, { waitUntil: "networkidle" });
    await page.getByText("Showing 1 to 10 of 137 entries").waitFor();
    const sizes = page.getByLabel("Entries per page");
    expect(await sizes.locator("option").allTextContents()).toEqual(["10", "25", "50", "100", "500", "1000"]);
    await sizes.selectOption("25");
    await page.getByText("Showing 1 to 25 of 137 entries").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Showing 26 to 50 of 137 entries").waitFor();
    const query = new URL(page.url()).searchParams;
    expect([query.get("page"), query.get("size")]).toEqual(["2", "25"]);
    // The second page was asked for by its page and size (a refetch of the first may come after it;
    // the footer's range follows the URL, so on a loaded machine the request may still be on its way).
    await expect
      .poll(() => asked.some((url) => url.includes("page=2&size=25")), { timeout: 30_000 })
      .toBe(true);
    // The URL keeps it through a reload; a page past the end goes to the last page.
    await page.reload({ waitUntil: "networkidle" });
    await page.getByText("Showing 26 to 50 of 137 entries").waitFor();
    await page.goto(`${baseURL}/admin/bookings?page=99&size=50`, { waitUntil: "networkidle" });
    await page.getByText("Showing 101 to 137 of 137 entries").waitFor();
    expect(await page.getByRole("button", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Français" }).click();
    await page.getByText("Affichage de 101 à 137 sur 137 entrées").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const language of ["en", "fr"] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`names the language buttons with what they show (${language}, ${name})`, async () => {
        const { context, page } = await signedIn(ADMIN, { viewport, language });
        await page.goto(`${baseURL}/admin/roles`, { waitUntil: "networkidle" });
        await page.locator("main h1").waitFor();
        // "EN" on screen is in the name a voice user says, with the language's own name after it.
        const buttons = page.locator(".admin-lang button");
        expect(await buttons.allTextContents()).toEqual(["EN", "FR"]);
        expect(await page.getByRole("button", { name: "EN, English", exact: true }).count()).toBe(1);
        expect(await page.getByRole("button", { name: "FR, Français", exact: true }).count()).toBe(1);
        // An experimental rule, not in the tags the page checks run: asked for by name.
        const results = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
        expect(results.passes.map((v) => v.id)).toEqual(["label-content-name-mismatch"]);
        await context.close();
      });
    }
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious accessibility violation on the roles page and the 404 (${name})`, async () => {
      const { context, page } = await signedIn(ADMIN, { viewport });
      for (const route of ["/admin/roles", "/admin/nope"]) {
        await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
        await page.locator("main h1").waitFor();
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(serious, route).toEqual([]);
      }
      await context.close();
    });
  }
});
