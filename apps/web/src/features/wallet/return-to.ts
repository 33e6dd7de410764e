/**
 * A checkout that sent the driver here to top up (`/wallet?amount=..&return_to=/checkout/..`):
 * kept for this tab across the provider's round trip so the result page can lead back to it.
 * Only checkout paths are accepted, so the parameter cannot send anyone to another site.
 */
const KEY = "parkwell_wallet_return";

export function isCheckoutPath(path: string | null): path is string {
  return Boolean(path && /^\/checkout\/[^/\\]/.test(path));
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
