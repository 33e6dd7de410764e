// @vitest-environment happy-dom
// The footer's social links for the selected country, and its app-store links (issue #63,
// decision 043): to /install, worded as the web app's install, while no native app's address is
// configured; to the store once one is.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeSelectedCountry } from "../lib/country";
import { FakeApi, renderWithApp } from "../test/render";
import { Footer } from "./footer";

const PARKWELL = {
  facebook: "https://www.facebook.com/parkwell",
  instagram: "https://www.instagram.com/parkwell",
  linkedin: "https://www.linkedin.com/company/parkwell",
  twitter: "https://x.com/parkwell",
};
// As GET /social-links answers: each country's links already resolved against DEFAULT.
const links = {
  items: [
    { country_code: "DEFAULT", ...PARKWELL, linkedin: null },
    { country_code: "NG", ...PARKWELL, linkedin: null },
    { country_code: "CA", ...PARKWELL, facebook: "https://www.facebook.com/parkwell.canada", linkedin: null },
  ],
};

const renderFooter = (api: FakeApi, language: "en" | "fr" = "en") =>
  renderWithApp(<Footer />, { api, language });

describe("the footer's social links", () => {
  it("shows the selected country's links by name, leaves out a network with no address", async () => {
    storeSelectedCountry({ code: "CA", name: "Canada", id: 2 }, false);
    const api = new FakeApi().on("GET /social-links", { json: links });
    await renderFooter(api);
    const nav = await screen.findByRole("navigation", { name: "Follow Parkwell" });
    const shown = within(nav)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(shown).toEqual([
      ["Facebook", "https://www.facebook.com/parkwell.canada"],
      ["Instagram", PARKWELL.instagram],
      ["X (Twitter)", PARKWELL.twitter],
    ]);
    expect(api.callsTo("GET /social-links")).toHaveLength(1);
  });

  it("falls back to DEFAULT's for a country the answer does not list, in French", async () => {
    storeSelectedCountry({ code: "GH", name: "Ghana", id: 5 }, false);
    await renderFooter(new FakeApi().on("GET /social-links", { json: links }), "fr");
    const nav = await screen.findByRole("navigation", { name: "Suivez Parkwell" });
    expect(within(nav).getByRole("link", { name: "Facebook" }).getAttribute("href")).toBe(PARKWELL.facebook);
    expect(within(nav).queryByRole("link", { name: "LinkedIn" })).toBeNull();
  });

  it("shows no social section while the links cannot be had, never a made-up address", async () => {
    const api = new FakeApi().on("GET /social-links", {
      status: 500,
      json: { message: "x", code: "internal" },
    });
    await renderFooter(api);
    await screen.findByRole("navigation", { name: "Legal" });
    await expect.poll(() => api.callsTo("GET /social-links").length).toBe(1);
    expect(screen.queryByRole("navigation", { name: "Follow Parkwell" })).toBeNull();
    expect(screen.queryByText("Facebook")).toBeNull();
  });
});

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
