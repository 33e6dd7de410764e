// @vitest-environment happy-dom
import { ExtensionQuoteSchema, type Booking } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingActions } from "./booking-actions";
import { BookingSummary } from "./booking-summary";

/** The booking, paid by `paidByCompany` or (null) from the wallet. */
const booking = (paidByCompany: string | null): Booking => marinaBooking({ paid_by_company: paidByCompany });

/**
 * The server's quote of a later end: ₦2,100 for the longer window with the booking's ₦200 coupon
 * off, ₦410 to pay on top (what the page shows, never a sum it works out from the park's prices).
 */
const api = () =>
  new FakeApi().on("GET /bookings/b-1/extension", () => ({
    json: ExtensionQuoteSchema.parse({
      amount_due: 410,
      price: {
        amount: 2100,
        currency: "NGN",
        breakdown: {
          hours: 4,
          days: 0,
          parking: 2200,
          service_fee: 100,
          booking_fee: 0,
          tax: 0,
          tax_name: "VAT",
          taxes: [],
          total: 2100,
          coupon_discount: 200,
          coupon_code: "SAVE200",
        },
      },
    }),
  }));

function Page({ b }: { b: Booking }) {
  return (
    <>
      <h1>Booking</h1>
      <BookingSummary booking={b} />
      <BookingActions booking={b} />
    </>
  );
}

describe("who paid a booking, on its page", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("names the company that paid it, its cancellation refunding the company", async () => {
    await renderWithApp(<Page b={booking("Acme Logistics")} />, { api: api() });
    const summary = screen.getByTestId("booking-summary").textContent;
    expect(summary).toContain("Paid by Acme Logistics₦1,690");
    expect(summary).not.toContain("wallet");
    expect(screen.getByTestId("refund-preview-back").textContent).toContain("Back to Acme Logistics₦1,690");
    expect(screen.getByTestId("refund-preview-back").textContent).not.toContain("wallet");
    // Extending is paid by the same company.
    await userEvent.click(screen.getByRole("button", { name: "Extend booking" }));
    expect((await screen.findByRole("group", { name: "Confirm the extension" })).textContent).toMatch(
      /^Extend to .*\? Acme Logistics will pay ₦410\./,
    );
  });

  it("in French too", async () => {
    await renderWithApp(<Page b={booking("Acme Logistics")} />, { api: api(), language: "fr" });
    expect(screen.getByTestId("booking-summary").textContent).toContain("Payé par Acme Logistics");
    expect(screen.getByTestId("refund-preview-back").textContent).toContain("Remboursé à Acme Logistics");
  });

  it("names the wallet when the wallet paid it", async () => {
    await renderWithApp(<Page b={booking(null)} />, { api: api() });
    expect(screen.getByTestId("booking-summary").textContent).toContain("Paid from wallet₦1,690");
    expect(screen.getByTestId("refund-preview-back").textContent).toContain("Back to your wallet₦1,690");
  });
});
