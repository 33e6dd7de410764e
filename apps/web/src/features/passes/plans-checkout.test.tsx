// @vitest-environment happy-dom
import { dayOnClock, PublicPlanSchema, type PlanQuote, type PublicPlan } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { PlanCheckout } from "./plans-checkout";

const ZONE = "Africa/Lagos";

/** A plan as GET /plans/{id} answers it (parsed by the contract, so it cannot drift from it). */
const plan: PublicPlan = PublicPlanSchema.parse({
  id: 7,
  name: { en: "Weekday commuter", fr: "Navetteur en semaine" },
  park: {
    id: 29,
    name: "Allen Avenue Car Park",
    slug: "allen-avenue-car-park-lagos",
    address: "162 Allen Avenue, Ikeja",
    city: "Lagos",
    lat: 6.6,
    lng: 3.35,
    time_zone: ZONE,
  },
  windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
  hours_per_week: 60,
  currency: "NGN",
  prices: [
    { vehicle_type_id: 1, vehicle_type: "Car", monthly_price: 45_000 },
    { vehicle_type_id: 2, vehicle_type: "SUV", monthly_price: 60_000 },
  ],
  min_term_months: 1,
  discount_3m_percent: 5,
  discount_12m_percent: 15,
  space_mode: "any",
  passes_left: 10,
  distance_m: null,
});

/** The server's quote for what the form asks (its own numbers, as the API would answer them). */
function quoteFor(query: URLSearchParams): PlanQuote {
  const months = Number(query.get("term_months"));
  const monthly = query.get("vehicle_type_id") === "2" ? 60_000 : 45_000;
  const full = monthly * months;
  const percent = months === 3 ? 5 : months === 12 ? 15 : 0;
  const discount = (full * percent) / 100;
  const parking = full - discount;
  // PASS20 takes 20% off the parking; any other code is refused with the server's sentence.
  const code = query.get("coupon_code");
  const off = code === "PASS20" ? parking * 0.2 : 0;
  const total = parking - off + 100 + parking * 0.05 + 10;
  return {
    plan_id: 7,
    vehicle_type_id: Number(query.get("vehicle_type_id")),
    vehicle_type: "Car",
    term_months: months,
    start_date: query.get("start_date")!,
    starts_at: "2026-11-26T10:00:00.000Z",
    paid_until: "2027-02-25T23:00:00.000Z",
    currency: "NGN",
    monthly_price: monthly,
    price_before_discount: full,
    discount_percent: percent,
    discount,
    breakdown: {
      hours: 0,
      days: 90,
      parking,
      service_fee: 100,
      booking_fee: parking * 0.05,
      tax: 10,
      tax_name: "VAT",
      taxes: [{ name: "VAT", rate_percent: 7.5, amount: 10 }],
      total,
      ...(off > 0 ? { coupon_discount: off, coupon_code: "PASS20" } : {}),
    },
    total,
    coupon: code
      ? {
          code,
          applied: off > 0,
          discount: off,
          message: off > 0 ? null : "This coupon does not apply to monthly passes",
        }
      : null,
    // The park closes on Christmas Eve: a three-month term meets it, a month's does not.
    closed_days: months === 3 ? [{ date: "2026-12-24", refund: 1234.5 }] : [],
  };
}

function driverApi(walletCurrency = "NGN") {
  return new FakeApi()
    .on("GET /wallet", {
      json: {
        status: "success",
        message: "",
        data: {
          balance: 5000,
          currency: walletCurrency,
          currency_symbol: walletCurrency === "NGN" ? "₦" : walletCurrency,
          decimals: 2,
          provider: "paystack",
          min_topup: 100,
          max_topup: 1e6,
          max_balance: 5e6,
        },
      },
    })
    .on("GET /user/vehicles/", { json: [] })
    .on("GET /plans/7/quote", (call) => ({ json: quoteFor(call.query) }));
}

const plain = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("the monthly pass checkout", () => {
  it("asks the server's quote for the choices, shows its lines and the rule, and the term's discount", async () => {
    const api = driverApi();
    await renderWithApp(<PlanCheckout plan={plan} />, { api, route: "/subscription-plans/7" });
    expect(await screen.findByRole("button", { name: "Buy for ₦47,360" })).toBeTruthy();
    const [first] = api.callsTo("GET /plans/7/quote");
    // Today on the park's calendar, a month, the first priced type.
    expect(Object.fromEntries(first!.query)).toEqual({
      vehicle_type_id: "1",
      start_date: dayOnClock(new Date(), ZONE),
      term_months: "1",
    });
    expect(screen.getByTestId("plan-rule").textContent).toMatch(
      /^Each term is a full month from your start day/,
    );
    expect(screen.queryByTestId("plan-discount")).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Term"), "3");
    await waitFor(() =>
      expect(screen.getByTestId("plan-discount").textContent).toContain("Term discount (5%)"),
    );
    expect(screen.getByTestId("plan-discount").textContent).toContain("−₦6,750");
    expect(api.callsTo("GET /plans/7/quote").at(-1)!.query.get("term_months")).toBe("3");
  });

  it("says which closure days of the term come back and how much, in French, only when the term meets one", async () => {
    const api = driverApi();
    await renderWithApp(<PlanCheckout plan={plan} />, {
      api,
      route: "/subscription-plans/7",
      language: "fr",
    });
    await screen.findByTestId("plan-rule");
    expect(screen.queryByTestId("plan-closed-days")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Durée"), "3");
    const closed = await screen.findByTestId("plan-closed-days");
    expect(plain(closed.textContent)).toContain("Le parking est fermé certains jours de cette période");
    expect(plain(closed.textContent)).toMatch(/24 décembre 2026 : 1 234,50 ₦ remboursés/);
    expect(plain(closed.textContent)).toContain("revient sur votre portefeuille dans la minute");
  });

  it("applies a coupon code from its field (Enter, not the checkout's submit): the discount under the parking, the code sent with the purchase; a refused code says why", async () => {
    const api = driverApi().on("POST /passes", { status: 201, json: { pass_code: "MP-ABCD2345" } });
    await renderWithApp(<PlanCheckout plan={plan} />, { api, route: "/subscription-plans/7" });
    await screen.findByRole("button", { name: "Buy for ₦47,360" });
    await userEvent.type(screen.getByLabelText("Coupon code"), "pass20{Enter}");
    expect(await screen.findByText(/^PASS20 saves you ₦9,000/)).toBeTruthy();
    expect(screen.getByText("Coupon PASS20")).toBeTruthy();
    expect(api.callsTo("GET /plans/7/quote").at(-1)!.query.get("coupon_code")).toBe("PASS20");
    // Enter applied the code and bought nothing.
    expect(api.callsTo("POST /passes")).toEqual([]);
    await userEvent.type(screen.getByLabelText(/^Plate number/), "LAG 123 AA");
    await userEvent.click(await screen.findByRole("button", { name: "Buy for ₦38,360" }));
    await waitFor(() => expect(api.callsTo("POST /passes")).toHaveLength(1));
    expect(api.callsTo("POST /passes")[0]!.body).toMatchObject({ coupon_code: "PASS20" });

    const other = driverApi();
    await renderWithApp(<PlanCheckout plan={plan} />, {
      api: other,
      route: "/subscription-plans/7?coupon=SHOP10",
      language: "fr",
    });
    expect(await screen.findByText("This coupon does not apply to monthly passes")).toBeTruthy();
    expect(screen.getAllByLabelText("Code promo").length).toBeGreaterThan(0);
  });

  it("says an empty plate at the field and sends nothing; buys once with a key and goes to the pass", async () => {
    const api = driverApi().on("POST /passes", { status: 201, json: { pass_code: "MP-ABCD2345" } });
    const { router } = await renderWithApp(<PlanCheckout plan={plan} />, {
      api,
      route: "/subscription-plans/7",
    });
    const buy = await screen.findByRole("button", { name: "Buy for ₦47,360" });
    await userEvent.click(buy);
    const plate = screen.getByLabelText(/^Plate number/);
    await waitFor(() => expect(plate.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(plate);
    expect(api.callsTo("POST /passes")).toEqual([]);

    await userEvent.type(plate, "LAG 123 AA");
    await userEvent.type(screen.getByLabelText(/^Second plate number/), "ABC 987");
    await userEvent.click(await screen.findByRole("button", { name: "Buy for ₦47,360" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/passes/MP-ABCD2345"));
    const [call] = api.callsTo("POST /passes");
    expect(call!.body).toEqual({
      plan_id: 7,
      vehicle_type_id: 1,
      plates: ["LAG 123 AA", "ABC 987"],
      start_date: dayOnClock(new Date(), ZONE),
      term_months: 1,
    });
    expect(call!.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("on a 402, says what the wallet lacks and links to the top-up with the way back, in French", async () => {
    const api = driverApi().on("POST /passes", {
      status: 402,
      json: {
        message: "Your wallet balance is too low",
        code: "insufficient_funds",
        fields: { amount_missing: "42360", currency: "NGN" },
      },
    });
    const route = "/subscription-plans/7?plate1=LAG123AA&vehicle1=other";
    await renderWithApp(<PlanCheckout plan={plan} />, { api, language: "fr", route });
    await userEvent.click(await screen.findByRole("button", { name: /Acheter pour 47\s360\s₦/ }));
    const alert = await screen.findByRole("alert");
    expect(plain(alert.textContent)).toContain(
      "Il manque 42 360 ₦ dans votre portefeuille pour cet abonnement.",
    );
    const topUp = within(alert).getByRole("link", { name: "Recharger le portefeuille" });
    const href = new URL(topUp.getAttribute("href")!, "https://parkwell.test");
    expect(href.pathname).toBe("/wallet");
    expect(href.searchParams.get("amount")).toBe("42360");
    expect(href.searchParams.get("return_to")).toBe(route);
  });

  it("on a 402, pays the difference: the checkout of the same pass, then the provider's page", async () => {
    const api = driverApi()
      .on("POST /passes", {
        status: 402,
        json: {
          message: "Your wallet balance is too low",
          code: "insufficient_funds",
          fields: { amount_missing: "42360", currency: "NGN" },
        },
      })
      .on("POST /purchases/checkout", {
        status: 201,
        json: {
          kind: "pass",
          status: "pending",
          currency: "NGN",
          total: 47_360,
          balance: 5000,
          amount_missing: 42_360,
          top_up_amount: 42_360,
          raised_to_minimum: false,
          payment: {
            reference: "ref-pass",
            provider: "demo",
            amount: 42_360,
            currency: "NGN",
            payment_info: {},
          },
        },
      });
    const { router } = await renderWithApp(<PlanCheckout plan={plan} />, {
      api,
      route: "/subscription-plans/7?plate1=LAG123AA&vehicle1=other",
    });
    await userEvent.click(await screen.findByRole("button", { name: "Buy for ₦47,360" }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦42,360 and buy the pass" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    const [call] = api.callsTo("POST /purchases/checkout");
    expect(call!.body).toEqual({
      kind: "pass",
      request: {
        plan_id: 7,
        vehicle_type_id: 1,
        plates: ["LAG123AA"],
        start_date: dayOnClock(new Date(), ZONE),
        term_months: 1,
      },
    });
    expect(call!.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("offers who pays when the driver's company pays in the plan's currency, and sends its id", async () => {
    const api = driverApi()
      .on("GET /business/companies", {
        json: {
          items: [
            {
              id: 7,
              name: "Acme Ltd",
              role: "member",
              country_code: "NG",
              currency: "NGN",
              verified: true,
              disabled: false,
              billing: "wallet",
              cost_centre: "",
            },
          ],
        },
      })
      .on("POST /passes", { status: 201, json: { pass_code: "MP-ABCD2345" } });
    const { router } = await renderWithApp(<PlanCheckout plan={plan} />, {
      api,
      route: "/subscription-plans/7?plate1=LAG123AA&vehicle1=other",
    });
    await screen.findByRole("group", { name: "Who pays" });
    await screen.findByText(/^Renews from your wallet on /);
    expect(screen.queryByTestId("plan-balance")).not.toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "Pay with Acme Ltd" }));
    // The company renews it too, and the wallet's balance is not what pays.
    expect(screen.getByText(/^Renews on .* paid by Acme Ltd within its policy\.$/)).toBeTruthy();
    expect(screen.queryByText(/^Renews from your wallet/)).toBeNull();
    expect(screen.queryByTestId("plan-balance")).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: "Buy for ₦47,360" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/passes/MP-ABCD2345"));
    expect(api.callsTo("POST /passes")[0]!.body).toMatchObject({ company_id: 7 });
  });

  it("says before Buy that a wallet in another currency cannot pay, and opens no wallet with the other currency's amount", async () => {
    // A wallet in CFA francs and a plan in naira: the sale would be a 402 in naira, which no top-up
    // of the CFA wallet can pay.
    const api = driverApi("XOF");
    const route = "/subscription-plans/7?plate1=LAG123AA&vehicle1=other";
    await renderWithApp(<PlanCheckout plan={plan} />, { api, route });
    expect((await screen.findByTestId("wallet-other-currency")).textContent).toBe(
      "Your wallet is in XOF and this is paid in NGN: your wallet cannot pay for it, and topping it up would not help.",
    );
    const buy = await screen.findByRole("button", { name: /^Buy for ₦47,360/ });
    expect((buy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "Top up wallet" })).toBeNull();
    expect(api.callsTo("POST /passes")).toEqual([]);
  });

  it("shows the sale's 409 on the form", async () => {
    const api = driverApi().on("POST /passes", {
      status: 409,
      json: { message: "This plan has no passes left", code: "plan_sold_out" },
    });
    await renderWithApp(<PlanCheckout plan={plan} />, {
      api,
      route: "/subscription-plans/7?plate1=LAG123AA&vehicle1=other",
    });
    await userEvent.click(await screen.findByRole("button", { name: "Buy for ₦47,360" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This plan has no passes left");
  });
});
