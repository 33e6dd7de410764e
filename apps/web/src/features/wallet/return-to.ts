import type { PurchaseKindName } from "@parkwell/contract";

/**
 * A checkout that sent the driver here to top up (`/wallet?amount=..&return_to=/checkout/..`):
 * kept for this tab across the provider's round trip so the result page can lead back to it.
 * Every checkout that can send a driver to top up keeps its choices in its query string and sends
 * itself (TopUpNotice): a park's, an event's parking, a monthly pass's, the shop's and the vehicle
 * documents' form. Only those paths are accepted, so the parameter cannot send anyone to another
 * site.
 */
const KEY = "parkwell_wallet_return";

/**
 * Each kind of purchase's checkouts that can send a driver to top up, by path: a name made of
 * letters, digits, `-` and `_` where the path has one. Every kind is named, so a new one does not
 * compile until its checkout is given (an empty list: it never sends a driver to top up).
 */
export const CHECKOUT_PATHS: Readonly<Record<PurchaseKindName, readonly RegExp[]>> = {
  booking: [/^\/checkout\/[^/\\]/, /^\/booking\/event\/[\w-]+(?:\?|$)/],
  pass: [/^\/subscription-plans\/\d+(?:\?|$)/],
  order: [/^\/marketplace\/checkout(?:\?|$)/],
  vehicle_docs: [/^\/vehicle-docs-renewal(?:\?|$)/],
};
const CHECKOUTS = Object.values(CHECKOUT_PATHS).flat();

export function isCheckoutPath(path: string | null): path is string {
  return Boolean(path && CHECKOUTS.some((checkout) => checkout.test(path)));
}

export function rememberReturn(path: string): void {
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Without storage the driver goes back with the browser's history instead.
  }
}

export function rememberedReturn(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    return isCheckoutPath(path) ? path : null;
  } catch {
    return null;
  }
}
