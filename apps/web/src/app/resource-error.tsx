import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Check every 2 s, stop at 15 s, full retry 500 ms after success, up to 2 automatic retries. */
export const RESOURCE_CHECK_INTERVAL_MS = 2_000;
export const RESOURCE_CHECK_STOP_MS = 15_000;
export const RESOURCE_RETRY_DELAY_MS = 500;
export const RESOURCE_AUTO_RETRIES = 2;
const RETRIES_KEY = "parkwell_resource_retries";

function retries(): number {
  try {
    return Number(window.sessionStorage.getItem(RETRIES_KEY) ?? "0") || 0;
  } catch {
    return 0;
  }
}

function reloadCounting(): void {
  try {
    window.sessionStorage.setItem(RETRIES_KEY, String(retries() + 1));
  } catch {
    // Without session storage the retry still happens, it just is not counted.
  }
  window.location.reload();
}

/** Called once a page has rendered: the next loading failure starts counting from zero again. */
export function resetResourceRetries(): void {
  try {
    window.sessionStorage.removeItem(RETRIES_KEY);
  } catch {
    // nothing to reset
  }
}

/**
 * A page's code or styles failed to download (a new deploy, a dropped connection). While the
 * server cannot be reached we keep checking; once it answers, the page reloads, at most twice on
 * its own. After more than one retry, Go Home is offered.
 */
export function ResourceError() {
  const { t } = useTranslation();
  const [gaveUp, setGaveUp] = useState(false);
  const count = retries();
  const auto = count < RESOURCE_AUTO_RETRIES;

  useEffect(() => {
    if (!auto) return;
    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const res = await fetch("/api/health", { cache: "no-store" });
        if (res.ok && !stopped) {
          stopped = true;
          retryTimer = setTimeout(reloadCounting, RESOURCE_RETRY_DELAY_MS);
        }
      } catch {
        // still unreachable: the next check decides
      }
    };
    void check();
    const interval = setInterval(() => void check(), RESOURCE_CHECK_INTERVAL_MS);
    const stop = setTimeout(() => {
      clearInterval(interval);
      if (!stopped) setGaveUp(true);
    }, RESOURCE_CHECK_STOP_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
      clearTimeout(stop);
      if (retryTimer) clearTimeout(retryTimer);
    };
  }, [auto]);

  const failed = gaveUp || !auto;
  return (
    <section className="container page error-screen" role="alert" aria-busy={!failed}>
      <h1>{failed ? t("errors.loadingError") : t("errors.loadingIssue")}</h1>
      <p>{failed ? t("errors.loadingErrorText") : t("errors.loadingIssueText")}</p>
      <p className="error-screen__actions">
        <button type="button" className="button button--accent" onClick={reloadCounting}>
          {t("errors.retry")}
        </button>
        {count > 1 && (
          <a className="button" href="/">
            {t("errors.goHome")}
          </a>
        )}
        {/* A dropped connection is the usual cause: the installed app says what opens without one. */}
        <a className="button" href="/offline">
          {t("offline.whatWorks")}
        </a>
      </p>
    </section>
  );
}
