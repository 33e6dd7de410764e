import { useEffect, useState } from "react";
import { useAppReady } from "../lib/app-ready";
import { storedLanguage } from "../lib/storage-keys";
// The loader shows before any catalogue has loaded, so its two strings are bundled with it.
import en from "../../../../packages/contract/locales/en/boot.json";
import fr from "../../../../packages/contract/locales/fr/boot.json";

/** Progress is held at 85 percent until the page is ready; forced off after 8 seconds. */
export const LOADER_CAP = 85;
export const LOADER_FORCE_OFF_MS = 8_000;

export function nextProgress(current: number): number {
  return Math.min(LOADER_CAP, current + Math.max(1, (LOADER_CAP - current) * 0.2));
}

/**
 * The start-up loader: the page's frame at once (the site's header bar with the brand, a thin
 * progress bar "Loading Parkwell" under it, a skeleton of a page), over the page until it is ready.
 * A deep link on a slow phone opens on what the page will look like, not on a splash. index.html
 * paints the same frame before any script runs.
 */
export function StartupLoader() {
  const ready = useAppReady();
  const [progress, setProgress] = useState(10);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (ready) return;
    const tick = setInterval(() => setProgress(nextProgress), 150);
    return () => clearInterval(tick);
  }, [ready]);

  useEffect(() => {
    const off = setTimeout(() => setHidden(true), LOADER_FORCE_OFF_MS);
    return () => clearTimeout(off);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const done = setTimeout(() => setHidden(true), 200);
    return () => clearTimeout(done);
  }, [ready]);

  if (hidden) return null;
  const shown = ready ? 100 : progress;
  const text = storedLanguage() === "fr" ? fr : en;
  const label = text.loading.replace("{{product}}", text.product);
  return (
    <div className="boot" data-testid="startup-loader">
      {/* The header's look, not a second header: the real one (a banner landmark) takes its place. */}
      <div className="header" aria-hidden="true">
        <div className="header__inner container">
          <span className="brand">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            <span>{text.product}</span>
          </span>
        </div>
      </div>
      <div
        className="boot__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
      >
        <div className="boot__bar" style={{ width: `${shown}%` }} />
      </div>
      <div className="boot__page container" aria-hidden="true">
        <div className="boot__line boot__line--title" />
        <div className="boot__line" />
        <div className="boot__line boot__line--short" />
        <div className="boot__block" />
      </div>
    </div>
  );
}
