import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { mailedLink } from "./support/mail";
import { startServer, type RunningServer } from "./support/server";

// Its own server: the test reads the invitation from the .eml files the app writes to DATA_DIR/mail.
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  server = await startServer({}, { pgliteFrom: inject("pgliteTemplate") });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The newest /staff-invite/ link mailed to `to`, or "". */
const invitationLink = (to: string) => mailedLink(server, to, "/staff-invite/");

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL(`${server.url}/`);
}

describe("staff invitations in the browser", () => {
  it("a manager invites an attendant, who opens the mailed link, sets a password and lands in the back office", async () => {
    const managerContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const manager = await watchedPage(managerContext);
    await logIn(manager.page, "manager@parkwell.test", "manage-parks-2026");
    await manager.page.goto(`${server.url}/admin/staff`);
    await manager.page.getByRole("button", { name: "Invite someone" }).click();
    const dialog = manager.page.getByRole("dialog", { name: "Invite someone to the staff" });
    const email = `attendant.${Date.now()}@example.com`;
    await dialog.getByLabel("E-mail address").fill(email);
    await dialog.getByLabel("Role").selectOption("employee");
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "Send the invitation" }).click();
    await expect.poll(() => manager.page.getByText(`Invitation sent to ${email}`).count()).toBe(1);
    await expect.poll(() => manager.page.getByRole("cell", { name: email }).count()).toBeGreaterThan(0);
    expect(manager.problems).toEqual([]);

    // The mail is written by a job just after the answer: wait for it.
    await expect.poll(() => invitationLink(email), { timeout: 10_000 }).toMatch(/staff-invite/);
    const link = invitationLink(email);

    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const invitee = await watchedPage(context);
    await invitee.page.goto(link);
    await expect
      .poll(() => invitee.page.getByText("invites you to join Harbourview Parking Ltd").count())
      .toBe(1);
    await invitee.page.getByLabel("First name").fill("Tobi");
    await invitee.page.getByLabel("Last name").fill("Bello");
    await invitee.page.getByLabel("Choose a password").fill("short");
    await invitee.page.getByRole("button", { name: "Accept and open the back office" }).click();
    await expect.poll(() => invitee.page.getByText("Password must be at least 8 characters").count()).toBe(1);
    await invitee.page.getByLabel("Choose a password").fill("gate-keeper-2026");
    await invitee.page.getByRole("button", { name: "Accept and open the back office" }).click();
    // /admin, then the back office sends an attendant to their first page.
    await expect.poll(() => invitee.page.url(), { timeout: 15_000 }).toMatch(/\/admin\/\w+/);
    await expect
      .poll(() => invitee.page.evaluate(() => localStorage.getItem("parkwell_user_token")))
      .toBeTruthy();
    // An attendant's back office opens at the gate, with no staff page.
    await expect.poll(() => invitee.page.getByRole("heading", { level: 1 }).textContent()).toBe("Gate");
    expect(await invitee.page.getByRole("link", { name: "Staff" }).count()).toBe(0);
    expect(invitee.problems).toEqual([]);

    // The link works once.
    await invitee.page.goto(link);
    await expect
      .poll(() =>
        invitee.page.getByText("This invitation has already been accepted. Please sign in.").count(),
      )
      .toBe(1);
    await managerContext.close();
    await context.close();
  }, 90_000);
});
