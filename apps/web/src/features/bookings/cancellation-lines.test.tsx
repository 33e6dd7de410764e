// @vitest-environment happy-dom
import type { Booking } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingActions } from "./booking-actions";

/**
 * A booking taxed on its parking (decision 049: New York City's 18.375% in Manhattan): cancelling
 * gives the tax back with the parking, and the page says so and names the tax; a booking whose only
 * tax is the country's on the fees keeps it, as before.
 */
const manhattan = (): Booking =>
  marinaBooking({
    currency: "USD",
    amount: 26.55,
    paid: 26.55,
    breakdown: {
      hours: 2,
      days: 0,
      parking: 20,
      service_fee: 0.99,
      booking_fee: 1.88,
      tax: 3.68,
      tax_name: "Sales tax",
      taxes: [{ name: "NYC parking tax", rate_percent: 18.375, amount: 3.68 }],
      total: 26.55,
    },
    cancellation: {
      allowed: true,
      refund_percent: 100,
      refund_amount: 23.68,
      refund: { parking: 20, charging: 0, service_fee: 0, booking_fee: 0, tax: 3.68, total: 23.68 },
      kept: { parking: 0, charging: 0, service_fee: 0.99, booking_fee: 1.88, tax: 0, total: 2.87 },
    },
  });

describe("a cancellation's lines when a tax is charged on the parking", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("says the tax on the parking comes back with it, and names that tax on the line given back", async () => {
    await renderWithApp(<BookingActions booking={manhattan()} />, { api: new FakeApi() });
    expect(screen.getAllByTestId("refund-preview")[0]!.textContent).toBe(
      "Cancelling now gives back 100% of the parking amount and of the tax charged on it; the fees, and any tax on them, are kept.",
    );
    expect(screen.getByTestId("refund-preview-back").textContent).toBe(
      "Parking$20NYC parking tax$3.68Back to your wallet$23.68",
    );
    expect(screen.getByTestId("refund-preview-kept").textContent).toBe(
      "Service fee$0.99Booking fee$1.88Kept$2.87",
    );
  });

  it("in French too", async () => {
    await renderWithApp(<BookingActions booking={manhattan()} />, { api: new FakeApi(), language: "fr" });
    expect(screen.getAllByTestId("refund-preview")[0]!.textContent).toMatch(
      /^Annuler maintenant rembourse 100 % du montant du stationnement et de la taxe perçue sur celui-ci/,
    );
    expect(screen.getByTestId("refund-preview-back").textContent).toContain(
      "Taxe de stationnement de New York3,68",
    );
  });

  it("keeps the country's tax on the fees under its own label when it is the only tax", async () => {
    const b = marinaBooking({
      cancellation: {
        allowed: true,
        refund_percent: 100,
        refund_amount: 1500,
        refund: { parking: 1500, charging: 0, service_fee: 0, booking_fee: 0, tax: 0, total: 1500 },
        kept: { parking: 0, charging: 0, service_fee: 100, booking_fee: 75, tax: 15, total: 190 },
      },
    });
    b.breakdown.taxes = [{ name: "VAT", rate_percent: 7.5, amount: 15 }];
    await renderWithApp(<BookingActions booking={b} />, { api: new FakeApi() });
    expect(screen.getAllByTestId("refund-preview")[0]!.textContent).toBe(
      "Cancelling now gives back 100% of the parking amount; the fees and the tax are kept.",
    );
    expect(screen.getByTestId("refund-preview-kept").textContent).toContain("VAT on service fees₦15");
  });

  it("gives back the EV charging paid with the booking (per hour) with the parking, and says so", async () => {
    const b = marinaBooking({
      cancellation: {
        allowed: true,
        refund_percent: 100,
        refund_amount: 2500,
        refund: { parking: 1500, charging: 1000, service_fee: 0, booking_fee: 0, tax: 0, total: 2500 },
        kept: { parking: 0, charging: 0, service_fee: 100, booking_fee: 75, tax: 15, total: 190 },
      },
    });
    b.breakdown = { ...b.breakdown, charging: 1000, charging_hours: 2 };
    await renderWithApp(<BookingActions booking={b} />, { api: new FakeApi() });
    expect(screen.getAllByTestId("refund-preview")[0]!.textContent).toBe(
      "Cancelling now gives back 100% of the parking amount; the fees and the tax are kept. The EV charging paid with the booking comes back at the same percentage.",
    );
    expect(screen.getByTestId("refund-preview-back").textContent).toBe(
      "Parking₦1,500EV charging₦1,000Back to your wallet₦2,500",
    );
  });
});
