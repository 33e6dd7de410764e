// Fixtures the checkout form's tests share: the marina park's window, its availability and price,
// the driver's wallet, and the checkout's address.
import { AvailabilitySchema, HoldSchema, WalletSchema } from "@parkwell/contract";
import { FakeApi } from "../../test/render";

// The window on the park's clock (Lagos, UTC+1): 10:00 to 13:00.
export const WINDOW = { start: "2027-01-10T10:00", end: "2027-01-10T13:00" };
export const availability = AvailabilitySchema.parse({
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
      taxes: [],
      total: 1690,
    },
  },
  bookable: true,
  chargers: [],
});

export const wallet = (min_topup: number, balance = 500, currency = "NGN") =>
  WalletSchema.parse({
    balance,
    currency,
    currency_symbol: currency === "NGN" ? "₦" : currency,
    decimals: 2,
    provider: "paystack",
    min_topup,
    max_topup: 1000000,
    max_balance: 5000000,
  });

export const short = {
  status: 402,
  json: {
    message: "Your wallet balance is too low",
    code: "insufficient_funds",
    fields: { amount_missing: "1190", currency: "NGN" },
  },
};

export function driverApi(minTopUp = 100, balance = 500, currency = "NGN") {
  return new FakeApi()
    .on("GET /wallet", {
      json: { status: "success", message: "", data: wallet(minTopUp, balance, currency) },
    })
    .on("GET /user/vehicles/", { json: [] })
    .on("GET /front/parks/41/availability", { json: availability });
}

export const route = `/checkout?park=41&plate_number=LAG123XY&start_time=${WINDOW.start}&end_time=${WINDOW.end}`;
export const sentWindow = {
  park_id: 41,
  vehicle_type_id: 1,
  plate_number: "LAG123XY",
  start_time: "2027-01-10T09:00:00.000Z",
  end_time: "2027-01-10T12:00:00.000Z",
};

/** The hold's answer for the window of `call` (the demo provider's payment). */
export const held = (call: { body: unknown }) => ({
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
});
