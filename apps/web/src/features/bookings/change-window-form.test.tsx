// @vitest-environment happy-dom
import type { BookingDetail, WindowChangeQuote } from "@parkwell/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingDetailsPage } from "./details-page";

const upcoming: BookingDetail = marinaBooking();
const route = `/booking-details/${upcoming.booking_code}`;
const page = (
  <Routes>
    <Route path="/booking-details/:bookingCode" element={<BookingDetailsPage />} />
  </Routes>
);

/** The server's quote for the new window: its price and what moves. */
const quote = (patch: Partial<WindowChangeQuote>): WindowChangeQuote => ({
  price: { amount: 2390, currency: "NGN", breakdown: { ...upcoming.breakdown, total: 2390 } },
  amount_due: 0,
  refund_amount: 0,
  refund_percent: 100,
  quote_token: "quote-token-1",
  quote_expires_at: "2027-01-08T09:15:00.000Z",
  ...patch,
});

/** Types a new arrival and departure on the park's clock (Lagos, UTC+1). */
function pick(start: string, end: string) {
  fireEvent.change(screen.getByLabelText("New arrival"), { target: { value: start } });
  fireEvent.change(screen.getByLabelText("New departure"), { target: { value: end } });
}

describe("Change time on a booking's page", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("quotes the new window on the park's clock, and moves the booking once the charge is confirmed", async () => {
    let booking = upcoming;
    const api = new FakeApi()
      .on(`GET /bookings/${upcoming.booking_code}`, () => ({ json: booking }))
      .on(`GET /bookings/${upcoming.id}/window`, { json: quote({ amount_due: 700 }) })
      .on(`PUT /bookings/${upcoming.id}/window`, (call) => {
        const body = call.body as { start_time: string; end_time: string };
        booking = {
          ...upcoming,
          start_time: body.start_time,
          end_time: body.end_time,
          amount: 2390,
          paid: 2390,
        };
        return { json: booking };
      });
    await renderWithApp(page, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Change time" }));
    const form = screen.getByRole("form", { name: "Change time" });
    expect(within(form).getByText(/Times are local to Lagos/)).toBeTruthy();
    pick("2027-01-10T14:00", "2027-01-10T18:00");

    expect((await screen.findByTestId("window-price")).textContent).toBe("Extra charge: ₦700");
    const asked = api.callsTo(`GET /bookings/${upcoming.id}/window`).at(-1)!;
    expect(asked.query.get("start_time")).toBe("2027-01-10T13:00:00.000Z");
    expect(asked.query.get("end_time")).toBe("2027-01-10T17:00:00.000Z");

    await userEvent.click(within(form).getByRole("button", { name: "Change time" }));
    const confirm = screen.getByRole("group", { name: "Confirm the new time" });
    expect(confirm.textContent).toMatch(/^Move to .+ – .+\? ₦700 will be taken from your wallet\./);
    expect(api.callsTo(`PUT /bookings/${upcoming.id}/window`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole("button", { name: "Yes, change the time" }));

    await waitFor(() => expect(api.callsTo(`PUT /bookings/${upcoming.id}/window`)).toHaveLength(1));
    expect(api.callsTo(`PUT /bookings/${upcoming.id}/window`)[0]!.body).toEqual({
      start_time: "2027-01-10T13:00:00.000Z",
      end_time: "2027-01-10T17:00:00.000Z",
      quote_token: "quote-token-1",
    });
    const flash = await screen.findByText("Your booking has been updated.");
    await waitFor(() => expect(document.activeElement).toBe(flash.closest("[role=status]")));
    // The page reads the booking again: the form is closed, ready for another change.
    expect(await screen.findByRole("button", { name: "Change time" })).toBeTruthy();
  });

  it("says what comes back by the cancellation policy, and the server's refusal when the park is full", async () => {
    const api = new FakeApi()
      .on(`GET /bookings/${upcoming.booking_code}`, { json: upcoming })
      .on(`GET /bookings/${upcoming.id}/window`, { json: quote({ refund_amount: 500 }) })
      .on(`PUT /bookings/${upcoming.id}/window`, {
        status: 409,
        json: { code: "no_capacity", message: "No space is left for this vehicle type in this window" },
      });
    await renderWithApp(page, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Change time" }));
    pick("2027-01-10T10:00", "2027-01-10T12:00");
    expect((await screen.findByTestId("window-price")).textContent).toBe(
      "Back to you: ₦500 (100% of the parking the new time no longer costs, as the cancellation policy gives back; the fees are kept)",
    );
    const form = screen.getByRole("form", { name: "Change time" });
    const save = () => within(form).getByRole("button", { name: "Change time" });
    await userEvent.click(save());
    expect(screen.getByRole("group", { name: "Confirm the new time" }).textContent).toMatch(
      /₦500 will come back to your wallet\./,
    );
    // Not now: the question goes, and the keyboard is back on the form's button.
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(document.activeElement).toBe(save()));
    await userEvent.keyboard("{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Yes, change the time" }));
    const alerts = await within(form).findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toEqual([
      "No space is left for this vehicle type in this window",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(save()));
  });

  it("asks nothing until the window is another, with its departure after its arrival; Keep closes it", async () => {
    const api = new FakeApi().on(`GET /bookings/${upcoming.booking_code}`, { json: upcoming });
    await renderWithApp(page, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Change time" }));
    const form = screen.getByRole("form", { name: "Change time" });
    expect((within(form).getByRole("button", { name: "Change time" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    pick("2027-01-10T15:00", "2027-01-10T14:00");
    expect(await within(form).findByText("Choose a departure after the arrival.")).toBeTruthy();
    expect(api.callsTo(`GET /bookings/${upcoming.id}/window`)).toHaveLength(0);
    await userEvent.click(within(form).getByRole("button", { name: "Keep the current time" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change time" })),
    );
  });

  it("is not offered for an event's booking, one that has started or one whose car is in", async () => {
    for (const booking of [
      marinaBooking({
        event: {
          event_code: "DERBY",
          name: "Lagos Derby",
          venue_name: "Teslim Balogun Stadium",
          start_time: upcoming.start_time,
          end_time: upcoming.end_time,
          status: "published",
        },
      }),
      marinaBooking({ start_time: "2027-01-08T08:00:00.000Z" }),
      marinaBooking({ checked_in_at: "2027-01-08T08:55:00.000Z" }),
    ]) {
      const api = new FakeApi().on(`GET /bookings/${booking.booking_code}`, { json: booking });
      const view = await renderWithApp(page, { api, route });
      await screen.findByRole("heading", { name: "Manage this booking" });
      expect(screen.queryByRole("button", { name: "Change time" })).toBeNull();
      view.unmount();
    }
  });
});
