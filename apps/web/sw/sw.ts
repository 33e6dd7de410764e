/**
 * The service worker (decision 064), built by vite-plugin-pwa (Workbox) into dist/sw.js with the
 * list of files to keep written in (`self.__WB_MANIFEST`): the app shell (index.html, its code and
 * styles), the driver's pass pages and /offline with their code and catalogues in English and
 * French (vite.config.ts chooses them). Beside that list:
 * - a page (a navigation) comes from the network when it answers within NAVIGATION_TIMEOUT_S, and
 *   is kept; without an answer, the copy kept of that address, else the app shell, which renders
 *   the page in the browser (a pass page then shows the copy lib/offline-passes.ts kept);
 * - the build's files (`/assets/`, their names change with their content) are kept when first
 *   fetched and served from there;
 * - the API is never kept here: its answers are the account's, and the app keeps the few it needs
 *   itself, by account, and removes them at logout.
 * A new version waits until the page asks it to take over (the driver's consent, SKIP_WAITING).
 * A push message is a reminder to show as a notification, and a tap on it opens its page. When the
 * push service replaces the device's subscription, the worker sends the new one to the server.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const PAGES = "parkwell-pages";
const ASSETS = "parkwell-assets";
/** Under a barrier's slab a request can hang rather than fail: the kept copy after this long. */
const NAVIGATION_TIMEOUT_S = 4;
const SHELL = "/index.html";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes charge of the open pages at once; later ones wait for SKIP_WAITING.
clientsClaim();

/** Only a page's own HTML, answered in full, is kept (never an error page or a redirect). */
const htmlOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/html")
      ? response
      : null,
};

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
  plugins: [htmlOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 })],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const page = await pages.handle(options);
        if (page) return page;
      } catch {
        // No network and no copy of this address: the shell below.
      }
      return (await matchPrecache(SHELL)) ?? Response.error();
    },
    // The API's own addresses (a file download opened as a page) are never a page of the app.
    { denylist: [/^\/api\//] },
  ),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  // The page's consent to take over (lib/app-update.ts, through workbox-window).
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** What the server's push job sends (apps/api/src/lib/web-push.ts): a reminder to show. */
interface PushReminderMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Only this site's pages open from a notification: anything else opens the home page. */
const ownPage = (url: unknown): string => {
  const home = new URL("/", self.location.origin).href;
  try {
    const page = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return page.origin === self.location.origin ? page.href : home;
  } catch {
    return home;
  }
};

// A reminder from the server (decision 066), shown as the push service delivers it, app open or not.
self.addEventListener("push", (event: PushEvent) => {
  let message: Partial<PushReminderMessage>;
  try {
    message = (event.data?.json() ?? {}) as Partial<PushReminderMessage>;
  } catch {
    return;
  }
  if (typeof message.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      ...(typeof message.tag === "string" ? { tag: message.tag } : {}),
      icon: "/icons/icon-192.png",
      data: { url: ownPage(message.url) },
    }),
  );
});

// A tap opens the booking: in a window of the app already open when there is one.
self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const url = ownPage((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const window = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (window) {
        await window.focus();
        // A page this worker does not control cannot be navigated from here: a new window then.
        if (await window.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

/** The event a push service's replaced subscription fires (not in TypeScript's worker types). */
interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

/**
 * The device's new subscription, to the server in place of the old one (POST
 * /push-subscriptions/renewal): no one is signed in here, so the old endpoint names the record,
 * whose account and reminders stay. Without a new subscription from the browser, the worker makes
 * one with the old one's key. Without the old one there is nothing to name: the profile's
 * notification choice subscribes the device again.
 */
async function renewSubscription(
  old: PushSubscription | null,
  fresh: PushSubscription | null,
): Promise<void> {
  if (!old) return;
  const next =
    fresh ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    }));
  const keys = next.toJSON().keys ?? {};
  const res = await fetch("/api/v1/push-subscriptions/renewal", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      old_endpoint: old.endpoint,
      endpoint: next.endpoint,
      keys: { p256dh: keys["p256dh"] ?? "", auth: keys["auth"] ?? "" },
    }),
  });
  if (!res.ok && res.status !== 404) throw new Error(`the renewal was answered ${res.status}`);
}

self.addEventListener("pushsubscriptionchange", (event: Event) => {
  const change = event as SubscriptionChangeEvent;
  change.waitUntil(renewSubscription(change.oldSubscription ?? null, change.newSubscription ?? null));
});
