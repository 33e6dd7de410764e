// @vitest-environment happy-dom
import type { BookingListItem } from "@parkwell/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingsPage } from "./bookings-page";

const listOf = (...items: BookingListItem[]) => ({
  json: { items, total: items.length, page: 1, size: 10, pages: 1 },
});

describe("the driver's list of bookings", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("says which booking waits for the driver's choice of the space guarantee, and links to it, in French", async () => {
    const moved = marinaBooking({ open_offer: "closure" });
    const kept = marinaBooking({ id: "b2", booking_code: "PW-KEPT2", open_offer: null });
    const api = new FakeApi().on("GET /bookings/list", listOf(moved, kept));
    await renderWithApp(<BookingsPage />, { api, route: "/bookings", language: "fr" });
    const notices = await screen.findAllByTestId("offer-notice");
    expect(notices).toHaveLength(1);
    const item = notices[0]!.closest("li")!;
    expect(within(item).getByText(moved.booking_code)).toBeTruthy();
    expect(within(notices[0]!).getByText(/est fermé pendant le créneau de cette réservation/)).toBeTruthy();
    const link = within(notices[0]!).getByRole("link", {
      name: "Choisir une place ailleurs ou le remboursement",
    });
    expect(link.getAttribute("href")).toBe(`/booking-offers/${moved.booking_code}`);
  });
});
