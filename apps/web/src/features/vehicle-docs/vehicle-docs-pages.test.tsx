// @vitest-environment happy-dom
import type { VehicleDocQuote, VehicleDocRequest, VehicleRenewalDetails } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { storeSelectedCountry } from "../../lib/country";
import { formatMoney } from "../../lib/format";
import { setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { VehicleDocsRenewalPage } from "./renewal-page";
import { VehicleDocRequestPage } from "./request-page";

/** The app hands the marketplace's picker over; these tests collect at a park. */
const NoAddressPicker = () => null;

const NIGERIA = { code: "NG", name: "Nigeria", id: 1 } as const;

const vehicle: VehicleRenewalDetails = {
  vehicle_id: 5,
  plate_number: "LND-123-AB",
  make: "Toyota",
  model: "Corolla",
  color: "Silver",
  year: 2015,
  engine_cc: 1800,
  vin: "2T1BURHE0FC123456",
  state_code: "LA",
  state_name: "Lagos",
  vehicle_use: "private",
  expiries: [
    {
      document_type: "vehicle_licence",
      expires_on: "2026-12-05",
      source: "driver",
      status: "expiring",
      days_left: 8,
    },
  ],
};

const quote: VehicleDocQuote = {
  type: "vehicle_papers",
  state_code: "LA",
  state_name: "Lagos",
  vehicle_use: "private",
  engine_band: "1601_2000",
  currency: "NGN",
  lines: [
    { document_type: "vehicle_licence", fee: 5000 },
    { document_type: "roadworthiness", fee: 6500 },
  ],
  fees_total: 11500,
  service_charge: 2500,
  delivery_charge: 0,
  tax: 187.5,
  tax_name: "VAT",
  total: 14187.5,
};

const request: VehicleDocRequest = {
  code: "VD-7K3MQ2",
  type: "vehicle_papers",
  stage: "submitted",
  vehicle_id: 5,
  plate_number: "LND-123-AB",
  state_code: "LA",
  delivery: { kind: "pickup", address_id: null, address: null, park_id: 3 },
  currency: "NGN",
  lines: quote.lines,
  fees_total: 11500,
  service_charge: 2500,
  delivery_charge: 0,
  tax: 187.5,
  total: 14187.5,
  refunded: 0,
  question: null,
  answer: null,
  can_cancel: true,
  // 23:30 UTC is already the 27th at 00:30 in Lagos: the time is Nigeria's.
  created_at: "2026-11-26T23:30:00.000Z",
  updated_at: "2026-11-26T23:30:00.000Z",
  cancelled_at: null,
  completed_at: null,
  timeline: [{ stage: "submitted", at: "2026-11-26T23:30:00.000Z", by: "driver", note: null }],
  expiries: [],
};

const renewalApi = () =>
  new FakeApi()
    .on("GET /vehicle-docs/vehicles", { json: [vehicle] })
    .on("GET /states/load", { json: [{ id: 25, name: "Lagos", code: "LA", country_id: 1 }] })
    .on("GET /addresses", { json: [] })
    .on("GET /marketplace/options", {
      json: {
        pickup_parks: [{ id: 3, name: "Ikeja Park", city: "Lagos", distance_km: null }],
        delivery_bands: [],
      },
    })
    .on("GET /wallet", { json: { data: { balance: 50000, currency: "NGN" } } })
    .on("POST /vehicle-docs/quote", { json: quote })
    .on("GET /receipts", { json: { items: [], total: 0, page: 1, size: 100, pages: 0 } });

const route = "/vehicle-docs-renewal?vehicle=5&documents=vehicle_licence,roadworthiness";

describe("the renewal page", () => {
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

describe("a request's page", () => {
  it("shows the stages on Nigeria's clock and cancels after confirmation, in French", async () => {
    setToken("t-1");
    let stage: VehicleDocRequest["stage"] = "submitted";
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", () => ({
        json:
          stage === "submitted"
            ? request
            : {
                ...request,
                stage,
                can_cancel: false,
                refunded: request.total,
                timeline: [
                  ...request.timeline,
                  { stage: "cancelled", at: "2026-11-27T08:00:00.000Z", by: "driver", note: null },
                ],
              },
      }))
      .on("POST /vehicle-docs/requests/VD-7K3MQ2/cancel", () => {
        stage = "cancelled";
        return { json: { ...request, stage: "cancelled" } };
      });
    await renderWithApp(
      <Routes>
        <Route path="/vehicle-docs-renewal/requests/:code" element={<VehicleDocRequestPage />} />
      </Routes>,
      { api, route: "/vehicle-docs-renewal/requests/VD-7K3MQ2", language: "fr" },
    );
    const timeline = await screen.findByTestId("vd-timeline");
    expect(within(timeline).getByText("Envoyée")).toBeTruthy();
    // Nigeria's clock: 27 Nov at 00:30.
    expect(within(timeline).getByText(/27 nov\.? 2026.*00:30/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Annuler la demande" }));
    const dialog = screen.getByRole("dialog", { name: "Annuler la demande VD-7K3MQ2 ?" });
    expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/cancel")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuler la demande" }));
    await waitFor(() => expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/cancel")).toHaveLength(1));
    expect(await screen.findByText("Annulée", { selector: "[data-testid='vd-stage']" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Annuler la demande" })).toBeNull();
  });

  it("shows the server's refusal when it is too late to cancel", async () => {
    setToken("t-1");
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: request })
      .on("POST /vehicle-docs/requests/VD-7K3MQ2/cancel", {
        status: 409,
        json: {
          message: "This request is already at the licensing office: it can no longer be cancelled",
          code: "cancel_too_late",
        },
      });
    await renderWithApp(
      <Routes>
        <Route path="/vehicle-docs-renewal/requests/:code" element={<VehicleDocRequestPage />} />
      </Routes>,
      { api, route: "/vehicle-docs-renewal/requests/VD-7K3MQ2" },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Cancel the request" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel request VD-7K3MQ2?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel the request" }));
    expect(await within(dialog).findByText(/can no longer be cancelled/)).toBeTruthy();
  });
});
