import { useSyncExternalStore } from "react";

/**
 * A new version of the app, waiting (its service worker installed, not yet in charge): the
 * service worker's registration (lib/service-worker.ts) offers it with the way to switch to it,
 * and the update prompt (app/update-prompt.tsx) asks the driver. Nothing switches without their
 * consent, and nothing asks mid-checkout (`isCheckoutPath`).
 */
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** The service worker has a new version ready; `switchTo` hands over to it and reloads the page. */
export function offerUpdate(switchTo: () => Promise<void>): void {
  apply = switchTo;
  for (const l of listeners) l();
}

/** The waiting version's switch, or null when the running one is the newest known. */
export function useUpdateOffer(): (() => Promise<void>) | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => apply,
    () => null,
  );
}

/**
 * The addresses where money or a booking is being put together (a checkout, a top-up, a payment's
 * return, a drive-up at the gate, a pass's or a renewal's purchase, the guarantee's offer): a
 * reload there would lose what the driver entered, so no new version is offered there.
 */
const CHECKOUT_PATHS = [
  /^\/checkout\//,
  /^\/booking\//,
  /^\/booking-offers\//,
  /^\/marketplace\/checkout/,
  /^\/payment/,
  /^\/wallet/,
  /^\/subscription-plans\/[^/]+/,
  /^\/vehicle-docs-renewal\/?$/,
];

export function isCheckoutPath(pathname: string): boolean {
  return CHECKOUT_PATHS.some((path) => path.test(pathname));
}
