import { registerSW } from "virtual:pwa-register";
import { offerUpdate } from "./app-update";

/** How often an open app asks whether a new version was deployed (the browser also asks on each visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * How long the page waits, once the driver consented, for the new version to take over before it
 * reloads anyway. Chromium stops the old worker to switch, and a request of the page reaching the
 * old worker at that moment starts it again and parks the switch (the new version stays waiting
 * however often it is told to skip it); once the page unloads, nothing holds the old one and the
 * new one takes over the reloaded page (which reloads once more when it does).
 */
const SWITCH_GRACE_MS = 3_000;

/**
 * Registers the service worker the build writes (sw/sw.ts, decision 064): the app shell and the
 * driver's pass pages open offline. A new version waits until the driver consents
 * (lib/app-update.ts).
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      offerUpdate(async () => {
        await update(true);
        setTimeout(() => window.location.reload(), SWITCH_GRACE_MS);
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
