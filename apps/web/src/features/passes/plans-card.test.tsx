// @vitest-environment happy-dom
import { formatMoney, type PublicPlan, type Vehicle } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { PlanCard } from "./plans-card";

const plan: PublicPlan = {
  id: 7,
  name: { en: "Commuter", fr: "Navetteur" },
  park: {
    id: 3,
    name: "Harbourview Car Park",
    slug: "harbourview",
    address: "1 Marina",
    city: "Lagos",
    lat: 6.45,
    lng: 3.39,
    time_zone: "Africa/Lagos",
  },
  windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
  hours_per_week: 60,
  currency: "NGN",
  prices: [
    { vehicle_type_id: 1, vehicle_type: "Car", monthly_price: 70_000 },
    { vehicle_type_id: 3, vehicle_type: "Motorcycle", monthly_price: 24_500 },
  ],
  min_term_months: 1,
  discount_3m_percent: 0,
  discount_12m_percent: 0,
  space_mode: "any",
  passes_left: 4,
  distance_m: null,
};
const car: Vehicle = {
  id: 1,
  plate_number: "LAG123AA",
  vehicle_type_id: 1,
  vehicle_type_name: "Car",
  make: null,
  model: null,
  color: null,
  nickname: null,
  is_default: true,
  created_at: "2026-11-01T00:00:00.000Z",
};

const naira = (n: number, lang: string) => formatMoney(n, "NGN", lang);
const priceLine = () => document.querySelector(".plan-card__foot strong")!.textContent!;

describe("a plan's card", () => {
  afterEach(() => clearSession());
  it("names the vehicle its lowest price is for when it knows no vehicle of the driver's", async () => {
    await renderWithApp(<PlanCard plan={plan} />, { api: new FakeApi(), route: "/subscription-plans" });
    await screen.findByText((text) => text.includes(naira(24_500, "en")));
    expect(priceLine()).toBe(`From ${naira(24_500, "en")} / month · Motorcycle`);
  });

  it.each(["en", "fr"] as const)(
    "shows the price for the driver's default vehicle (%s)",
    async (language) => {
      setToken("t");
      const api = new FakeApi().on("GET /user/vehicles/", { json: [car] });
      await renderWithApp(<PlanCard plan={plan} />, { api, route: "/subscription-plans", language });
      // Once the driver's vehicles are read: the default one is a car.
      await waitFor(() =>
        expect(priceLine()).toBe(
          language === "en"
            ? `${naira(70_000, "en")} / month · Car`
            : `${naira(70_000, "fr")} / mois · Voiture`,
        ),
      );
    },
  );

  it("shows the price for the type the list is filtered on", async () => {
    await renderWithApp(<PlanCard plan={plan} vehicleTypeId={1} />, {
      api: new FakeApi(),
      route: "/subscription-plans?vehicle_type_id=1",
    });
    expect(priceLine()).toBe(`${naira(70_000, "en")} / month · Car`);
  });
});
