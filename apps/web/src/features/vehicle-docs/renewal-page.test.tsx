// @vitest-environment happy-dom
import type { VehicleDocQuote } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { storeSelectedCountry } from "../../lib/country";
import { formatMoney } from "../../lib/format";
import { setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { VehicleDocsRenewalPage } from "./renewal-page";
import {
  NIGERIA,
  NoAddressPicker,
  quote,
  renderRequest,
  request,
  renewalApi,
  route,
} from "./vehicle-docs.test-kit";

describe("the renewal page", () => {
  it("says before Pay that a wallet in another currency cannot pay, and offers no top-up", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("GET /wallet", { json: { data: { balance: 90000, currency: "XOF" } } });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, { api, route });
    expect((await screen.findByTestId("wallet-other-currency")).textContent).toBe(
      "Your wallet is in XOF and this is paid in NGN: your wallet cannot pay for it, and topping it up would not help.",
    );
    expect(screen.queryByRole("link", { name: "Top up wallet" })).toBeNull();
    const pay = screen.getByRole("button", { name: /from my wallet/ }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(api.callsTo("POST /vehicle-docs/requests")).toEqual([]);
  });

  it("calls third-party insurance a premium, not a government fee, in English and French", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const insured = {
      ...quote,
      lines: [
        { document_type: "vehicle_licence" as const, fee: 5000 },
        { document_type: "third_party_insurance" as const, fee: 15000 },
      ],
      fees_total: 5000,
      premiums_total: 15000,
      total: 22687.5,
    };
    const api = renewalApi().on("POST /vehicle-docs/quote", { json: insured });
    const { unmount } = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal?vehicle=5&documents=vehicle_licence,third_party_insurance",
    });
    const lines = within(await screen.findByTestId("vd-quote"));
    expect(
      await lines.findByText("Third-party motor insurance (premium at the national tariff)"),
    ).toBeTruthy();
    expect(lines.getByText("Vehicle licence (government fee)")).toBeTruthy();
    unmount();
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal?vehicle=5&documents=vehicle_licence,third_party_insurance",
      language: "fr",
    });
    const fr = within(await screen.findByTestId("vd-quote"));
    expect(await fr.findByText(/\(prime au tarif national\)$/)).toBeTruthy();
  });

  it("applies a coupon code: the discount under the service charge, the code sent with the request; a refused code says why, in English and French", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi()
      .on("POST /vehicle-docs/quote", (call) => {
        const code = (call.body as { coupon_code?: string }).coupon_code;
        if (code === "PAPERS40") {
          return {
            json: {
              ...quote,
              discount: 1000,
              coupon: { code, applied: true, discount: 1000, message: null },
              tax: 112.5,
              total: 13112.5,
            },
          };
        }
        if (code) {
          const message =
            call.headers.get("accept-language") === "fr"
              ? "Ce code promo ne s'applique pas aux documents du véhicule"
              : "This coupon does not apply to vehicle documents";
          return { json: { ...quote, discount: 0, coupon: { code, applied: false, discount: 0, message } } };
        }
        return { json: quote };
      })
      .on("POST /vehicle-docs/requests", { status: 201, json: request });
    const { unmount } = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route,
    });
    await screen.findByTestId("vd-total");
    await userEvent.type(screen.getByLabelText("Coupon code"), " papers40 ");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText(/^PAPERS40 saves you/)).toBeTruthy();
    const lines = within(screen.getByTestId("vd-quote"));
    expect(lines.getByText("Coupon PAPERS40 (off the service charge)")).toBeTruthy();
    expect(screen.getByTestId("vd-total").textContent).toBe(formatMoney(13112.5, "NGN", "en"));
    expect(api.callsTo("POST /vehicle-docs/quote").at(-1)?.body).toMatchObject({ coupon_code: "PAPERS40" });
    await userEvent.click(screen.getByRole("button", { name: /from my wallet/ }));
    await waitFor(() => expect(api.callsTo("POST /vehicle-docs/requests")).toHaveLength(1));
    expect(api.callsTo("POST /vehicle-docs/requests")[0]!.body).toMatchObject({
      coupon_code: "PAPERS40",
      expected_total: 13112.5,
    });
    unmount();

    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: `${route}&coupon=SHOP10`,
      language: "fr",
    });
    expect(await screen.findByText("Ce code promo ne s'applique pas aux documents du véhicule")).toBeTruthy();
    expect(screen.getByLabelText("Code promo")).toBeTruthy();
  });

  it("shows the quote's lines and pays for the chosen documents with the total shown", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("POST /vehicle-docs/requests", {
      status: 201,
      json: { ...request, wallet_balance: { amount: 35812.5, currency: "NGN" } },
    });
    const { router } = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route,
    });
    const total = formatMoney(14187.5, "NGN", "en");
    expect(await screen.findByTestId("vd-total")).toHaveProperty("textContent", total);
    const lines = screen.getByTestId("vd-quote");
    expect(within(lines).getByText("Vehicle licence (government fee)")).toBeTruthy();
    expect(within(lines).getByText("Parkwell service charge")).toBeTruthy();
    expect(screen.getByText(/Expires in 8 days/)).toBeTruthy();
    expect(api.callsTo("POST /vehicle-docs/quote").at(-1)?.body).toMatchObject({
      type: "vehicle_papers",
      vehicle_id: 5,
      documents: ["vehicle_licence", "roadworthiness"],
      delivery: { park_id: 3 },
    });

    await userEvent.click(screen.getByRole("button", { name: `Pay ${total} from my wallet` }));
    await waitFor(() => expect(api.callsTo("POST /vehicle-docs/requests")).toHaveLength(1));
    const sent = api.callsTo("POST /vehicle-docs/requests")[0]!;
    expect(sent.body).toMatchObject({
      documents: ["vehicle_licence", "roadworthiness"],
      expected_total: 14187.5,
      delivery: { park_id: 3 },
    });
    expect(sent.headers.get("idempotency-key")).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/vehicle-docs-renewal/requests/VD-7K3MQ2"),
    );
  });

  it("starts a Lagos car's pickup at a Lagos park, not the list's first (Abuja), and says why, in English and French", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const parks = [
      { id: 7, name: "Wuse Market Park", city: "Abuja", state_code: "FC", distance_km: null },
      { id: 3, name: "Ikeja Park", city: "Lagos", state_code: "LA", distance_km: null },
    ];
    for (const [language, why] of [
      ["en", "Chosen for you: Ikeja Park, in Lagos, where the papers are issued. You may choose another."],
      [
        "fr",
        "Choisi pour vous : Ikeja Park, dans l'État de Lagos, où les documents sont délivrés. Vous pouvez en choisir un autre.",
      ],
    ] as const) {
      const api = renewalApi().on("GET /marketplace/options", {
        json: { pickup_parks: parks, delivery_bands: [] },
      });
      const { unmount } = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
        api,
        route,
        language,
      });
      const lagos = await screen.findByRole("radio", { name: "Ikeja Park · Lagos" });
      expect((lagos as HTMLInputElement).checked).toBe(true);
      expect(
        (screen.getByRole("radio", { name: "Wuse Market Park · Abuja" }) as HTMLInputElement).checked,
      ).toBe(false);
      expect(screen.getByTestId("vd-park-why").textContent).toBe(why);
      await waitFor(() =>
        expect(api.callsTo("POST /vehicle-docs/quote").at(-1)?.body).toMatchObject({
          delivery: { park_id: 3 },
        }),
      );
      unmount();
    }
  });

  it("with no park in the vehicle's state, starts at the first of the list and says so", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("GET /marketplace/options", {
      json: {
        pickup_parks: [
          { id: 7, name: "Wuse Market Park", city: "Abuja", state_code: "FC", distance_km: null },
        ],
        delivery_bands: [],
      },
    });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, { api, route });
    expect(
      ((await screen.findByRole("radio", { name: "Wuse Market Park · Abuja" })) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByTestId("vd-park-why").textContent).toBe(
      "Chosen for you: Wuse Market Park, the first in the list. You may choose another.",
    );
  });

  it("says how much the wallet is short on a 402, with a way to top up", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("POST /vehicle-docs/requests", {
      status: 402,
      json: {
        message: "Your wallet balance is too low",
        code: "insufficient_funds",
        fields: { amount_missing: "4187.5", currency: "NGN" },
      },
    });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, { api, route });
    await screen.findByTestId("vd-total");
    await userEvent.click(screen.getByRole("button", { name: /from my wallet/ }));
    const missing = formatMoney(4187.5, "NGN", "en");
    expect(await screen.findByText(`Your wallet is ${missing} short for this request.`)).toBeTruthy();
    expect(screen.getByRole("link", { name: /top up/i }).getAttribute("href")).toContain("amount=4187.5");
  });

  it("names the company on Pay when it pays, and keeps the wallet's balance to the wallet, in English and French", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const company = {
      id: 7,
      name: "Acme Ltd",
      role: "member",
      country_code: "NG",
      currency: "NGN",
      verified: true,
      disabled: false,
      billing: "wallet",
      cost_centre: "",
    };
    for (const [language, wallet, withCompany, balance] of [
      ["en", "Pay from my wallet", "Pay with Acme Ltd", "Wallet balance"],
      ["fr", "Payer avec mon portefeuille", "Payer avec Acme Ltd", "Solde du portefeuille"],
    ] as const) {
      const api = renewalApi()
        .on("GET /business/companies", { json: { items: [company] } })
        .on("POST /vehicle-docs/requests", { json: request });
      const view = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
        api,
        route,
        language,
      });
      await screen.findByTestId("vd-total");
      const total = formatMoney(quote.total, "NGN", language);
      expect(screen.getByText(new RegExp(balance))).toBeTruthy();
      await userEvent.click(await screen.findByRole("radio", { name: withCompany }));
      const pay = language === "en" ? `Pay ${total} with Acme Ltd` : `Payer ${total} avec Acme Ltd`;
      expect(screen.getByRole("button", { name: pay })).toBeTruthy();
      expect(screen.queryByText(new RegExp(balance))).toBeNull();
      await userEvent.click(screen.getByRole("radio", { name: wallet }));
      expect(
        screen.getByRole("button", {
          name: new RegExp(language === "en" ? "from my wallet$" : "depuis mon portefeuille$"),
        }),
      ).toBeTruthy();
      view.unmount();
    }
  });

  it("steps Pay from the wallet back after a 402: paying the difference leads", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("POST /vehicle-docs/requests", {
      status: 402,
      json: {
        message: "Your wallet balance is too low",
        code: "insufficient_funds",
        fields: { amount_missing: "4187.5", currency: "NGN" },
      },
    });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, { api, route });
    await screen.findByTestId("vd-total");
    const pay = screen.getByRole("button", { name: /from my wallet/ });
    expect(pay.className).toContain("button--accent");
    await userEvent.click(pay);
    await screen.findByRole("button", { name: /and send the request$/ });
    expect(screen.getByRole("button", { name: /from my wallet/ }).className).not.toContain("button--accent");
  });

  it("says the service is Nigeria's for another country and offers the switch", async () => {
    setToken("t-1");
    storeSelectedCountry({ code: "CA", name: "Canada", id: 2 }, false);
    const api = new FakeApi();
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal",
    });
    expect(screen.getByTestId("nigeria-only").textContent).toContain("vehicles registered in Nigeria");
    expect(screen.getByRole("button", { name: "Switch to Nigeria" })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe("a driver's licence renewal", () => {
  it("asks for 3 or 5 years and the state of issue, no vehicle, and quotes the drivers_licence type", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const licenceQuote: VehicleDocQuote = {
      ...quote,
      type: "drivers_licence",
      vehicle_use: null,
      engine_band: null,
      lines: [{ document_type: "drivers_licence_5y", fee: 10_000 }],
      fees_total: 10_000,
      premiums_total: 0,
      total: 12_687.5,
    };
    const api = renewalApi()
      .on("GET /vehicle-docs/vehicles", { json: [] })
      .on("POST /vehicle-docs/quote", { json: licenceQuote });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal",
    });
    expect(await screen.findByText(/You have no saved vehicle yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "Driver's licence renewal" }));
    expect(screen.queryByText(/You have no saved vehicle yet/)).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "5 years" }));
    await userEvent.selectOptions(await screen.findByLabelText("State of issue"), "LA");
    const total = formatMoney(12_687.5, "NGN", "en");
    expect(await screen.findByTestId("vd-total")).toHaveProperty("textContent", total);
    expect(
      within(screen.getByTestId("vd-quote")).getByText("Driver's licence (5 years) (government fee)"),
    ).toBeTruthy();
    expect(api.callsTo("POST /vehicle-docs/quote").at(-1)?.body).toEqual({
      type: "drivers_licence",
      state_code: "LA",
      documents: ["drivers_licence_5y"],
      delivery: { park_id: 3 },
    });
    expect(screen.getByRole("button", { name: `Pay ${total} from my wallet` })).toBeTruthy();
  });

  it("offline or on a server failure, offers the states this browser stored for the country, not another's", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    localStorage.setItem(
      "states",
      JSON.stringify([
        { id: 101, name: "Dakar", code: "DK", country_id: 3 },
        { id: 25, name: "Lagos", code: "LA", country_id: NIGERIA.id },
      ]),
    );
    const api = renewalApi()
      .on("GET /vehicle-docs/vehicles", { json: [] })
      .on("GET /states/load", { status: 503, json: { message: "Down", code: "internal_error" } });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal",
    });
    await userEvent.click(await screen.findByRole("radio", { name: "Driver's licence renewal" }));
    const select = await screen.findByLabelText("State of issue");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.getAttribute("value")),
    ).toEqual(["", "LA"]);
    expect(api.callsTo("GET /states/load")).toHaveLength(1);
  });
});

describe("comprehensive insurance", () => {
  const insurers = [
    {
      id: 11,
      name: "Leadway Assurance",
      rate: 3.5,
      minimum_premium: 60000,
      active: true,
      currency: "NGN",
      updated_at: "2026-11-01T00:00:00.000Z",
    },
    {
      id: 12,
      name: "AXA Mansard",
      rate: 5,
      minimum_premium: 90000,
      active: true,
      currency: "NGN",
      updated_at: "2026-11-01T00:00:00.000Z",
    },
  ];
  const insured: VehicleDocQuote = {
    ...quote,
    lines: [
      { document_type: "vehicle_licence", fee: 5000 },
      { document_type: "comprehensive_insurance", fee: 90000 },
    ],
    fees_total: 95000,
    premiums_total: 0,
    total: 97687.5,
    insurance: {
      insurer_id: 12,
      insurer_name: "AXA Mansard",
      vehicle_value: 1500000,
      rate: 5,
      minimum_premium: 90000,
      premium: 90000,
    },
  };

  it("unticks third-party for comprehensive, asks the insurer and the value, and quotes the premium", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi()
      .on("GET /vehicle-docs/insurers", { json: insurers })
      .on("POST /vehicle-docs/quote", { json: insured });
    const { router } = await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal?vehicle=5&documents=vehicle_licence,third_party_insurance",
    });
    const thirdParty = await screen.findByRole("checkbox", { name: "Third-party motor insurance" });
    const comprehensive = screen.getByRole("checkbox", { name: "Comprehensive motor insurance" });
    expect(thirdParty).toHaveProperty("checked", true);

    await userEvent.click(comprehensive);
    expect(comprehensive).toHaveProperty("checked", true);
    expect(thirdParty).toHaveProperty("checked", false);
    const minimum = formatMoney(90000, "NGN", "en");
    const axa = await screen.findByRole("radio", {
      name: new RegExp(`AXA Mansard.*5 % of the value · minimum premium ${minimum}`),
    });
    expect(screen.getByRole("radio", { name: /Leadway Assurance.*3\.5 %/ })).toBeTruthy();
    // Until both are given, no quote is asked with comprehensive.
    const before = api.callsTo("POST /vehicle-docs/quote").length;
    expect(screen.getByText("Choose the documents and the delivery to see the price.")).toBeTruthy();

    await userEvent.click(axa);
    const value = screen.getByRole("textbox", { name: "Vehicle value (naira)" });
    await userEvent.type(value, "99");
    expect(screen.getByText(/Type a whole number of naira from/)).toBeTruthy();
    expect(api.callsTo("POST /vehicle-docs/quote")).toHaveLength(before);
    await userEvent.clear(value);
    await userEvent.type(value, "1500000");

    await waitFor(() =>
      expect(api.callsTo("POST /vehicle-docs/quote").at(-1)?.body).toMatchObject({
        documents: ["vehicle_licence", "comprehensive_insurance"],
        insurance: { insurer_id: 12, vehicle_value: 1500000 },
      }),
    );
    const lines = await screen.findByTestId("vd-quote");
    expect(within(lines).getByText(/Comprehensive motor insurance · AXA Mansard \(premium\)/)).toBeTruthy();
    expect(
      within(lines).getByText(`5 % of ${formatMoney(1500000, "NGN", "en")} · minimum premium applies`),
    ).toBeTruthy();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get("insurer")).toBe("12");
    expect(query.get("value")).toBe("1500000");
    expect(query.get("documents")).toBe("vehicle_licence,comprehensive_insurance");

    // And the reverse: third-party unticks comprehensive and the insurer's questions go.
    await userEvent.click(thirdParty);
    expect(comprehensive).toHaveProperty("checked", false);
    expect(screen.queryByRole("textbox", { name: "Vehicle value (naira)" })).toBeNull();
  });

  it("shows the insurer, the value and the rate on a request's page, in French", async () => {
    setToken("t-1");
    const api = renewalApi().on("GET /vehicle-docs/requests/VD-7K3MQ2", {
      json: {
        ...request,
        lines: insured.lines,
        total: insured.total,
        insurance: { ...insured.insurance!, insurer_name: "Leadway Assurance", rate: 3.5, premium: 105000 },
      },
    });
    await renderRequest(api, "fr");
    const lines = await screen.findByTestId("vd-quote");
    expect(
      within(lines).getByText(/Assurance automobile tous risques · Leadway Assurance \(prime\)/),
    ).toBeTruthy();
    expect(
      within(lines).getByText(`3,5 % de ${formatMoney(1500000, "NGN", "fr")}`.replace(/\s+/g, " ")),
    ).toBeTruthy();
    expect(within(lines).queryByText(/prime minimale appliquée/)).toBeNull();
  });
});
