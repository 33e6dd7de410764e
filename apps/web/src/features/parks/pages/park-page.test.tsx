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

describe("the park page's chargers", () => {
  const charging = {
    ...lagosPark,
    amenities: ["cctv", "covered", "ev_charging"],
    chargers: [
      {
        id: 8,
        connector: "ccs2" as const,
        power_kw: 60,
        count: 2,
        price_unit: "kwh" as const,
        price: 380,
        currency: "NGN",
      },
      {
        id: 9,
        connector: "type2" as const,
        power_kw: 7.4,
        count: 1,
        price_unit: "hour" as const,
        price: 1500.5,
        currency: "NGN",
      },
    ],
  };
  const open = async (park: typeof charging, language: "en" | "fr") => {
    const api = new FakeApi().on(`GET /front/parks/${park.slug}`, { json: park });
    await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <Routes>
          <Route path="/park/:slug" element={<ParkPage />} />
        </Routes>
      </PublicOriginProvider>,
      { api, route: `/park/${park.slug}`, language },
    );
    await screen.findByRole("heading", { level: 1, name: park.name });
  };

  it.each([
    [
      "en",
      "EV charging",
      /^CCS2 · 60 kW$/,
      "2 chargers",
      /380.* per kWh/,
      /^Type 2 · 7\.4 kW$/,
      /1,500\.50.* per hour/,
      /priced per hour is paid with your booking.*priced per kWh is paid at the park/,
      "Book",
    ],
    [
      "fr",
      "Recharge électrique",
      /^CCS2 · 60\skW$/,
      "2 bornes",
      /380.* le kWh/,
      /^Type 2 · 7,4\skW$/,
      /1\s500,50.* l'heure/,
      /au prix par heure se paie avec votre réservation.*au prix par kWh se paie au parking/,
      "Réserver",
    ],
  ] as const)(
    "lists each kind with its power, count and the park's price, and who is paid (%s)",
    async (language, title, fast, count, price, slow, slowPrice, paid, book) => {
      await open(charging, language);
      const section = screen.getByTestId("park-chargers");
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
      const rows = section.querySelectorAll("tbody tr");
      expect(rows).toHaveLength(2);
      expect(rows[0]!.querySelector("th")!.textContent).toMatch(fast);
      expect(rows[0]!.textContent).toContain(count);
      expect(rows[0]!.textContent).toMatch(price);
      expect(rows[1]!.querySelector("th")!.textContent).toMatch(slow);
      expect(rows[1]!.textContent).toMatch(slowPrice);
      expect(section.textContent).toMatch(paid);
      // Each kind links to the checkout with it chosen, its name saying which ("Book CCS2 · 60 kW").
      const links = [...section.querySelectorAll("tbody a")];
      expect(links.map((a) => a.getAttribute("href"))).toEqual([
        `/checkout/${charging.slug}?charger_id=8`,
        `/checkout/${charging.slug}?charger_id=9`,
      ]);
      expect(links[0]!.textContent).toBe(`${book} ${rows[0]!.querySelector("th")!.textContent}`);
    },
  );

  it("shows no charging section for a park without chargers", async () => {
    await open({ ...charging, chargers: [] }, "en");
    expect(screen.queryByTestId("park-chargers")).toBeNull();
  });
});
