// @vitest-environment happy-dom
import { BookingQuoteSchema, MyCompaniesSchema } from "@parkwell/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { marinaPark } from "../../test/booking-fixtures";
import { renderWithApp } from "../../test/render";
import { cardsAnswer, savedCards, VISA_ID } from "../../test/saved-card-fixtures";
import { CheckoutForm } from "./checkout-form";
import { availability, driverApi, held, route, sentWindow, short, WINDOW } from "./checkout.test-kit";

const park = marinaPark();

/** A verified company of the driver's that pays in naira. */
const companies = MyCompaniesSchema.parse({
  items: [
    {
      id: 7,
      name: "Acme Logistics",
      role: "member",
      country_code: "NG",
      currency: "NGN",
      verified: true,
      disabled: false,
      billing: "wallet",
      cost_centre: "",
    },
  ],
});

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

  it("applies a coupon code (Enter, not Pay): the quote's discount under the parking, the code sent with the booking; a refused code says why", async () => {
    const quoted = (code: string, applied: boolean) => ({
      json: BookingQuoteSchema.parse({
        price: applied
          ? {
              amount: 1390,
              currency: "NGN",
              breakdown: {
                ...availability.price.breakdown,
                coupon_discount: 300,
                coupon_code: code,
                total: 1390,
              },
            }
          : availability.price,
        coupon: {
          code,
          applied,
          discount: applied ? 300 : 0,
          message: applied ? null : "Ce code promo ne s'applique pas aux réservations de stationnement",
        },
      }),
    });
    const api = driverApi(100, 5000)
      .on("GET /bookings/quote", (call) =>
        quoted(call.query.get("coupon_code")!, call.query.get("coupon_code") === "PARK20"),
      )
      .on("POST /bookings", { status: 201, json: { booking_code: "PW-7QX2AB3C" } });
    await renderWithApp(<CheckoutForm park={park} />, { api, route });
    await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" });
    await userEvent.type(screen.getByLabelText("Coupon code"), "park20{Enter}");
    expect(await screen.findByText(/^PARK20 saves you ₦300/)).toBeTruthy();
    expect(api.callsTo("GET /bookings/quote").at(-1)!.query.get("start_time")).toBe(sentWindow.start_time);
    expect(api.callsTo("POST /bookings")).toEqual([]);
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,390 from wallet" }));
    await waitFor(() => expect(api.callsTo("POST /bookings")).toHaveLength(1));
    expect(api.callsTo("POST /bookings")[0]!.body).toEqual({ ...sentWindow, coupon_code: "PARK20" });

    const other = driverApi(100, 5000).on("GET /bookings/quote", (call) =>
      quoted(call.query.get("coupon_code")!, false),
    );
    await renderWithApp(<CheckoutForm park={park} />, {
      api: other,
      route: `${route}&coupon=SHOP10`,
      language: "fr",
    });
    expect(
      await screen.findByText("Ce code promo ne s'applique pas aux réservations de stationnement"),
    ).toBeTruthy();
  });

  it("on a 402, offers to pay the difference and book, holding the same window", async () => {
    const api = driverApi().on("POST /bookings", short).on("POST /bookings/hold", held);
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

  it("offers to pay the difference at once when the wallet holds less than the total", async () => {
    const api = driverApi().on("POST /bookings/hold", held);
    const { router } = await renderWithApp(<CheckoutForm park={park} />, { api, route });
    // Known from the balance and the price: no failed press first.
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Your wallet is ₦1,190 short for this booking.",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,190 and book" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    expect(api.callsTo("POST /bookings")).toEqual([]);
    expect(api.callsTo("POST /bookings/hold").map((c) => c.body)).toEqual([sentWindow]);
  });

  it("holds the window and pays the difference with a saved card in one tap, then the return page", async () => {
    const api = driverApi()
      .on("GET /wallet/cards", cardsAnswer(savedCards()))
      .on("POST /bookings/hold", (call) => {
        const answer = held(call);
        const payment = {
          ...answer.json.payment,
          payment_info: { charged: true, card: { brand: "visa", last4: "4242" } },
        };
        return { ...answer, json: { ...answer.json, payment } };
      });
    const { router } = await renderWithApp(<CheckoutForm park={park} />, { api, route });
    expect(await screen.findByRole("button", { name: "Pay ₦1,190 and book" })).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,190 with Visa •••• 4242" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/callback"));
    expect(router.state.location.search).toBe("?provider=demo&reference=ref-LAG123XY");
    expect(api.callsTo("POST /bookings/hold").map((c) => c.body)).toEqual([
      { ...sentWindow, card_id: VISA_ID },
    ]);
  });

  it("offers no difference to pay when the wallet covers the total", async () => {
    await renderWithApp(<CheckoutForm park={park} />, { api: driverApi(100, 2000), route });
    await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" });
    expect(screen.queryByTestId("pay-difference")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("lets the payer chosen drive the summary: a company pays, with no wallet shortfall", async () => {
    const api = driverApi()
      .on("GET /business/companies", { json: companies })
      .on("POST /bookings", (call) =>
        (call.body as { company_id?: number }).company_id === 7
          ? { status: 201, json: { booking_code: "PW-7QX2AB3C" } }
          : short,
      );
    const { router } = await renderWithApp(<CheckoutForm park={park} />, { api, route });
    // Personal first: the wallet's shortfall, and a press that the API refuses (402).
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await screen.findByRole("button", { name: "Pay ₦1,190 and book" });
    await userEvent.click(screen.getByRole("radio", { name: "Pay with Acme Logistics" }));
    // The company pays: no shortfall box, no "Pay … and book", no wallet balance, the company named.
    const pay = await screen.findByRole("button", { name: "Pay ₦1,690 with Acme Logistics" });
    expect(screen.queryByTestId("pay-difference")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("checkout-balance")).toBeNull();
    expect(screen.getByTestId("checkout-payer").textContent).toBe(
      "Acme Logistics pays for this booking: your wallet is not charged.",
    );
    expect(pay.className).toBe("button button--accent");
    await userEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/booking-success"));
    expect(api.callsTo("POST /bookings").map((c) => c.body)).toEqual([
      sentWindow,
      { ...sentWindow, company_id: 7 },
    ]);
    expect(api.callsTo("POST /bookings/hold")).toEqual([]);
  });

  it("names the refund's payee in the cancellation policy: the wallet, or the company chosen", async () => {
    const api = driverApi().on("GET /business/companies", { json: companies });
    await renderWithApp(<CheckoutForm park={park} />, { api, route });
    const policy = await screen.findByRole("region", { name: "Cancellation policy" });
    await waitFor(() => expect(policy.textContent).toContain("of the parking amount back to your wallet."));
    await userEvent.click(await screen.findByRole("radio", { name: "Pay with Acme Logistics" }));
    await waitFor(() =>
      expect(policy.textContent).toContain("of the parking amount back to Acme Logistics."),
    );
    expect(policy.textContent).not.toContain("wallet");
  });

  it("names the company as the refund's payee in French too", async () => {
    const api = driverApi().on("GET /business/companies", { json: companies });
    await renderWithApp(<CheckoutForm park={park} />, { api, route, language: "fr" });
    await userEvent.click(await screen.findByRole("radio", { name: "Payer avec Acme Logistics" }));
    const policy = screen.getByRole("region", { name: "Conditions d'annulation" });
    await waitFor(() =>
      expect(policy.textContent).toContain("du montant du stationnement remboursé à Acme Logistics."),
    );
    expect(policy.textContent).not.toContain("portefeuille");
  });

  it("says before Pay that a wallet in another currency cannot pay, and offers no top-up", async () => {
    const api = driverApi(100, 90000, "XOF");
    await renderWithApp(<CheckoutForm park={park} />, { api, route });
    expect((await screen.findByTestId("wallet-other-currency")).textContent).toBe(
      "Your wallet is in XOF and this is paid in NGN: your wallet cannot pay for it, and topping it up would not help.",
    );
    expect(screen.queryByTestId("pay-difference")).toBeNull();
    expect(screen.queryByRole("link", { name: "Top up wallet" })).toBeNull();
    expect(
      (screen.getByRole("button", { name: "Pay ₦1,690 from wallet" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("says it in French too", async () => {
    const api = driverApi(100, 90000, "XOF");
    await renderWithApp(<CheckoutForm park={park} />, { api, route, language: "fr" });
    expect((await screen.findByTestId("wallet-other-currency")).textContent).toBe(
      "Votre portefeuille est en XOF et ce paiement est en NGN\u00a0: votre portefeuille ne peut pas le payer, et le recharger n'y changerait rien.",
    );
  });
});

describe("the checkout's EV charger choice", () => {
  const withChargers = marinaPark({
    chargers: [
      { id: 4, connector: "ccs2", power_kw: 50, count: 2, price_unit: "kwh", price: 150, currency: "NGN" },
      { id: 5, connector: "type2", power_kw: 7.4, count: 1, price_unit: "hour", price: 500, currency: "NGN" },
    ],
  });

  it("offers no charger by default, or one of the park's groups, says where each group's charging is paid, and books the one chosen", async () => {
    const api = driverApi(100, 5000).on("POST /bookings", {
      status: 201,
      json: { booking_code: "PW-7QX2AB3C" },
    });
    const { router } = await renderWithApp(<CheckoutForm park={withChargers} />, { api, route });
    const group = await screen.findByRole("group", { name: "EV charger" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.closest("label")!.textContent)).toEqual([
      "No charger",
      "CCS2 · 50 kW · ₦150 per kWh, paid at the charger",
      "Type 2 · 7.4 kW · ₦500 per hour, paid with the booking",
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("charger-paid").textContent).toBe(
      "A charger priced per hour is paid with the booking: its price for every started hour of your window is in the price below. A charger priced per kWh is paid at the charger, at the operator's price, for the energy you use: it is not part of this booking's price. Choosing one keeps a charger of that kind for you during your parking window.",
    );
    // The hint is the group's description (a screen reader hears it with the choice).
    expect(group.getAttribute("aria-describedby")).toBe(screen.getByTestId("charger-paid").id);

    await userEvent.click(screen.getByRole("radio", { name: /^CCS2 · 50 kW/ }));
    await waitFor(() => expect(router.state.location.search).toContain("charger_id=4"));
    // Back to none: the param goes, then CCS2 again.
    await userEvent.click(screen.getByRole("radio", { name: "No charger" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("charger_id"));
    await userEvent.click(screen.getByRole("radio", { name: /^CCS2 · 50 kW/ }));
    await waitFor(() => expect(router.state.location.search).toContain("charger_id=4"));
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await waitFor(() => expect(api.callsTo("POST /bookings")).toHaveLength(1));
    expect(api.callsTo("POST /bookings")[0]!.body).toEqual({ ...sentWindow, charger_id: 4 });
  });

  it("takes the charger from the URL (the park page's link)", async () => {
    await renderWithApp(<CheckoutForm park={withChargers} />, {
      api: driverApi(100, 5000),
      route: `${route}&charger_id=5`,
    });
    expect(
      ((await screen.findByRole("radio", { name: /^Type 2 · 7.4 kW/ })) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("asks the price with a charger priced per hour, and shows its EV charging line in the total (English and French)", async () => {
    const breakdown = { ...availability.price.breakdown, charging: 1500, charging_hours: 3, total: 3190 };
    const charged = { ...availability, price: { ...availability.price, amount: 3190, breakdown } };
    for (const [language, line] of [
      ["en", "EV charging, 3 hours₦1,500"],
      ["fr", "Recharge électrique, 3 heures1\u202f500\u00a0₦"],
    ] as const) {
      const api = driverApi(100, 5000).on("GET /front/parks/41/availability", (call) => ({
        json: call.query.get("charger_id") === "5" ? charged : availability,
      }));
      const route5 = `${route}&charger_id=5`;
      const { unmount } = await renderWithApp(<CheckoutForm park={withChargers} />, {
        api,
        route: route5,
        language,
      });
      const total = await screen.findByTestId("booking-total");
      await waitFor(() => expect(total.textContent).toMatch(/3[,\u202f]?190/));
      expect([...document.querySelectorAll(".booking-lines div")].map((d) => d.textContent)).toContain(line);
      if (language === "en")
        expect(screen.getByRole("button", { name: "Pay ₦3,190 from wallet" })).toBeTruthy();
      // The cancellation policy says the charging is refunded at the parking's percentage.
      expect(document.querySelector(".booking-policy")!.textContent).toMatch(
        /refunded at the same|remboursée au même/,
      );
      unmount();
    }
  });

  it("ignores a charger the park does not offer", async () => {
    await renderWithApp(<CheckoutForm park={withChargers} />, {
      api: driverApi(100, 5000),
      route: `${route}&charger_id=99`,
    });
    expect(((await screen.findByRole("radio", { name: "No charger" })) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("shows no choice at a park without chargers", async () => {
    await renderWithApp(<CheckoutForm park={park} />, { api: driverApi(100, 5000), route });
    await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" });
    expect(screen.queryByTestId("charger-choice")).toBeNull();
  });

  it("says at the choice that every charger of the kind is booked (409 charger_full), not at Pay", async () => {
    const full = "Every charger of this kind is booked for part of this window";
    const api = driverApi(100, 5000).on("POST /bookings", {
      status: 409,
      json: { code: "charger_full", message: full },
    });
    await renderWithApp(<CheckoutForm park={withChargers} />, { api, route: `${route}&charger_id=4` });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    const said = await screen.findByTestId("charger-error");
    expect(said.textContent).toBe(full);
    expect(screen.getByTestId("charger-choice").contains(said)).toBe(true);
    expect(screen.getAllByRole("alert")).toEqual([said]);
    expect(screen.getByRole("radio", { name: /^CCS2/ }).getAttribute("aria-invalid")).toBe("true");
    // Another choice is another attempt: the refusal goes.
    await userEvent.click(screen.getByRole("radio", { name: /^Type 2/ }));
    await waitFor(() => expect(screen.queryByTestId("charger-error")).toBeNull());
  });

  it("holds the same charger when the driver pays the difference and books", async () => {
    const api = driverApi().on("POST /bookings/hold", held);
    const { router } = await renderWithApp(<CheckoutForm park={withChargers} />, {
      api,
      route: `${route}&charger_id=4`,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,190 and book" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    expect(api.callsTo("POST /bookings/hold").map((c) => c.body)).toEqual([{ ...sentWindow, charger_id: 4 }]);
  });

  /**
   * The window's availability with each group's free chargers: `free(end)` gives them for the
   * window ending at `end` (as the checkout sends it).
   */
  const freeApi = (free: (end: string) => [number, number]) =>
    driverApi(100, 5000).on("GET /front/parks/41/availability", (call) => {
      const [ccs2, type2] = free(call.query.get("end_time") ?? "");
      return {
        json: {
          ...availability,
          end_time: call.query.get("end_time"),
          chargers: [
            { id: 4, count: 2, free: ccs2 },
            { id: 5, count: 1, free: type2 },
          ],
        },
      };
    });
  const description = (radio: HTMLElement) =>
    (radio.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");

  it("says how many chargers of each group are free for the window, and disables one with none, saying why", async () => {
    const api = freeApi(() => [1, 0]);
    await renderWithApp(<CheckoutForm park={withChargers} />, { api, route });
    const ccs2 = await screen.findByRole("radio", {
      name: "CCS2 · 50 kW · ₦150 per kWh, paid at the charger",
    });
    await waitFor(() => expect(description(ccs2)).toBe("1 of 2 free for this window"));
    expect((ccs2 as HTMLInputElement).disabled).toBe(false);
    const type2 = screen.getByRole("radio", {
      name: "Type 2 · 7.4 kW · ₦500 per hour, paid with the booking",
    });
    expect((type2 as HTMLInputElement).disabled).toBe(true);
    expect(description(type2)).toBe("All booked for this window");
    expect(screen.getAllByTestId("charger-free").map((e) => e.textContent)).toEqual([
      "1 of 2 free for this window",
      "All booked for this window",
    ]);
    // The keyboard goes from no charger to CCS2 and past the full group, back to no charger.
    const none = screen.getByRole("radio", { name: "No charger" });
    none.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(ccs2);
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).not.toBe(type2);
    await userEvent.tab();
    expect(document.activeElement).not.toBe(type2);
    // Clicked, the full group is not chosen.
    await userEvent.click(type2);
    expect((type2 as HTMLInputElement).checked).toBe(false);
  });

  it("falls back to no charger when the window leaves none of the chosen group free, and says so", async () => {
    const later = "2027-01-10T14:00";
    // 13:00 (12:00 UTC) has a CCS2 charger free; to 14:00 every one is booked.
    const api = freeApi((end) => (end.startsWith("2027-01-10T12:00") ? [2, 1] : [0, 1]));
    const { router } = await renderWithApp(<CheckoutForm park={withChargers} />, {
      api,
      route: `${route}&charger_id=4`,
    });
    const ccs2 = (await screen.findByRole("radio", { name: /^CCS2/ })) as HTMLInputElement;
    await waitFor(() => expect(description(ccs2)).toBe("2 of 2 free for this window"));
    expect(ccs2.checked).toBe(true);
    expect(screen.queryByTestId("charger-dropped")).toBeNull();
    // The live region is there, empty, before anything is said in it.
    const live = within(screen.getByTestId("charger-choice")).getByRole("status");
    expect(live.textContent).toBe("");

    fireEvent.change(screen.getByLabelText("Departure"), { target: { value: later } });
    const said = await screen.findByTestId("charger-dropped");
    expect(said.textContent).toBe(
      "Every CCS2 · 50 kW charger is booked for part of this window, so none is kept for you now. Choose another charger or other times.",
    );
    expect(live.contains(said)).toBe(true);
    expect(screen.getByTestId("charger-choice").getAttribute("aria-describedby")).toContain(said.id);
    await waitFor(() => expect(router.state.location.search).not.toContain("charger_id"));
    expect((screen.getByRole("radio", { name: "No charger" }) as HTMLInputElement).checked).toBe(true);
    expect(ccs2.disabled).toBe(true);
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await waitFor(() => expect(api.callsTo("POST /bookings")).toHaveLength(1));
    expect(api.callsTo("POST /bookings")[0]!.body).not.toHaveProperty("charger_id");

    // Back to a window with one free: the sentence goes, and the choice stays none until chosen.
    fireEvent.change(screen.getByLabelText("Departure"), { target: { value: WINDOW.end } });
    await waitFor(() => expect(description(ccs2)).toBe("2 of 2 free for this window"));
    expect(screen.queryByTestId("charger-dropped")).toBeNull();
    expect(ccs2.checked).toBe(false);
    await userEvent.click(ccs2);
    await waitFor(() => expect(router.state.location.search).toContain("charger_id=4"));
  });

  it("a group full when the checkout opens (the park page's link) is not chosen, and the choice says so", async () => {
    const api = freeApi(() => [2, 0]);
    const { router } = await renderWithApp(<CheckoutForm park={withChargers} />, {
      api,
      route: `${route}&charger_id=5`,
    });
    expect((await screen.findByTestId("charger-dropped")).textContent).toMatch(
      /^Every Type 2 · 7.4 kW charger/,
    );
    await waitFor(() => expect(router.state.location.search).not.toContain("charger_id"));
    expect((screen.getByRole("radio", { name: "No charger" }) as HTMLInputElement).checked).toBe(true);
  });

  it("says nothing of free chargers for a window the park cannot take", async () => {
    const api = driverApi(100, 5000).on("GET /front/parks/41/availability", {
      json: {
        ...availability,
        available: 0,
        bookable: false,
        reason: "This car park is closed on Sundays.",
        chargers: [
          { id: 4, count: 2, free: 0 },
          { id: 5, count: 1, free: 0 },
        ],
      },
    });
    await renderWithApp(<CheckoutForm park={withChargers} />, { api, route: `${route}&charger_id=4` });
    await screen.findByTestId("window-refused");
    expect(screen.queryAllByTestId("charger-free")).toEqual([]);
    expect(screen.queryByTestId("charger-dropped")).toBeNull();
    expect((screen.getByRole("radio", { name: /^CCS2/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("says it in French, with French typography", async () => {
    await renderWithApp(<CheckoutForm park={withChargers} />, {
      api: driverApi(100, 5000),
      route,
      language: "fr",
    });
    const group = await screen.findByRole("group", { name: "Borne de recharge" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual([
      "Pas de borne",
      "CCS2 · 50\u00a0kW · 150\u00a0₦ le kWh, payable à la borne",
      "Type 2 · 7,4\u00a0kW · 500\u00a0₦ l'heure, payable avec la réservation",
    ]);
    expect(screen.getByTestId("charger-paid").textContent).toContain(
      "utilisée\u00a0: elle ne fait pas partie",
    );
  });

  it("says the free chargers and the fall-back in French", async () => {
    await renderWithApp(<CheckoutForm park={withChargers} />, {
      api: freeApi(() => [1, 0]),
      route: `${route}&charger_id=5`,
      language: "fr",
    });
    expect((await screen.findByTestId("charger-dropped")).textContent).toBe(
      "Toutes les bornes Type 2 · 7,4\u00a0kW sont réservées sur une partie de ce créneau\u00a0: aucune ne vous est donc gardée. Choisissez une autre borne ou d'autres horaires.",
    );
    expect(screen.getAllByTestId("charger-free").map((e) => e.textContent)).toEqual([
      "1 borne libre sur 2 pour ce créneau",
      "Toutes réservées pour ce créneau",
    ]);
  });
});
