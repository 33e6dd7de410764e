// @vitest-environment happy-dom
import { AvailabilitySchema, HoldSchema, ParkDetailSchema, WalletSchema } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { CheckoutForm } from "./checkout-form";

/** A park as GET /front/parks/{park} answers it (parsed by the contract, so it cannot drift). */
const park = ParkDetailSchema.parse({
  id: 41,
  slug: "marina-car-park",
  park_code: "NG7QX2A",
  name: "Marina Car Park",
  type: "city",
  address: "3 Marina",
  city: "Lagos",
  state: "Lagos",
  country_code: "NG",
  lat: 6.451,
  lng: 3.391,
  open_24h: true,
  amenities: [],
  price_from: { vehicle_type_id: 1, currency: "NGN", hourly: 500, daily_max: 4000 },
  rating: { average: null, count: 0 },
  description: "",
  time_zone: "Africa/Lagos",
  country: { id: 1, code: "NG", name: "Nigeria", currency: "NGN" },
  opening_hours: null,
  overnight_stays: true,
  closures: [],
  max_height_cm: null,
  entry_instructions: "",
  text_language: "en",
  photos: [],
  operator: "Harbourview Parking Ltd",
  status: "active",
  rates: [
    {
      park_id: 41,
      vehicle_type_id: 1,
      vehicle_type: "Car",
      kind: "standard",
      currency: "NGN",
      hourly: 500,
      daily_max: 4000,
      capacity: 20,
    },
  ],
});

// The window on the park's clock (Lagos, UTC+1): 10:00 to 13:00.
const WINDOW = { start: "2027-01-10T10:00", end: "2027-01-10T13:00" };
const availability = AvailabilitySchema.parse({
  park_id: 41,
  vehicle_type_id: 1,
  start_time: "2027-01-10T09:00:00.000Z",
  end_time: "2027-01-10T12:00:00.000Z",
  capacity: 20,
  available: 7,
  price: {
    amount: 1690,
    currency: "NGN",
    breakdown: {
      hours: 3,
      days: 0,
      parking: 1500,
      service_fee: 100,
      booking_fee: 75,
      tax: 15,
      tax_name: "VAT",
      total: 1690,
    },
  },
  bookable: true,
});

const wallet = (min_topup: number) =>
  WalletSchema.parse({
    balance: 500,
    currency: "NGN",
    currency_symbol: "₦",
    decimals: 2,
    provider: "paystack",
    min_topup,
    max_topup: 1000000,
    max_balance: 5000000,
  });

const short = {
  status: 402,
  json: {
    message: "Your wallet balance is too low",
    code: "insufficient_funds",
    fields: { amount_missing: "1190", currency: "NGN" },
  },
};

function driverApi(minTopUp = 100) {
  return new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet(minTopUp) } })
    .on("GET /user/vehicles/", { json: [] })
    .on("GET /front/parks/41/availability", { json: availability });
}

const route = `/checkout?park=41&plate_number=LAG123XY&start_time=${WINDOW.start}&end_time=${WINDOW.end}`;
const sentWindow = {
  park_id: 41,
  vehicle_type_id: 1,
  plate_number: "LAG123XY",
  start_time: "2027-01-10T09:00:00.000Z",
  end_time: "2027-01-10T12:00:00.000Z",
};

describe("the booking checkout form", () => {
  it("prices the window from the URL, books it once and goes to the success page", async () => {
    const api = driverApi().on("POST /bookings", { status: 201, json: { booking_code: "PW-7QX2AB3C" } });
    const { router } = await renderWithApp(<CheckoutForm park={park} />, { api, route });
    expect((await screen.findByTestId("spaces-left")).textContent).toBe("7 spaces left");
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/booking-success"));
    expect(router.state.location.search).toBe("?code=PW-7QX2AB3C");
    const calls = api.callsTo("POST /bookings");
    expect(calls.map((c) => c.body)).toEqual([sentWindow]);
    expect(calls[0]!.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("on a 402, offers to pay the difference and book, holding the same window", async () => {
    const api = driverApi()
      .on("POST /bookings", short)
      .on("POST /bookings/hold", (call) => ({
        status: 201,
        json: HoldSchema.parse({
          booking_code: "PW-HELD0001",
          status: "held",
          expires_at: "2027-01-10T08:00:00.000Z",
          currency: "NGN",
          total: 1690,
          balance: 500,
          amount_missing: 1190,
          top_up_amount: 1190,
          raised_to_minimum: false,
          payment: {
            reference: `ref-${(call.body as { plate_number: string }).plate_number}`,
            provider: "demo",
            amount: 1190,
            currency: "NGN",
            payment_info: {},
          },
        }),
      }));
    const { router } = await renderWithApp(<CheckoutForm park={park} />, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Your wallet is ₦1,190 short for this booking.",
    );
    expect(screen.queryByTestId("pay-difference-minimum")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Pay ₦1,190 and book" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    expect(router.state.location.search).toBe("?reference=ref-LAG123XY&provider=demo");
    const holds = api.callsTo("POST /bookings/hold");
    expect(holds.map((c) => c.body)).toEqual([sentWindow]);
    expect(holds[0]!.headers.get("idempotency-key")).not.toBe(
      api.callsTo("POST /bookings")[0]!.headers.get("idempotency-key"),
    );
  });

  it("raises a difference below the smallest top-up to it, and says so", async () => {
    const api = driverApi(2000).on("POST /bookings", short);
    await renderWithApp(<CheckoutForm park={park} />, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    expect((await screen.findByTestId("pay-difference-minimum")).textContent).toBe(
      "The smallest top-up is ₦2,000: you pay that instead of ₦1,190, and the rest stays in your wallet.",
    );
    expect(screen.getByRole("button", { name: "Pay ₦2,000 and book" })).toBeTruthy();
  });
});
