import type { VehicleDocQuote, VehicleDocRequest, VehicleRenewalDetails } from "@parkwell/contract";
import { Route, Routes } from "react-router";
import { FakeApi, renderWithApp } from "../../test/render";
import { VehicleDocRequestPage } from "./request-page";

/** What the vehicle-document pages' tests share (test-only): a driver's vehicle, its quote and request, the API they answer from. */

/** The app hands the marketplace's picker over; these tests collect at a park. */
export const NoAddressPicker = () => null;

export const NIGERIA = { code: "NG", name: "Nigeria", id: 1 } as const;

export const vehicle: VehicleRenewalDetails = {
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

export const quote: VehicleDocQuote = {
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
  premiums_total: 0,
  service_charge: 2500,
  discount: 0,
  coupon: null,
  delivery_charge: 0,
  tax: 187.5,
  tax_name: "VAT",
  total: 14187.5,
  insurance: null,
};

export const request: VehicleDocRequest = {
  code: "VD-7K3MQ2",
  type: "vehicle_papers",
  insurance: null,
  stage: "submitted",
  vehicle_id: 5,
  plate_number: "LND-123-AB",
  state_code: "LA",
  delivery: { kind: "pickup", address_id: null, address: null, park_id: 3 },
  pickup_park: {
    id: 3,
    name: "Ikeja Park",
    address: "12 Obafemi Awolowo Way, Ikeja",
    city: "Lagos",
    time_zone: "Africa/Lagos",
    open_24h: false,
    opening_hours: [
      ...Array<{ open: string; close: string }>(5).fill({ open: "07:00", close: "19:00" }),
      { open: "08:00", close: "14:00" },
      null,
    ],
  },
  currency: "NGN",
  lines: quote.lines,
  fees_total: 11500,
  premiums_total: 0,
  service_charge: 2500,
  discount: 0,
  coupon_code: null,
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

export const renewalApi = () =>
  new FakeApi()
    .on("GET /vehicle-docs/vehicles", { json: [vehicle] })
    .on("GET /vehicle-docs/licence-expiry", { json: { licence: null } })
    .on("GET /states/load", { json: [{ id: 25, name: "Lagos", code: "LA", country_id: 1 }] })
    .on("GET /addresses", { json: [] })
    .on("GET /marketplace/options", {
      json: {
        pickup_parks: [{ id: 3, name: "Ikeja Park", city: "Lagos", state_code: "LA", distance_km: null }],
        delivery_bands: [],
      },
    })
    .on("GET /wallet", { json: { data: { balance: 50000, currency: "NGN" } } })
    .on("POST /vehicle-docs/quote", { json: quote })
    .on("GET /receipts", { json: { items: [], total: 0, page: 1, size: 100, pages: 0 } });

export const route = "/vehicle-docs-renewal?vehicle=5&documents=vehicle_licence,roadworthiness";

/** The driver's page of request VD-7K3MQ2. */
export const renderRequest = (api: FakeApi, language: "en" | "fr" = "en") =>
  renderWithApp(
    <Routes>
      <Route path="/vehicle-docs-renewal/requests/:code" element={<VehicleDocRequestPage />} />
    </Routes>,
    { api, route: "/vehicle-docs-renewal/requests/VD-7K3MQ2", language },
  );
