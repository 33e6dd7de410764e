import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

/**
 * A subscription the push service replaced (issue #67): the app's own service worker, in
 * Chromium, hears `pushsubscriptionchange` and sends the device's new subscription to a server
 * that sends push notifications (VAPID keys), with no one signed in there; the device's record
 * keeps its account and reminders. Chromium's push services do not fire the event themselves, so
 * the test dispatches it in the worker with the two subscriptions a browser gives, and holds the
 * promise the worker's handler passes to `waitUntil` (a dispatched event cannot extend itself).
 */
const vapid = webpush.generateVAPIDKeys();
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({
    DATABASE_URL: db.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@parkwell.test",
  });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

/** A device's subscription as a browser's PushSubscription.toJSON() gives it (keys are base64url). */
const device = (name: string) => ({
  endpoint: `http://127.0.0.1:9/push/${name}-${Date.now()}`,
  keys: {
    p256dh: Buffer.alloc(65, name.charCodeAt(0)).toString("base64url"),
    auth: Buffer.alloc(16, name.charCodeAt(0)).toString("base64url"),
  },
});
type Device = ReturnType<typeof device>;

describe("a push subscription the push service replaced", () => {
  it("is renewed by the service worker: the new one, or one it makes with the old one's key, keeps the account and reminders", async () => {
    const user = await createSignedInUser(db);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      });
    const first = device("a");
    const subscribed = await api("/push-subscriptions", {
      method: "PUT",
      body: JSON.stringify({ ...first, reminders: ["booking_end", "document_expiry"] }),
    });
    expect(subscribed.status).toBe(200);

    const context = await browser.newContext({ serviceWorkers: "allow" });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));

    /** Fires the event in the worker with these subscriptions (null: none), and waits for its handler. */
    const change = (old: Device, fresh: Device | null) =>
      worker.evaluate(
        async ([old, fresh]) => {
          const scope = self as unknown as {
            registration: {
              pushManager: { subscribe: (o?: { applicationServerKey?: unknown }) => Promise<never> };
            };
            ExtendableEvent: typeof Event;
            dispatchEvent: (e: Event) => boolean;
            askedKey?: string;
          };
          const subscription = (d: typeof old) =>
            ({
              endpoint: d.endpoint,
              toJSON: () => d,
              options: { applicationServerKey: d.keys.p256dh },
            }) as never;
          // Without a new subscription the handler asks the push manager for one: this headless
          // Chromium has no push service, so the one the test names is given, and the key asked with kept.
          scope.registration.pushManager.subscribe = async (options) => {
            scope.askedKey = String(options?.applicationServerKey);
            return subscription({ ...old, endpoint: `${old.endpoint}-made` });
          };
          const event = new scope.ExtendableEvent("pushsubscriptionchange");
          let done: Promise<unknown> = Promise.resolve();
          Object.defineProperties(event, {
            oldSubscription: { value: subscription(old) },
            newSubscription: { value: fresh ? subscription(fresh) : null },
            waitUntil: { value: (p: Promise<unknown>) => (done = p) },
          });
          scope.dispatchEvent(event);
          await done;
          return scope.askedKey ?? null;
        },
        [old, fresh] as const,
      );
    const records = async () =>
      (
        (await (await api("/push-subscriptions")).json()) as {
          items: { endpoint: string; reminders: string[] }[];
        }
      ).items;

    // The browser gave the new subscription.
    const second = device("b");
    expect(await change(first, second)).toBeNull();
    expect(await records()).toMatchObject([
      { endpoint: second.endpoint, reminders: ["booking_end", "document_expiry"] },
    ]);
    // It gave none: the worker subscribes with the old one's key.
    expect(await change(second, null)).toBe(second.keys.p256dh);
    expect(await records()).toMatchObject([
      { endpoint: `${second.endpoint}-made`, reminders: ["booking_end", "document_expiry"] },
    ]);
    // A subscription the server never had changes nothing, and the worker says nothing of it.
    await change(device("c"), device("d"));
    expect((await records()).map((r) => r.endpoint)).toEqual([`${second.endpoint}-made`]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
