// @vitest-environment happy-dom
import {
  OrderingOptionsSchema,
  OrderSchema,
  QuoteSchema,
  WalletSchema,
  type Quote,
} from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi, renderWithApp, type ApiCall } from "../../../test/render";
import { addToCart, emptyCart } from "../cart";
import { MarketCheckoutPage } from "./checkout-page";

const ngn = (amount: number) => ({ amount, currency: "NGN" });

/** Pickup only, one slot, two parks (nearest first). */
const options = OrderingOptionsSchema.parse({
  delivery_enabled: false,
  takeaway_enabled: true,
  message: null,
  slots: [
    { slot_id: 3, date: "2026-11-27", start_time: "09:00:00", end_time: "11:00:00" },
    { slot_id: 4, date: "2026-11-27", start_time: "14:00:00", end_time: "16:00:00" },
  ],
  pickup_parks: [
    { id: 41, name: "Marina Car Park", city: "Lagos", state_code: "LA", distance_km: null },
    { id: 42, name: "Ikeja Garage", city: "Lagos", state_code: "LA", distance_km: null },
  ],
  delivery_bands: [],
});

/** The server's price: 2 × ₦2,000, SAVE10 taking ₦400 off, any other coupon refused. */
function quoteOf(call: ApiCall): Quote {
  const code = (call.body as { coupon_code?: string }).coupon_code;
  const discount = code === "SAVE10" ? 400 : 0;
  return QuoteSchema.parse({
    currency: "NGN",
    lines: [
      {
        item_id: 5,
        variation_id: null,
        addon_ids: [],
        kind: "product",
        name: "Air freshener",
        variation_name: null,
        addons: [],
        image_url: null,
        quantity: 2,
        unit_price: ngn(2000),
        unit_offer: ngn(0),
        line_total: ngn(4000),
        available: 10,
        problem: null,
      },
    ],
    subtotal: ngn(4000),
    offer_discount: ngn(0),
    coupon: code
      ? {
          code,
          applied: code === "SAVE10",
          discount: ngn(discount),
          message: code === "SAVE10" ? null : "This coupon has expired",
        }
      : null,
    delivery_charge: ngn(0),
    tax: ngn(0),
    tax_name: "VAT",
    total: ngn(4000 - discount),
    orderable: !code || code === "SAVE10",
    problems: [],
  });
}

const wallet = WalletSchema.parse({
  balance: 10000,
  currency: "NGN",
  currency_symbol: "₦",
  decimals: 2,
  provider: "paystack",
  min_topup: 100,
  max_topup: 1000000,
  max_balance: 5000000,
});

const order = OrderSchema.parse({
  order_code: "MO-7K3MQ2",
  stage: "placed",
  payment_status: "paid",
  order_type: "takeaway",
  source: "web",
  items: 2,
  total: ngn(3600),
  refunded: ngn(0),
  created_at: "2026-11-26T08:00:00.000Z",
  time_zone: "Africa/Lagos",
  lines: [],
  subtotal: ngn(4000),
  offer_discount: ngn(0),
  coupon_code: "SAVE10",
  coupon_discount: ngn(400),
  delivery_charge: ngn(0),
  tax: ngn(0),
  tax_name: "VAT",
  address: null,
  park: { id: 42, name: "Ikeja Garage", address: "1 Allen Avenue", city: "Lagos" },
  booking_code: null,
  time_slot: { date: "2026-11-27", start_time: "14:00:00", end_time: "16:00:00" },
  timeline: [],
  courier: null,
  can_cancel: true,
  paid_by_company: null,
});

function checkoutApi() {
  return new FakeApi()
    .on("GET /addresses", { json: [] })
    .on("GET /marketplace/options", { json: options })
    .on("POST /marketplace/quote", (call) => ({ json: quoteOf(call) }))
    .on("GET /wallet", { json: { data: wallet } });
}

const start = async (api: FakeApi) => {
  addToCart("NG", { item_id: 5, variation_id: null, addon_ids: [], quantity: 2 });
  const view = await renderWithApp(<MarketCheckoutPage />, { api, route: "/marketplace/checkout" });
  await screen.findByRole("button", { name: "Place order · pay ₦4,000" });
  return view;
};

afterEach(() => emptyCart("NG"));

describe("the marketplace checkout", () => {
  it("takes a coupon, a park and a slot, and places the order at the quoted total, once per attempt", async () => {
    const api = checkoutApi().on("POST /orders", { json: order });
    const { router } = await start(api);
    expect(screen.getByText("Orders are picked up at a park (services are done there).")).toBeTruthy();
    expect(screen.getByTestId("checkout-balance").textContent).toBe("Wallet balance: ₦10,000");

    await userEvent.selectOptions(screen.getByLabelText("Park"), "42");
    await userEvent.selectOptions(screen.getByLabelText("Time slot"), "4_2026-11-27");
    await userEvent.type(screen.getByLabelText("Coupon code"), "save10");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    const message = screen.getByTestId("coupon-message");
    await waitFor(() => expect(message.textContent).toContain("SAVE10 saves you ₦400."));
    expect(router.state.location.search).toContain("coupon=SAVE10");

    await userEvent.click(await screen.findByRole("button", { name: "Place order · pay ₦3,600" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders/MO-7K3MQ2"));
    expect(router.state.location.search).toBe("?placed=1");
    const [placed] = api.callsTo("POST /orders");
    expect(api.callsTo("POST /orders")).toHaveLength(1);
    expect(placed!.body).toEqual({
      country: "NG",
      source: "web",
      lines: [{ item_id: 5, addon_ids: [], quantity: 2 }],
      order_type: "takeaway",
      coupon_code: "SAVE10",
      park_id: 42,
      time_slot: { slot_id: 4, date: "2026-11-27" },
      expected_total: 3600,
    });
    expect(placed!.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says why a refused coupon blocks the order, and an emptied field takes it off", async () => {
    const api = checkoutApi();
    await start(api);
    const field = screen.getByLabelText("Coupon code");
    await userEvent.type(field, "old{Enter}");
    await waitFor(() =>
      expect(screen.getByTestId("coupon-message").textContent).toBe("This coupon has expired"),
    );
    expect((await screen.findByTestId("place-blocked")).textContent).toBe(
      "Remove the coupon or try another one to place the order.",
    );
    expect(screen.getByRole("button", { name: "Place order · pay ₦4,000" }).hasAttribute("disabled")).toBe(
      true,
    );

    await userEvent.clear(field);
    await waitFor(() => expect(screen.queryByTestId("place-blocked")).toBeNull());
    expect(screen.getByRole("button", { name: "Place order · pay ₦4,000" }).hasAttribute("disabled")).toBe(
      false,
    );
    expect(api.callsTo("POST /orders")).toEqual([]);
  });

  it("takes an applied coupon off with its Remove button, emptying the field", async () => {
    const api = checkoutApi();
    const { router } = await start(api);
    const field = screen.getByLabelText("Coupon code");
    await userEvent.type(field, " save10 {Enter}");
    await screen.findByRole("button", { name: "Place order · pay ₦3,600" });
    await userEvent.click(screen.getByRole("button", { name: "Remove the coupon" }));
    await screen.findByRole("button", { name: "Place order · pay ₦4,000" });
    expect((field as HTMLInputElement).value).toBe("");
    expect(router.state.location.search).not.toContain("coupon");
  });

  it("offers the driver's company as payer and sends its id; its short account shows the server's sentence, no personal top-up", async () => {
    const company = (id: number, name: string, currency: string) => ({
      id,
      name,
      role: "member",
      country_code: currency === "NGN" ? "NG" : "CA",
      currency,
      verified: true,
      disabled: false,
      billing: "wallet",
      cost_centre: "",
    });
    let short = false;
    const api = checkoutApi()
      .on("GET /business/companies", {
        json: { items: [company(7, "Acme Ltd", "NGN"), company(8, "Maple Inc", "CAD")] },
      })
      .on("POST /orders", () =>
        short
          ? {
              status: 402,
              json: {
                message: "Acme Ltd's balance is too low: it needs 1500 NGN more to pay for this order",
                code: "insufficient_funds",
                fields: { amount_missing: "1500", currency: "NGN" },
              },
            }
          : { json: order },
      );
    const { router } = await start(api);
    const choice = await screen.findByRole("group", { name: "Who pays" });
    expect((screen.getByRole("radio", { name: "Pay from my wallet" }) as HTMLInputElement).checked).toBe(
      true,
    );
    // Only a company that pays in the order's currency is offered.
    expect(choice.textContent).not.toContain("Maple Inc");
    await userEvent.click(screen.getByRole("radio", { name: "Pay with Acme Ltd" }));
    expect(screen.getByTestId("company-pays").textContent).toBe(
      "Acme Ltd pays this order if its policy allows marketplace orders; the receipt names the company.",
    );

    short = true;
    await userEvent.click(screen.getByRole("button", { name: "Place order · pay ₦4,000" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Acme Ltd's balance is too low");
    expect(screen.queryByRole("link", { name: "Top up wallet" })).toBeNull();
    const [refused] = api.callsTo("POST /orders");
    expect((refused!.body as { company_id?: number }).company_id).toBe(7);

    short = false;
    await userEvent.click(screen.getByRole("button", { name: "Place order · pay ₦4,000" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders/MO-7K3MQ2"));
    const placed = api.callsTo("POST /orders");
    expect(placed).toHaveLength(2);
    expect(placed[1]!.body).toMatchObject({ company_id: 7, expected_total: 4000 });
    // The refused attempt's key is not used again.
    expect(placed[1]!.headers.get("idempotency-key")).not.toBe(refused!.headers.get("idempotency-key"));
  });

  it("shows how much the wallet is short on a 402, with a way to top up that comes back here", async () => {
    const api = checkoutApi().on("POST /orders", {
      status: 402,
      json: {
        message: "Your wallet balance is too low",
        code: "insufficient_funds",
        fields: { amount_missing: "1500", currency: "NGN" },
      },
    });
    await start(api);
    const place = screen.getByRole("button", { name: "Place order · pay ₦4,000" });
    expect(place.className).toContain("button--accent");
    await userEvent.click(place);
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Your wallet is ₦1,500 short for this order.");
    // Paying the difference leads now: placing from the short wallet steps back.
    expect(screen.getByRole("button", { name: "Place order · pay ₦4,000" }).className).not.toContain(
      "button--accent",
    );
    const topUp = screen.getByRole("link", { name: "Top up wallet" });
    const href = new URL(topUp.getAttribute("href")!, "http://x");
    expect(href.pathname).toBe("/wallet");
    expect(href.searchParams.get("amount")).toBe("1500");
    expect(href.searchParams.get("return_to")).toBe("/marketplace/checkout");
  });
});
