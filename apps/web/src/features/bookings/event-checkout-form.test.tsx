// @vitest-environment happy-dom
import { EventDetailSchema, type EventDetail } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { EventCheckoutForm } from "./event-checkout-form";

const breakdown = (parking: number) => ({
  hours: 6,
  days: 0,
  parking,
  service_fee: 100,
  booking_fee: parking * 0.05,
  tax: 15,
  tax_name: "VAT",
  taxes: [],
  total: parking + 100 + parking * 0.05 + 15,
});

/** An event as GET /events/{code} answers it (parsed by the contract, so it cannot drift from it). */
const event: EventDetail = EventDetailSchema.parse({
  event_code: "EV-AB2CD",
  name: "Lagos Jazz Night",
  category: "concert",
  status: "published",
  visibility: "public",
  venue: { name: "Eko Hall", address: "1 Marina", city: "Lagos", country_code: "NG", lat: 6.45, lng: 3.39 },
  time_zone: "Africa/Lagos",
  start_time: "2026-12-05T18:00:00.000Z",
  end_time: "2026-12-05T22:00:00.000Z",
  image_url: null,
  price_from: { amount: 1500, currency: "NGN" },
  description: "Jazz.",
  text_language: "en",
  parks: [
    {
      park: {
        id: 41,
        slug: "marina-car-park",
        park_code: "NG7QX2A",
        name: "Marina Car Park",
        type: "event",
        address: "3 Marina",
        city: "Lagos",
        lat: 6.451,
        lng: 3.391,
      },
      prices: [
        {
          vehicle_type_id: 1,
          vehicle_type: "Car",
          flat_price: { amount: 1500, currency: "NGN" },
          price: { amount: 1690, currency: "NGN", breakdown: breakdown(1500) },
          available: 4,
        },
        {
          vehicle_type_id: 2,
          vehicle_type: "SUV",
          flat_price: { amount: 2500, currency: "NGN" },
          price: { amount: 2740, currency: "NGN", breakdown: breakdown(2500) },
          available: 0,
        },
      ],
      window: { start_time: "2026-12-05T17:00:00.000Z", end_time: "2026-12-05T23:00:00.000Z" },
      arrive_before_minutes: 60,
      depart_after_minutes: 60,
      available: 4,
      distance_km: 0.2,
      walking_minutes: 3,
    },
  ],
});
const item = event.parks[0]!;
const wallet = {
  balance: 5000,
  currency: "NGN",
  currency_symbol: "₦",
  decimals: 2,
  provider: "paystack",
  min_topup: 100,
  max_topup: 1000000,
  max_balance: 5000000,
};

function driverApi() {
  return new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet } })
    .on("GET /user/vehicles/", { json: [] });
}

const plain = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("the event checkout form", () => {
  it("offers the event's vehicle types with their flat prices, a sold-out one said so, and pays the server's total", async () => {
    const api = driverApi();
    await renderWithApp(<EventCheckoutForm event={event} item={item} />, { api });
    const type = screen.getByLabelText("Vehicle type");
    expect([...within(type).getAllByRole("option")].map((o) => o.textContent)).toEqual([
      "Car · ₦1,500",
      "SUV · sold out",
    ]);
    expect(await screen.findByTestId("checkout-balance")).toHaveProperty(
      "textContent",
      "Wallet balance: ₦5,000",
    );
    expect(screen.getByRole("button", { name: "Pay ₦1,690 from wallet" })).toBeTruthy();

    // Choosing the sold-out type: nothing can be paid.
    await userEvent.selectOptions(type, "2");
    expect(screen.getByTestId("spaces-left").textContent).toBe("Sold out");
    expect(screen.getByRole("button", { name: /Pay/ })).toHaveProperty("disabled", true);
  });

  it("refuses an empty plate in words, sending nothing; books a typed plate once and goes to the success page", async () => {
    const api = driverApi().on("POST /bookings", (call) => ({
      status: 201,
      json: { booking_code: "PW-7QX2AB3C", echo: call.body },
    }));
    const { router } = await renderWithApp(<EventCheckoutForm event={event} item={item} />, { api });
    const pay = screen.getByRole("button", { name: "Pay ₦1,690 from wallet" });
    await userEvent.click(pay);
    // The plate field says so (the product's word for an empty field).
    const plate = screen.getByLabelText("Plate number");
    await waitFor(() => expect(plate.getAttribute("aria-invalid")).toBe("true"));
    const said = document.getElementById(plate.getAttribute("aria-describedby")!);
    expect(said?.textContent).toBe("This field is required!");
    expect(api.callsTo("POST /bookings")).toEqual([]);

    await userEvent.type(screen.getByLabelText("Plate number"), "lag 123 xy");
    await userEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/booking-success"));
    expect(router.state.location.search).toBe("?code=PW-7QX2AB3C");
    const [call] = api.callsTo("POST /bookings");
    expect(call!.body).toEqual({
      event_code: "EV-AB2CD",
      park_id: 41,
      vehicle_type_id: 1,
      plate_number: "LAG123XY",
    });
    expect(call!.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("applies an event coupon: the quote of the event's parking, its discount, the code sent with the booking", async () => {
    const api = driverApi()
      .on("GET /bookings/quote", (call) => ({
        json: {
          price: {
            amount: 1390,
            currency: "NGN",
            breakdown: { ...breakdown(1500), coupon_discount: 300, coupon_code: "JAZZ300", total: 1390 },
          },
          coupon: { code: call.query.get("coupon_code"), applied: true, discount: 300, message: null },
        },
      }))
      .on("POST /bookings", { status: 201, json: { booking_code: "PW-7QX2AB3C" } });
    await renderWithApp(<EventCheckoutForm event={event} item={item} />, { api });
    await userEvent.type(screen.getByLabelText("Coupon code"), "jazz300{Enter}");
    expect(await screen.findByText(/^JAZZ300 saves you ₦300/)).toBeTruthy();
    const asked = api.callsTo("GET /bookings/quote").at(-1)!.query;
    expect([asked.get("event_code"), asked.get("park_id"), asked.get("start_time")]).toEqual([
      "EV-AB2CD",
      "41",
      null,
    ]);
    await userEvent.type(screen.getByLabelText("Plate number"), "lag 123 xy");
    await userEvent.click(screen.getByRole("button", { name: "Pay ₦1,390 from wallet" }));
    await waitFor(() => expect(api.callsTo("POST /bookings")).toHaveLength(1));
    expect(api.callsTo("POST /bookings")[0]!.body).toMatchObject({
      event_code: "EV-AB2CD",
      coupon_code: "JAZZ300",
    });
  });

  it("says how much the wallet is short and links to the top-up with the way back, in French", async () => {
    const api = driverApi().on("POST /bookings", {
      status: 402,
      json: {
        message: "Your wallet balance is too low",
        code: "insufficient_funds",
        fields: { amount_missing: "1190", currency: "NGN" },
      },
    });
    await renderWithApp(<EventCheckoutForm event={event} item={item} />, {
      api,
      language: "fr",
      route: "/event-checkout?event=EV-AB2CD&park=41&plate_number=LAG123XY",
    });
    await userEvent.click(screen.getByRole("button", { name: /Payer 1\s690\s₦ avec le portefeuille/ }));
    const alert = await screen.findByRole("alert");
    expect(plain(alert.textContent)).toContain(
      "Il manque 1 190 ₦ dans votre portefeuille pour cette réservation.",
    );
    const topUp = within(alert).getByRole("link", { name: "Recharger le portefeuille" });
    const href = new URL(topUp.getAttribute("href")!, "https://parkwell.test");
    expect(href.pathname).toBe("/wallet");
    expect(href.searchParams.get("amount")).toBe("1190");
    expect(href.searchParams.get("return_to")).toBe(
      "/event-checkout?event=EV-AB2CD&park=41&plate_number=LAG123XY",
    );
  });
});
