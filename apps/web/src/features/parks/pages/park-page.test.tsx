// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PublicOriginProvider } from "../../../lib/seo/public-origin";
import { lagosPark, montrealPark, ORIGIN } from "../../../lib/seo/testing/fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ParkPage } from "./park-page";

const head = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");
const jsonLdOf = (container: HTMLElement) =>
  [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ""),
  );

describe("the park page's head", () => {
  it("names the park and carries it as a ParkingFacility with its prices and rating", async () => {
    const api = new FakeApi().on(`GET /front/parks/${lagosPark.slug}`, { json: lagosPark });
    const { container } = await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <Routes>
          <Route path="/park/:slug" element={<ParkPage />} />
        </Routes>
      </PublicOriginProvider>,
      { api, route: `/park/${lagosPark.slug}` },
    );
    await screen.findByRole("heading", { level: 1, name: lagosPark.name });
    expect(document.title).toBe("Ikeja City Mall Park: parking in Ikeja | Parkwell");
    expect(head('meta[name="description"]')).toBe(
      "Book parking at Ikeja City Mall Park, 174/194 Obafemi Awolowo Way, Alausa, Ikeja, Lagos. From ₦500 an hour.",
    );
    // The address as asked (the bare path) is the canonical.
    const url = `${ORIGIN}/park/${lagosPark.slug}`;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url);
    expect(head('meta[property="og:image"]')).toBe(`${ORIGIN}/media/parks/ikeja-1.jpg`);
    const [data] = jsonLdOf(container);
    expect(data).toMatchObject({
      "@type": ["ParkingFacility", "LocalBusiness"],
      name: "Ikeja City Mall Park",
      url,
      address: { addressLocality: "Ikeja", addressCountry: "NG" },
      aggregateRating: { ratingValue: 4.35, reviewCount: 12, bestRating: 5 },
      makesOffer: [
        {
          name: "Car",
          price: 500,
          priceCurrency: "NGN",
          description: "Car: ₦500 an hour, at most ₦4,000 a day",
        },
        { price: 700, priceCurrency: "NGN" },
      ],
    });
  });

  it("gives a park without reviews no rating", async () => {
    const api = new FakeApi().on(`GET /front/parks/${montrealPark.slug}`, { json: montrealPark });
    const { container } = await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <Routes>
          <Route path="/park/:slug" element={<ParkPage />} />
        </Routes>
      </PublicOriginProvider>,
      { api, route: `/park/${montrealPark.slug}`, language: "fr" },
    );
    await screen.findByRole("heading", { level: 1, name: montrealPark.name });
    expect(document.title).toBe("Stationnement Peel\u00a0: stationnement à Montréal | Parkwell");
    const [data] = jsonLdOf(container);
    expect(data).toMatchObject({ name: "Stationnement Peel", makesOffer: [{ priceCurrency: "CAD" }] });
    expect(data).not.toHaveProperty("aggregateRating");
  });
});

describe("the park page's address", () => {
  const page = (
    <PublicOriginProvider origin={ORIGIN}>
      <Routes>
        <Route path="/park/:slug" element={<ParkPage />} />
      </Routes>
    </PublicOriginProvider>
  );

  it("goes to the park's slug when asked by its code, the query kept and the code's entry replaced", async () => {
    const api = new FakeApi()
      .on(`GET /front/parks/${lagosPark.park_code}`, { json: lagosPark })
      .on(`GET /front/parks/${lagosPark.slug}`, { json: lagosPark });
    const { router } = await renderWithApp(page, {
      api,
      route: `/park/${lagosPark.park_code}?vehicle_type_id=2#reviews`,
    });
    await screen.findByRole("heading", { level: 1, name: lagosPark.name });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/park/${lagosPark.slug}`));
    expect(router.state.location.search).toBe("?vehicle_type_id=2");
    expect(router.state.location.hash).toBe("#reviews");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("heading", { level: 1, name: lagosPark.name })).toBeTruthy();
  });

  it("says a deactivated park is no longer on Parkwell (410), once, and links to the search", async () => {
    const api = new FakeApi().on(`GET /front/parks/${lagosPark.slug}`, {
      status: 410,
      json: { message: "This car park is no longer on Parkwell", code: "park_gone" },
    });
    await renderWithApp(page, { api, route: `/park/${lagosPark.slug}`, language: "fr" });
    await screen.findByRole("heading", { level: 1, name: "Ce parking n’est plus sur Parkwell" });
    expect(screen.getByRole("link", { name: "Voir tous les parkings" }).getAttribute("href")).toBe(
      "/parks-list",
    );
    // An answer, not a failure to retry.
    expect(api.callsTo(`GET /front/parks/${lagosPark.slug}`)).toHaveLength(1);
  });
});
