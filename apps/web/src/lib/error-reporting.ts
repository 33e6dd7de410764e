/**
 * Error reporting: to Sentry only when VITE_SENTRY_DSN is set (its SDK is then loaded on demand,
 * never in the initial bundle). Browser noise is dropped first: the ResizeObserver loop
 * warnings and promise rejections that carry no Error.
 */
import type * as SentryModule from "@sentry/browser";

const RESIZE_OBSERVER_NOISE =
  /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i;

export function shouldReport(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return !RESIZE_OBSERVER_NOISE.test(reason.message);
}

/** A failed fetch of a lazily loaded page or asset: worth a reload, not a bug report. */
export function isResourceLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading (CSS )?chunk .* failed|Unable to preload CSS/i.test(
    message,
  );
}

type Sentry = typeof SentryModule;
let sentry: Promise<Sentry | null> | null = null;

function loadSentry(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN): Promise<Sentry | null> {
  if (!dsn) return Promise.resolve(null);
  sentry ??= import("@sentry/browser")
    .then((s) => {
      s.init({ dsn, release: import.meta.env.VITE_APP_VERSION });
      return s;
    })
    .catch(() => null);
  return sentry;
}

export function reportError(reason: unknown, context?: Record<string, unknown>): void {
  if (!shouldReport(reason)) return;
  void loadSentry().then((s) => s?.captureException(reason, context ? { extra: context } : undefined));
}

/** Window-level errors and unhandled rejections, filtered like everything else. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener("error", (e) => reportError(e.error));
  window.addEventListener("unhandledrejection", (e) => reportError(e.reason));
}
