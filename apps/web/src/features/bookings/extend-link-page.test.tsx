// @vitest-environment happy-dom
import type { Booking, BookingListItem } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { ExtendLinkPage } from "./extend-link-page";

const LINK = "eyJrIjoiZXh0ZW5zaW9uIn0.c2lnbmF0dXJl";
const {
  payments: _p,
  refunds: _r,
  wallet: _w,
  ...listItem
} = marinaBooking({
  park: { ...marinaBooking().park, type: "airport" },
});
const booking = listItem as BookingListItem;
const route = `/extend/${booking.id}?link=${LINK}`;
const page = (
  <Routes>
    <Route path="/extend/:id" element={<ExtendLinkPage />} />
  </Routes>
);

describe("/extend/:id, opened from an airport booking's wallet pass", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each(["en", "fr"] as const)(
    "shows the booking and extends it with the pass's link, no sign-in, and says the new end on the park's clock (%s)",
    async (language) => {
      let current: BookingListItem = booking;
      const later = new Date(new Date(booking.end_time).getTime() + 3_600_000).toISOString();
      const api = new FakeApi()
        .on(`GET /bookings/${booking.id}/summary`, () => ({ json: current }))
        .on(`GET /bookings/${booking.id}/extension`, {
          json: { amount_due: 1200, currency: "NGN", breakdown: booking.breakdown },
        })
        .on("POST /bookings/extend", () => {
          current = { ...booking, end_time: later, paid: booking.paid + 1200 };
          return { json: current as Booking };
        });
      await renderWithApp(page, { api, route, language });
      const title = language === "fr" ? "Prolonger votre stationnement" : "Extend your parking";
      expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
      expect(await screen.findByText(booking.booking_code)).toBeTruthy();

      const extend = language === "fr" ? /Prolonger la réservation/ : /Extend booking/;
      const button = await screen.findByRole("button", { name: extend });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(button);
      await userEvent.click(
        await screen.findByRole("button", { name: language === "fr" ? /Oui, payer/ : /Yes, pay/ }),
      );

      const end = formatZonedDateTime(later, language, booking.park.time_zone);
      const done = await screen.findByRole("status");
      expect(done.textContent).toContain(end);
      // Every call carried the link, none a token: the pass's link stands for the sign-in.
      for (const call of api.calls) {
        expect(call.query.get("link"), `${call.method} ${call.path}`).toBe(LINK);
        expect(call.headers.get("authorization")).toBeNull();
      }
      expect(api.callsTo("POST /bookings/extend")[0]!.body).toEqual({
        booking_id: booking.id,
        new_end_time: later,
      });
    },
  );

  it("says why when the link is refused, and offers the sign-in", async () => {
    const api = new FakeApi().on(`GET /bookings/${booking.id}/summary`, {
      status: 404,
      json: {
        message: "This extension link has expired or is not for this booking: sign in to extend it",
        code: "extension_link_invalid",
      },
    });
    await renderWithApp(page, { api, route });
    expect((await screen.findByRole("alert")).textContent).toContain("This extension link has expired");
    expect(screen.getByRole("link", { name: /Log in to top up your wallet/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Extend booking/ })).toBeNull();
  });

  it("offers no extension for a booking that is over, and asks nothing without a link", async () => {
    const over = { ...booking, status: "cancelled" as const };
    const api = new FakeApi().on(`GET /bookings/${booking.id}/summary`, { json: over });
    const view = await renderWithApp(page, { api, route });
    expect(await screen.findByText(/can no longer be extended/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Extend booking/ })).toBeNull();
    view.unmount();

    const none = new FakeApi();
    await renderWithApp(page, { api: none, route: `/extend/${booking.id}` });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "opens from the link on your wallet pass",
    );
    expect(none.calls).toEqual([]);
  });
});
