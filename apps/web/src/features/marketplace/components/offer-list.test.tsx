// @vitest-environment happy-dom
import type { Country } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { OfferList } from "./offer-list";

const lagos = {
  id: 1,
  name: "Nigeria",
  code: "NG",
  currency: "NGN",
  currency_symbol: "₦",
  currency_decimals: 2,
  flag: "🇳🇬",
  dial_code: "+234",
  timezone: "Africa/Lagos",
} as Country;

describe("the offers on now", () => {
  it("says the day an offer ends in the marketplace's country, not the phone's", async () => {
    // 00:30 on the 26th in Lagos; still the 25th on a phone set to UTC or anywhere west of it.
    const api = new FakeApi().on("GET /countries", { json: [lagos] });
    await renderWithApp(
      <>
        <h1>Marketplace</h1>
        <OfferList
          currency="NGN"
          offers={[
            {
              id: 1,
              name: "Car wash week",
              discount_type: "percentage",
              discount: 10,
              ends_at: "2026-11-25T23:30:00Z",
              item_id: 4,
              category_slug: null,
            },
          ]}
        />
      </>,
      { api, route: "/marketplace" },
    );
    expect(await screen.findByText("Until Nov 26")).toBeTruthy();
  });
});
