// @vitest-environment happy-dom
// /install (issue #63, decision 043): the browser's offer is a button that opens its dialog; in the
// installed app the page says so; without an offer (iOS Safari, Firefox), the steps by hand.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listenForInstallPrompt, type InstallPromptEvent } from "../../lib/install-prompt";
import { FakeApi, renderWithApp } from "../../test/render";
import { InstallPage } from "./install-page";

let stop: () => void;
beforeEach(() => {
  stop = listenForInstallPrompt(window);
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

/** The browser's offer, as Chromium fires it; its dialog answers `outcome`. */
function offerInstall(
  outcome: "accepted" | "dismissed" | Promise<{ outcome: "accepted" | "dismissed"; platform: string }>,
): { prompt: ReturnType<typeof vi.fn>; event: Event } {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt,
    userChoice: typeof outcome === "string" ? Promise.resolve({ outcome, platform: "web" }) : outcome,
  }) as InstallPromptEvent;
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

/** The page as the installed app shows it (display-mode: standalone). */
function inStandalone(): void {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: query === "(display-mode: standalone)", media: query }) as MediaQueryList,
  );
}

const show = (language: "en" | "fr" = "en") =>
  renderWithApp(<InstallPage />, { api: new FakeApi(), language });

describe("the install page", () => {
  it("offers the browser's install: the button opens its dialog, and an accepted install says so", async () => {
    const { prompt, event } = offerInstall("accepted");
    // Kept for the button, not Chrome's own banner.
    expect(event.defaultPrevented).toBe(true);
    await show();
    expect(screen.queryByRole("heading", { name: "On an iPhone or iPad (Safari)" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Install Parkwell" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole("status")).textContent).toBe(
      "Parkwell is installed: open it from your home screen or with your other apps.",
    );
    expect(screen.queryByRole("button", { name: "Install Parkwell" })).toBeNull();
  });

  it("while the dialog is open, the button stays, disabled (one prompt per offer)", async () => {
    let answer!: (choice: { outcome: "accepted"; platform: string }) => void;
    const { prompt } = offerInstall(new Promise((resolve) => (answer = resolve)));
    await show();
    const button = screen.getByRole("button", { name: "Install Parkwell" });
    fireEvent.click(button);
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(button);
    expect(prompt).toHaveBeenCalledTimes(1);
    await act(async () => answer({ outcome: "accepted", platform: "web" }));
    expect((await screen.findByRole("status")).textContent).toContain("Parkwell is installed");
  });

  it("after a dismissed dialog, the offer is spent: the steps by hand", async () => {
    const { prompt } = offerInstall("dismissed");
    await show();
    fireEvent.click(screen.getByRole("button", { name: "Install Parkwell" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("heading", { name: "In other browsers" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("in French, the button is French and calls the same dialog", async () => {
    const { prompt } = offerInstall("accepted");
    await show("fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Installer l'application Parkwell");
    fireEvent.click(screen.getByRole("button", { name: "Installer Parkwell" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole("status")).textContent).toBe(
      "Parkwell est installée\u00a0: ouvrez-la depuis votre écran d'accueil ou avec vos autres applications.",
    );
  });

  it("in the installed app, says so and offers nothing", async () => {
    inStandalone();
    offerInstall("accepted");
    await show();
    expect(screen.getByRole("status").textContent).toBe("You are using the installed Parkwell app.");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("in the installed app, in French", async () => {
    inStandalone();
    await show("fr");
    expect(screen.getByRole("status").textContent).toBe("Vous utilisez l'application Parkwell installée.");
  });

  it("without the browser's offer (iOS Safari, Firefox), gives the steps: Share, then Add to Home Screen, or the menu", async () => {
    await show();
    expect(screen.queryByRole("button")).toBeNull();
    const [ios, browsers] = screen.getAllByRole("list");
    expect(screen.getByRole("heading", { name: "On an iPhone or iPad (Safari)" })).toBeTruthy();
    expect(ios!.textContent).toContain("Tap the Share button");
    expect(ios!.textContent).toContain("Add to Home Screen");
    expect(screen.getByRole("heading", { name: "In other browsers" })).toBeTruthy();
    expect(browsers!.textContent).toContain("Open the browser's menu");
  });

  it("without the offer, in French", async () => {
    await show("fr");
    expect(screen.getByRole("heading", { name: "Sur iPhone ou iPad (Safari)" })).toBeTruthy();
    const [ios] = screen.getAllByRole("list");
    expect(ios!.textContent).toContain("Touchez le bouton Partager");
    expect(ios!.textContent).toContain("Sur l'écran d'accueil");
    expect(screen.getByRole("heading", { name: "Dans les autres navigateurs" })).toBeTruthy();
  });

  it("an offer that comes once the page is shown brings the button", async () => {
    await show();
    expect(screen.queryByRole("button")).toBeNull();
    offerInstall("accepted");
    expect(await screen.findByRole("button", { name: "Install Parkwell" })).toBeTruthy();
  });
});
