import { useSyncExternalStore } from "react";

/**
 * The event Chromium browsers fire when the page can be installed (not in the DOM's typings:
 * WICG manifest incubations). `prompt()` shows the browser's install dialog, once per event.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export interface InstallState {
  /** The browser's offer, kept for the install page's button; null where there is none (yet). */
  prompt: InstallPromptEvent | null;
  /** Installed during this visit (the dialog accepted, or the browser's own install). */
  installed: boolean;
}

const NONE: InstallState = { prompt: null, installed: false };
let state: InstallState = NONE;
const listeners = new Set<() => void>();

function update(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer from the start of the visit (main.tsx), whichever page it
 * fires on, for /install to use (docs/decisions/043-installable-app.md). Its default (Chrome's
 * own banner on Android) is prevented: the offer is the install page's button and the browser's
 * menu. Returns what undoes it (the tests').
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    update({ prompt: event as InstallPromptEvent });
  };
  const onInstalled = () => update({ prompt: null, installed: true });
  target.addEventListener("beforeinstallprompt", onPrompt);
  target.addEventListener("appinstalled", onInstalled);
  return () => {
    target.removeEventListener("beforeinstallprompt", onPrompt);
    target.removeEventListener("appinstalled", onInstalled);
    state = NONE;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The install offer and whether the app was installed in this visit; none on the server. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => NONE,
  );
}

/**
 * Shows the browser's install dialog and gives its answer. The offer is spent whatever the answer
 * (Chromium allows one prompt() per event); the button stays, disabled, until the answer.
 */
export async function promptInstall(): Promise<"accepted" | "dismissed" | null> {
  const event = state.prompt;
  if (!event) return null;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === "accepted") update({ installed: true });
    return outcome;
  } finally {
    if (state.prompt === event) update({ prompt: null });
  }
}

/** Whether this page runs in the installed app's window (iOS's home-screen apps say so apart). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}
