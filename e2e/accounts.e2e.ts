import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { mailedLink as mailed } from "./support/mail";
import { startServer, type RunningServer } from "./support/server";

// Its own server: the test reads the .eml files the app writes to its DATA_DIR/mail.
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  server = await startServer({}, { pgliteFrom: inject("pgliteTemplate") });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The newest link to `pathname` (followed by its query) mailed to `to`, or "". */
const mailedLink = (to: string, pathname: string) => mailed(server, to, `${pathname}?`);

async function fresh(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport });
  const watch = await watchedPage(context);
  return { context, ...watch };
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("parkwell_user_token"));

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL(`${server.url}/`);
  await expect.poll(() => token(page)).toBeTruthy();
}

describe("accounts in the browser", () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it("registers, opens the link from the .eml file and is signed in", async () => {
    const w = await fresh(VIEWPORTS.phone);
    context = w.context;
    const email = `e2e.${Date.now()}@example.com`;
    await w.page.goto(`${server.url}/register`);
    await w.page.getByLabel("First name").fill("Amaka");
    await w.page.getByLabel("Last name").fill("Eze");
    await w.page.getByLabel("Email").fill(email);
    await w.page.getByLabel("Password").fill("a long and happy passphrase");
    await w.page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
    await w.page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => w.page.getByRole("heading", { name: "Check your email" }).count()).toBe(1);
    expect(await token(w.page)).toBeNull();

    // The mail is written just after the answer: wait for it.
    await expect.poll(() => mailedLink(email, "/verify"), { timeout: 5000 }).toMatch(/token=/);
    const link = mailedLink(email, "/verify");
    await w.page.goto(link);
    // Verified and signed in: the page says so and where to go next.
    await expect.poll(() => w.page.getByRole("heading", { name: "E-mail verified" }).count()).toBe(1);
    await expect.poll(() => token(w.page)).toBeTruthy();
    const profile = await w.page.evaluate(() => JSON.parse(localStorage.getItem("profile") ?? "{}"));
    expect(profile.email).toBe(email);
    await w.page.getByRole("link", { name: "Find parking" }).click();
    await w.page.waitForURL(`${server.url}/parks-list`);
    // The same link again: already verified, not "invalid or expired".
    await w.page.goto(link);
    await expect.poll(() => w.page.getByRole("heading", { name: "Already verified" }).count()).toBe(1);
    expect(await w.page.getByText(/invalid or has expired/).count()).toBe(0);
    // The browser logs the expected 409 (already verified) as a failed resource; nothing else.
    expect(w.problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
  });

  it("shows the documented validation texts, and 'Loading...' while submitting", async () => {
    const { context: c, page, problems } = await fresh();
    await page.goto(`${server.url}/auth`);
    const submit = page.getByRole("button", { name: "Log in", exact: true });
    await submit.click();
    await expect.poll(() => page.getByText("This field is required!").count()).toBe(2);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect.poll(() => page.getByText("Please enter a valid email").count()).toBe(1);
    expect(await page.getByText("Password must be at least 8 characters").count()).toBe(1);

    // Hold the request to see the button's submitting state. The button may turn before Playwright
    // hands the request to the handler, so release only once the handler holds it.
    let release: () => void = () => {};
    let reached: () => void = () => {};
    const held = new Promise<void>((r) => (reached = r));
    await page.route("**/api/v1/auth/login", async (route) => {
      const released = new Promise<void>((r) => (release = r));
      reached();
      await released;
      await route.continue();
    });
    await page.getByLabel("Email").fill("driver@parkwell.test");
    await page.getByLabel("Password").fill("not the password");
    await submit.click();
    await expect.poll(() => page.getByRole("button", { name: "Loading..." }).count()).toBe(1);
    await held;
    release();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await c.close();
  });

  it("speaks French on the auth pages", async () => {
    const { context: c, page } = await fresh();
    await c.addInitScript(() => localStorage.setItem("language", "fr"));
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect.poll(() => page.getByText("Ce champ est obligatoire !").count()).toBe(2);
    await c.close();
  });

  it("logs in and logs out: the token is cleared and ended on the server", async () => {
    const { context: c, page, problems } = await fresh();
    await logIn(page, "driver@parkwell.test", "drive-safely-2026");
    const before = await token(page);
    await page.goto(`${server.url}/profile`, { waitUntil: "networkidle" });
    // The session is cleared at once (the profile route may move home in-page), the server is told,
    // and only then does the full load of / start: its load event is the end of the logout.
    const homeLoaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Logout" }).click();
    await homeLoaded;
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await token(page)).toBeNull();
    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("profile"))).toBeNull();
    const res = await fetch(`${server.url}/api/v1/users/profile`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(res.status).toBe(401);
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/`);
    // A request racing the logout may log a 401 in the console; nothing else may.
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await c.close();
  });

  it("a login on /auth goes home once, and someone signed in who opens /auth is sent home", async () => {
    const { context: c, page, problems } = await fresh();
    await page.goto(`${server.url}/auth`);
    // In order: the document requests ("load /") and the main frame's moves ("at /"), in-page ones included.
    const moves: string[] = [];
    page.on("request", (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame())
        moves.push(`load ${new URL(req.url()).pathname}`);
    });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) moves.push(`at ${new URL(frame.url()).pathname}`);
    });
    await page.getByLabel("Email").fill("driver@parkwell.test");
    await page.getByLabel("Password").fill("drive-safely-2026");
    const homeLoaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await homeLoaded;
    // One way home, the full load: a redirect before it would let a page opened at once be cut short.
    expect(moves[0]).toBe("load /");
    expect(moves.filter((m) => m.startsWith("load"))).toEqual(["load /"]);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.getByRole("button", { name: "Logout" }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/profile");

    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/`);
    expect(problems).toEqual([]);
    await c.close();
  });

  it("fetches the profile when a token has none cached, and drops a dead token silently", async () => {
    const { context: c, page, problems } = await fresh();
    await logIn(page, "driver@parkwell.test", "drive-safely-2026");
    // The storage is changed by a script that runs before the app's on the next load: changed from
    // the test while the signed-in page still writes its profile (a request after the login, still
    // on its way), the profile came back before the reload and was never asked for again.
    await c.addInitScript(() => {
      const next = sessionStorage.getItem("e2e-next-load");
      sessionStorage.removeItem("e2e-next-load");
      if (next === "no-profile" || next === "dead-token") localStorage.removeItem("profile");
      if (next === "dead-token") localStorage.setItem("parkwell_user_token", "x".repeat(43));
    });
    const profileAnswer = (status: number) =>
      page.waitForResponse((r) => r.url().endsWith("/api/v1/users/profile") && r.status() === status, {
        timeout: 45_000,
      });
    await page.evaluate(() => sessionStorage.setItem("e2e-next-load", "no-profile"));
    const fetched = profileAnswer(200);
    await page.reload();
    await fetched;
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("profile") ?? "{}").email))
      .toBe("driver@parkwell.test");
    await page.evaluate(() => sessionStorage.setItem("e2e-next-load", "dead-token"));
    const refused = profileAnswer(401);
    await page.reload();
    await refused;
    await expect.poll(() => token(page)).toBeNull();
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await c.close();
  }, 120_000);

  it("the login dialog: a social redirect returning while social login is off, then a password login", async () => {
    const { context: c, page, problems } = await fresh(VIEWPORTS.phone);
    // The way back from a Google/Apple redirect sign-in opens the dialog when it fails.
    await c.addInitScript(() => {
      // Only on the first load: init scripts run again after the reload that follows the login.
      if (localStorage.getItem("e2e-redirect-set")) return;
      localStorage.setItem("e2e-redirect-set", "1");
      sessionStorage.setItem("parkwell_social_redirect", "google");
    });
    await page.goto(server.url);
    const dialog = page.locator("dialog[open]");
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByRole("alert").first().textContent()).toBe(
      "Social login is currently unavailable. Please try logging in with email and password.",
    );
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    await expect.poll(() => dialog.getByRole("alert").count()).toBe(2);
    await dialog.getByLabel("Email").fill("driver@parkwell.test");
    await dialog.getByLabel("Password").fill("drive-safely-2026");
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => token(page)).toBeTruthy();
    await page.waitForLoadState("networkidle");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(problems).toEqual([]);
    await c.close();
  });

  it("edits the profile, adds vehicles and sets the default", async () => {
    const { context: c, page, problems } = await fresh(VIEWPORTS.phone);
    await logIn(page, "admin@parkwell.test", "admin-parkwell-2026");
    await page.goto(`${server.url}/profile`);
    const first = page.getByLabel("First name");
    await expect.poll(() => first.inputValue()).toBe("Demo");
    await first.fill("Adaeze");
    await page.getByLabel("Country").selectOption({ label: "Canada" });
    const reminders = page.getByLabel("Email me before my bookings start and end");
    expect(await reminders.isChecked()).toBe(true);
    await reminders.uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByText("Your profile has been saved.").count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Adaeze");
    expect(await page.getByLabel("Country").inputValue()).toBe("2");
    expect(await page.getByLabel("Email me before my bookings start and end").isChecked()).toBe(false);

    for (const plate of ["lag-123 ab", "ABJ 987 CD"]) {
      await page.getByRole("button", { name: "Add a vehicle" }).click();
      await page.getByLabel("Plate number").fill(plate);
      await page.getByRole("button", { name: "Save vehicle" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Add a vehicle" }).count()).toBe(1);
    }
    const card = (plate: string) => page.getByRole("listitem", { name: plate });
    await expect.poll(() => card("LAG123AB").getByText("Default", { exact: true }).count()).toBe(1);
    await expect.poll(() => card("ABJ987CD").count()).toBe(1);
    expect(await card("ABJ987CD").getByText("Default", { exact: true }).count()).toBe(0);

    await card("ABJ987CD").getByRole("button", { name: "Set as default" }).click();
    await expect.poll(() => card("ABJ987CD").getByText("Default", { exact: true }).count()).toBe(1);
    expect(await card("LAG123AB").getByText("Default", { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await c.close();
  });

  // One test per width: six axe analyses take 15 s on a quiet machine, over a minute on a busy one.
  it.for(Object.entries(VIEWPORTS))(
    "has no accessibility violations on the account pages at %s width",
    { timeout: 120_000 },
    async ([, viewport]) => {
      const { context: c, page } = await fresh(viewport);
      await logIn(page, "driver@parkwell.test", "drive-safely-2026");
      await page.goto(`${server.url}/profile`);
      await expect.poll(() => page.getByLabel("First name").count()).toBe(1);
      const pages = ["/profile"];
      const anon = await browser.newContext({ viewport });
      const anonPage = await anon.newPage();
      for (const url of [
        pages[0]!,
        "/auth",
        "/register",
        "/verify",
        "/forgot-password",
        "/forgot-password?mode=reset&token=x",
      ]) {
        const target = url === "/profile" ? page : anonPage;
        if (url !== "/profile") {
          await target.goto(`${server.url}${url}`);
          await expect.poll(() => target.locator("h1").count()).toBe(1);
        }
        const result = await new AxeBuilder({ page: target })
          .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
          .analyze();
        expect({ url, violations: result.violations.map((v) => v.id) }).toEqual({ url, violations: [] });
      }
      await anon.close();
      await c.close();
    },
  );
});
