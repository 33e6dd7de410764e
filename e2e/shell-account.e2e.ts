import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

describe("account routes signed out", () => {
  it.each(["/bookings", "/wallet"])("%s shows the login prompt with Login to Continue", async (route) => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
    await page.getByText("Please login to view your account").waitFor();
    const button = page.getByRole("button", { name: "Login to Continue" });
    expect(await button.count()).toBe(1);
    await button.click();
    expect(new URL(page.url()).pathname).toBe(route);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says it in French too", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}/wallet`, { waitUntil: "networkidle" });
    await page.getByText("Veuillez vous connecter pour voir votre compte").waitFor();
    expect(await page.getByRole("button", { name: "Se connecter pour continuer" }).count()).toBe(1);
    await context.close();
  });

  it.each(["/profile", "/booking-details/BK-1"])("%s sends the visitor to /", async (route) => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
    await page.waitForURL(`${baseURL}/`);
    await context.close();
  });

  it("shows Get Started and no profile menu", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    expect(await page.locator("header a[href='/get-started']").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Account menu" }).count()).toBe(0);
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`offers Log in in the header, and Sign up in the menu or the login dialog (${name})`, async () => {
      const context = await browser.newContext({ viewport });
      const { page, problems } = await watchedPage(context);
      await page.goto(baseURL, { waitUntil: "networkidle" });
      const menu = page.getByRole("button", { name: "Open menu" });
      const phone = await menu.isVisible();
      if (phone) await menu.click();
      await page.locator("header").getByRole("button", { name: "Log in" }).click();
      const dialog = page.locator("dialog[open]");
      await expect.poll(() => dialog.count()).toBe(1);
      if (phone) {
        await page.keyboard.press("Escape");
        await expect.poll(() => dialog.count()).toBe(0);
        await menu.click();
        await page.locator("header").getByRole("link", { name: "Sign up" }).click();
        await page.waitForURL((u) => u.pathname === "/register");
      } else {
        await dialog.getByRole("link", { name: "Create an account" }).click();
        await page.waitForURL((u) => u.pathname === "/auth/register");
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const language of ["en", "fr"]) {
    it(`keeps the desktop header on one row, every link visible (${language})`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.addInitScript((l) => window.localStorage.setItem("language", l), language);
      const { page, problems } = await watchedPage(context);
      await page.goto(baseURL, { waitUntil: "networkidle" });
      const rows = await page.evaluate(() => {
        const top = (el: Element) => Math.round(el.getBoundingClientRect().top);
        const parts = [".header .brand", ".header .nav li:not(.nav__account)", ".header__actions"];
        return [...new Set(parts.flatMap((s) => [...document.querySelectorAll(s)]).map(top))];
      });
      expect(rows).toHaveLength(1);
      // Side by side without overlapping: the brand, each link, then the chips.
      const edges = await page.evaluate(() =>
        [".header .brand", ".header .nav li:not(.nav__account)", ".header__actions"]
          .flatMap((s) => [...document.querySelectorAll(s)])
          .map((el) => ({ left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right })),
      );
      for (let i = 1; i < edges.length; i++) {
        expect(edges[i]!.left).toBeGreaterThanOrEqual(edges[i - 1]!.right);
      }
      const header = (await page.locator("header").boundingBox())!;
      expect(header.height).toBeLessThan(80);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("offers Se connecter and S'inscrire in French", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    expect(await page.locator("header").getByRole("button", { name: "Se connecter" }).count()).toBe(1);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    expect(await page.locator("header").getByRole("link", { name: "S'inscrire" }).count()).toBe(1);
    await context.close();
  });
});

describe("provider return pages signed out (the session may be gone after a provider's redirect)", () => {
  it.each([
    ["/payment?reference=PW-7QK2M9XA&provider=paystack", "/payment"],
    ["/payment/success?reference=PW-7QK2M9XA&provider=stripe", "/payment/success"],
    ["/payment-success?trxref=PW-7QK2M9XA", "/payment-success"],
    ["/wallet/callback?provider=wave&reference=PW-7QK2M9XA", "/wallet/callback"],
  ])("%s stays, names the payment and asks to sign in to see it", async (route, path) => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
    await page.getByText("Sign in to see what happened to payment PW-7QK2M9XA.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole("button", { name: "Login to Continue" }).count()).toBe(1);
    expect(await page.getByText("Please login to view your account").count()).toBe(0);
    expect(await page.getByText("Payment successful").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/booking-success names the booking and asks to sign in, confirming nothing", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/booking-success?code=PW-7QK2M9XA`, { waitUntil: "networkidle" });
    await page
      .getByText("Connectez-vous pour voir votre réservation PW-7QK2M9XA.", { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/booking-success");
    expect(await page.getByRole("button", { name: "Se connecter pour continuer" }).count()).toBe(1);
    expect(await page.getByText("Réservation confirmée").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/booking-success signed in without a code confirms nothing", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.localStorage.setItem("parkwell_user_token", "test-token");
      window.localStorage.setItem("profile", JSON.stringify({ email: "ada@example.com", first_name: "ada" }));
    });
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}/booking-success`, { waitUntil: "networkidle" });
    await page.getByText("No booking was given. Find it in My Bookings.").waitFor();
    expect(await page.getByText("Booking confirmed").count()).toBe(0);
    await context.close();
  });
});

describe("signed in", () => {
  for (const language of ["en", "fr"]) {
    it(`keeps a signed-in phone's header on one row: brand, flag, language, avatar and menu (${language})`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone });
      await context.addInitScript((l) => {
        window.localStorage.setItem("language", l);
        window.localStorage.setItem("parkwell_user_token", "test-token");
        window.localStorage.setItem(
          "profile",
          JSON.stringify({ email: "ada@example.com", first_name: "ada" }),
        );
      }, language);
      const { page } = await watchedPage(context);
      await page.goto(baseURL, { waitUntil: "networkidle" });
      const header = (await page.locator("header").boundingBox())!;
      expect(header.height).toBeLessThan(80);
      const tops = await page.evaluate(() =>
        [".header .brand", ".header__actions"].map(
          (s) => document.querySelector(s)!.getBoundingClientRect().top,
        ),
      );
      expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThan(12);
      await context.close();
    });
  }

  it("shows the profile menu with the avatar initial; menus close outside and navigate after closing", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.localStorage.setItem("parkwell_user_token", "test-token");
      window.localStorage.setItem("profile", JSON.stringify({ email: "ada@example.com", first_name: "ada" }));
    });
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}/profile`, { waitUntil: "networkidle" });
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await page.locator("header a[href='/get-started']").count()).toBe(0);
    const avatar = page.getByRole("button", { name: "Account menu" });
    expect((await avatar.textContent())?.trim()).toBe("A");

    await avatar.click();
    // Nigeria is the country when none was chosen: its vehicle documents' requests are listed.
    expect(await page.locator("#profile-menu a").allTextContents()).toEqual([
      "My Bookings",
      "My orders",
      "My renewal requests",
      "Wallet",
      "Receipts",
      "Invite drivers",
      "Business accounts",
      "Profile",
    ]);
    await page.locator("main h1").click();
    await page.locator("#profile-menu").waitFor({ state: "detached" });

    await avatar.click();
    await page.locator("#profile-menu a[href='/wallet']").click();
    await page.locator("#profile-menu").waitFor({ state: "detached" });
    await page.waitForURL(`${baseURL}/wallet`);
    expect(await page.getByText("Please login to view your account").count()).toBe(0);
    await context.close();
  });

  it("shows 'User' when the profile has no first name, and Logout signs out to /", async () => {
    // A real session (the seeded demo driver), with a cached profile that has an e-mail but no first name.
    const login = await fetch(`${baseURL}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "driver@parkwell.test", password: "drive-safely-2026" }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const context = await browser.newContext();
    await context.addInitScript((t: string) => {
      if (!window.sessionStorage.getItem("seeded")) {
        window.sessionStorage.setItem("seeded", "1");
        window.localStorage.setItem("parkwell_user_token", t);
        window.localStorage.setItem("profile", JSON.stringify({ email: "driver@parkwell.test" }));
      }
    }, token);
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}/about`, { waitUntil: "networkidle" });
    const avatar = page.getByRole("button", { name: "Account menu" });
    expect((await avatar.textContent())?.trim()).toBe("User");
    await avatar.click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.locator("header a[href='/get-started']").waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem("parkwell_user_token"))).toBeNull();
    // Logout ended the session on the server too.
    const after = await fetch(`${baseURL}/api/v1/users/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });
});
