import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { mailedLink } from "./support/mail";
import { startServer, type RunningServer } from "./support/server";

// Its own server: the confirmation link is read from the .eml files the app writes to DATA_DIR/mail.
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  server = await startServer({}, { pgliteFrom: inject("pgliteTemplate") });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("a payout account in the browser", () => {
  it("the demo manager adds a bank account with its resolved name, confirms it from the e-mail, and sees when it is used", async () => {
    const login = await logIn(server.url, "manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await storeSignIn(context, login, "en");
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/admin/payout-accounts`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Payout accounts");
    await expect.poll(() => page.getByText("No payout account yet.").count()).toBe(1);

    // Harbourview is in Nigeria: a bank account, through the demo provider in demo mode.
    await page.getByLabel("Bank").selectOption({ label: "Demo Bank" });
    await page.getByLabel("Account number").fill("0123456789");
    const add = page.getByRole("button", { name: "Add the account" });
    expect(await add.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Check the name" }).click();
    await expect
      .poll(() => page.getByText("The bank says this account is held by DEMO ACCOUNT 6789.").count())
      .toBe(1);
    await add.click();
    await expect.poll(() => page.getByText("Waiting for confirmation").count()).toBe(1);
    expect(await page.getByText("0123456789").count()).toBe(0);
    await expect.poll(() => page.getByText("ending 6789", { exact: false }).count()).toBeGreaterThan(0);

    // The mail job writes the link just after the answer.
    const path = "/admin/payout-accounts/confirm";
    await expect
      .poll(() => mailedLink(server, "manager@parkwell.test", path), { timeout: 15_000 })
      .toMatch(/token=/);
    await page.goto(mailedLink(server, "manager@parkwell.test", path));
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Confirm the payout account");
    // Opening the link changes nothing: the button does (by keyboard here).
    await page.getByRole("button", { name: "Confirm the account" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page.getByText(/^Confirmed: payouts go to DEMO ACCOUNT 6789's account ending 6789 from/).count(),
      )
      .toBe(1);
    await page.getByRole("link", { name: "Back to the payout accounts" }).click();
    await expect.poll(() => page.getByText("Active", { exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
