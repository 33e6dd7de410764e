// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import { logout } from "../../lib/logout";
import { setCachedProfile, setToken } from "../../lib/session";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingsPage } from "./bookings-page";
import { BookingDetailsPage } from "./details-page";

/**
 * The booking a driver opened once opens at the barrier with no signal (lib/offline-passes.ts):
 * its page from the copy this device kept, with the QR code, saying so; My bookings lists it.
 */
const upcoming = marinaBooking();
const detail = `GET /bookings/${upcoming.booking_code}`;
const page = (
  <Routes>
    <Route path="/booking-details/:bookingCode" element={<BookingDetailsPage />} />
    <Route path="/bookings" element={<BookingsPage />} />
  </Routes>
);
const route = `/booking-details/${upcoming.booking_code}`;
const noNetwork = () => {
  throw new TypeError("Failed to fetch");
};

function signIn(userId: string) {
  setToken(`token-${userId}`);
  setCachedProfile({ id: userId, email: `${userId}@example.com` });
}

/** The page seen once online (the copy is kept), then unmounted. */
async function seenOnline() {
  const online = new FakeApi().on(detail, { json: upcoming }).on("GET /user/vehicles/", { json: [] });
  const view = await renderWithApp(page, { api: online, route });
  await screen.findByRole("img", { name: /QR/ });
  view.unmount();
}

describe("a booking's page with no network", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BOOKING_NOW);
    signIn("u1");
  });
  afterEach(() => vi.useRealTimers());

  it("opens from the copy kept when it was seen, with its QR code, and says so on the park's clock", async () => {
    await seenOnline();
    await renderWithApp(page, { api: new FakeApi().on(detail, noNetwork), route, language: "fr" });
    const notice = await screen.findByTestId("saved-copy");
    const saved = formatZonedDateTime(BOOKING_NOW.toISOString(), "fr", upcoming.park.time_zone);
    expect(notice.textContent).toContain(
      `Vous êtes hors ligne\u00a0: voici la copie enregistrée sur cet appareil le ${saved}.`,
    );
    expect((await screen.findByRole("img", { name: /QR/ })).getAttribute("src")).toMatch(/^data:image\/png/);
    // What needs the API waits for the connection.
    expect(screen.queryByRole("button", { name: "Annuler la réservation" })).toBeNull();
  });

  it("a server failing (503) is no answer either; a refusal (404) is the page's error, not the copy", async () => {
    await seenOnline();
    const failing = new FakeApi().on(detail, { status: 503, json: { message: "down", code: "unavailable" } });
    const first = await renderWithApp(page, { api: failing, route });
    expect(await screen.findByTestId("saved-copy")).toBeTruthy();
    first.unmount();
    const gone = new FakeApi().on(detail, {
      status: 404,
      json: { message: "Booking not found", code: "not_found" },
    });
    await renderWithApp(page, { api: gone, route });
    expect(await screen.findByText("Booking not found")).toBeTruthy();
    expect(screen.queryByTestId("saved-copy")).toBeNull();
  });

  it("My bookings lists the kept booking under its tab", async () => {
    await seenOnline();
    await renderWithApp(page, {
      api: new FakeApi().on("GET /bookings/list", noNetwork),
      route: "/bookings?status=upcoming",
    });
    expect(await screen.findByTestId("saved-copy")).toBeTruthy();
    expect(screen.getByRole("link", { name: new RegExp(upcoming.booking_code) })).toBeTruthy();
  });

  it("keeps nothing once the booking has ended, is cancelled, or after logout; never shows another account's", async () => {
    await seenOnline();
    const offline = () => new FakeApi().on(detail, noNetwork);
    // Another account on this device sees none of it.
    signIn("u2");
    let view = await renderWithApp(page, { api: offline(), route });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.queryByTestId("saved-copy")).toBeNull();
    view.unmount();

    // Seen again cancelled: the copy goes.
    signIn("u1");
    const cancelled = { ...upcoming, status: "cancelled" as const };
    view = await renderWithApp(page, { api: new FakeApi().on(detail, { json: cancelled }), route });
    await screen.findByTestId("cancelled-card");
    view.unmount();
    expect(localStorage.getItem(STORAGE_KEYS.offlinePasses)).toBeNull();

    // Kept again, then its end passes: it is no longer shown.
    await seenOnline();
    vi.setSystemTime(new Date(Date.parse(upcoming.end_time) + 1));
    view = await renderWithApp(page, { api: offline(), route });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.queryByTestId("saved-copy")).toBeNull();
    view.unmount();

    // Logging out removes every copy.
    vi.setSystemTime(BOOKING_NOW);
    await seenOnline();
    expect(localStorage.getItem(STORAGE_KEYS.offlinePasses)).not.toBeNull();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    globalThis.fetch = new FakeApi().on("POST /auth/logout", { status: 204 }).fetch as typeof fetch;
    await logout();
    assign.mockRestore();
    expect(localStorage.getItem(STORAGE_KEYS.offlinePasses)).toBeNull();
  });
});
