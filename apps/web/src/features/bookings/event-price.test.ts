import { describe, expect, it } from "vitest";
import { eventPrice } from "./event-price";

const window = { start_time: "2026-12-05T14:00:00Z", end_time: "2026-12-05T23:00:00Z" };

describe("an event's price before paying", () => {
  it("adds the service fee, the booking fee on the parking and the tax on the fees", () => {
    const fees = { service_fee: 100, booking_fee_percent: 5, tax_percent: 7.5, tax_name: "VAT" };
    expect(eventPrice(3000, fees, 2, window)).toEqual({
      days: 0,
      hours: 9,
      parking: 3000,
      service_fee: 100,
      booking_fee: 150,
      tax: 18.75,
      tax_name: "VAT",
      total: 3268.75,
    });
  });

  it("rounds each part to the currency's minor unit, none for CFA francs", () => {
    const fees = { service_fee: 150, booking_fee_percent: 2.5, tax_percent: 18, tax_name: "TVA" };
    const price = eventPrice(2999, fees, 0, window);
    expect(price).toMatchObject({ parking: 2999, service_fee: 150, booking_fee: 75, tax: 41, total: 3265 });
  });

  it("charges no service fee on a free event park", () => {
    const fees = { service_fee: 1.5, booking_fee_percent: 5, tax_percent: 13, tax_name: "HST" };
    expect(eventPrice(0, fees, 2, window)).toMatchObject({
      service_fee: 0,
      booking_fee: 0,
      tax: 0,
      total: 0,
    });
  });
});
