// @vitest-environment happy-dom
// The footer's app-store links (issue #63, decision 043): to /install, worded as the web app's
// install, while no native app's address is configured; to the store once one is.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./footer";
import { FakeApi, renderWithApp } from "../test/render";

// No native app unless a test configures one.
beforeEach(() => {
  vi.stubEnv("VITE_APP_STORE_URL", "");
  vi.stubEnv("VITE_GOOGLE_PLAY_URL", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const appLinks = async (language: "en" | "fr" = "en") => {
  await renderWithApp(<Footer />, { api: new FakeApi(), language });
  const title = language === "fr" ? "Télécharger l'application" : "Get the app";
  const column = screen.getByRole("heading", { name: title }).parentElement!;
  return within(column)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("rel")]);
};

describe("the footer's app-store links", () => {
  it("go to /install while no native app exists", async () => {
    expect(await appLinks()).toEqual([
      ["Install on iPhone", "/install", null],
      ["Install on Android", "/install", null],
    ]);
  });

  it("in French", async () => {
    expect(await appLinks("fr")).toEqual([
      ["Installer sur iPhone", "/install", null],
      ["Installer sur Android", "/install", null],
    ]);
  });

  it("go to a store's page once its native app's address is configured at build time", async () => {
    vi.stubEnv("VITE_APP_STORE_URL", "https://apps.apple.com/app/id123");
    expect(await appLinks()).toEqual([
      ["Download on the App Store", "https://apps.apple.com/app/id123", "noopener"],
      ["Install on Android", "/install", null],
    ]);
  });
});
