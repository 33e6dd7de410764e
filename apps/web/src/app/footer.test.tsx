// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
