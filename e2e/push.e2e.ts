import { describe, expect, inject, it } from "vitest";
import { useBrowser, watchedPage } from "./support/browser";

/**
 * A reminder pushed to the device (issue #67, decision 066), in Chromium: the app's own service
 * worker gets the push message the server's push job sends (delivered here through the browser's
 * DevTools protocol, as a push service would: headless Chromium has no push service of its own)
 * and asks to show it as a notification with its title, line, tag and the booking's page to open;
 * a link to another site is replaced by the app's home. The server's side (VAPID, encryption, once per device, in the driver's language) is
 * tested against a local push service in apps/api/src/features/push/push.api.test.ts.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { url: string };
}

describe("a push reminder on the device", () => {
  it("becomes a notification from the app's service worker, with the booking's page to open", async () => {
    // The app's service worker is the subject here (the suite blocks it unless asked).
    const context = await browser.newContext({ serviceWorkers: "allow" });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      (e: { registrations: { registrationId: string }[] }) => {
        for (const r of e.registrations) registrations.push(r.registrationId);
      },
    );
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const push = (message: object) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL,
        registrationId: registrations[0]!,
        data: JSON.stringify(message),
      });
    // The headless shell has no notification permission to give, so a notification cannot be
    // drawn: what the worker asks to show is recorded in the worker instead, its own handler
    // untouched (it parses the message and calls showNotification as on a phone).
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await worker.evaluate(() => {
      const scope = self as unknown as {
        registration: { showNotification: (title: string, options: NotificationOptions) => Promise<void> };
        shownForTest: Shown[];
      };
      scope.shownForTest = [];
      scope.registration.showNotification = async (title, options) => {
        scope.shownForTest.push({
          title,
          body: options.body ?? "",
          tag: options.tag ?? "",
          data: options.data as { url: string },
        });
      };
    });
    const shown = () => worker.evaluate(() => (self as unknown as { shownForTest: Shown[] }).shownForTest);

    await push({
      title: "Votre réservation Parkwell PW-TEST1 commence à 14:00",
      body: "Votre stationnement commence bientôt.",
      url: `${baseURL}/booking-details/PW-TEST1`,
      tag: "booking-start-PW-TEST1",
    });
    await expect.poll(shown).toHaveLength(1);
    expect((await shown())[0]).toEqual<Shown>({
      title: "Votre réservation Parkwell PW-TEST1 commence à 14:00",
      body: "Votre stationnement commence bientôt.",
      tag: "booking-start-PW-TEST1",
      data: { url: `${baseURL}/booking-details/PW-TEST1` },
    });

    // A link to another site is never opened from a notification: the app's home instead.
    await push({ title: "Elsewhere", body: "", url: "https://evil.example/x", tag: "t2" });
    await expect
      .poll(async () => (await shown()).map((n) => n.title))
      .toEqual(["Votre réservation Parkwell PW-TEST1 commence à 14:00", "Elsewhere"]);
    expect((await shown())[1]!.data.url).toBe(`${baseURL}/`);
    // A message that is not a reminder shows nothing; the next one shows.
    await push({ note: "not a reminder" });
    await push({ title: "Next", body: "", url: `${baseURL}/bookings`, tag: "t3" });
    await expect.poll(async () => (await shown()).map((n) => n.title)).toHaveLength(3);
    expect((await shown())[2]).toMatchObject({ title: "Next", data: { url: `${baseURL}/bookings` } });
    expect(problems).toEqual([]);
    await context.close();
  });
});
