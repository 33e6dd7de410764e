// @vitest-environment happy-dom
import type { BookingDetail } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_NOW, marinaBooking } from "../../test/booking-fixtures";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingDetailsPage } from "./details-page";

const NOW = BOOKING_NOW;
const upcoming: BookingDetail = marinaBooking();

const route = `/booking-details/${upcoming.booking_code}`;
const page = (
  <Routes>
    <Route path="/booking-details/:bookingCode" element={<BookingDetailsPage />} />
  </Routes>
);

describe("a booking's page keeps the focus where the driver is", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("after Cancel booking, the focus lands on the news that it is cancelled, not the page", async () => {
    let booking = upcoming;
    const api = new FakeApi()
      .on(`GET /bookings/${upcoming.booking_code}`, () => ({ json: booking }))
      .on(`PUT /bookings/${upcoming.id}/status`, () => {
        booking = {
          ...upcoming,
          status: "cancelled",
          cancellation: { ...upcoming.cancellation, allowed: false, refund_percent: null },
          refunds: [{ kind: "refund", amount: 1690, currency: "NGN", created_at: NOW.toISOString() }],
        } as BookingDetail;
        return { json: booking };
      });
    await renderWithApp(page, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel booking" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    const flash = await screen.findByTestId("cancelled-flash");
    await waitFor(() => expect(document.activeElement).toBe(flash.closest("[role=status]")));
  });

  it("after Change vehicle is saved or kept, the focus is back on Change vehicle", async () => {
    const api = new FakeApi()
      .on(`GET /bookings/${upcoming.booking_code}`, { json: upcoming })
      .on("GET /user/vehicles/", { json: [] })
      .on(`PUT /bookings/${upcoming.id}/vehicle`, (call) => ({
        json: {
          ...upcoming,
          vehicle: {
            ...upcoming.vehicle,
            plate_number: (call.body as { plate_number: string }).plate_number,
          },
        },
      }));
    await renderWithApp(page, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Change vehicle" }));
    await userEvent.click(screen.getByRole("button", { name: "Keep the current one" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change vehicle" })),
    );
    await userEvent.click(screen.getByRole("button", { name: "Change vehicle" }));
    const form = screen.getByRole("form", { name: "Change vehicle" });
    await userEvent.type(within(form).getByLabelText(/Plate number/), "ABJ456BB");
    await userEvent.click(within(form).getByRole("button", { name: "Save vehicle" }));
    expect(await screen.findByText("Vehicle changed to ABJ456BB.")).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change vehicle" })),
    );
  });
});

describe("a booking whose window ended without the car coming in", () => {
  // 10 January 2027 12:00 UTC is 13:00 in Lagos: the page says so on the park's clock.
  const ended = marinaBooking({ qr: null });
  const api = () => new FakeApi().on(`GET /bookings/${ended.booking_code}`, { json: ended });

  it.each([
    ["en", "This booking ended at", /Book again to park/],
    ["fr", "Cette réservation a pris fin le", /Réservez à nouveau/],
  ] as const)("shows no QR code and says when it ended, in %s", async (language, title, text) => {
    await renderWithApp(page, { api: api(), route, language });
    const card = await screen.findByTestId("ended-card");
    const end = formatZonedDateTime(ended.end_time, language, ended.park.time_zone);
    expect(end).toMatch(/13:00|1:00/);
    expect(within(card).getByText(`${title} ${end}.`)).toBeTruthy();
    expect(within(card).getByText(text)).toBeTruthy();
    expect(document.querySelector(".booking-qr")).toBeNull();
  });

  it("keeps the booking code whole in its heading, so a phone wraps the words around it (fr)", async () => {
    await renderWithApp(page, { api: api(), route, language: "fr" });
    const heading = await screen.findByRole("heading", {
      level: 1,
      name: `Réservation ${ended.booking_code}`,
    });
    expect(heading.querySelector(".nowrap-code")?.textContent).toBe(ended.booking_code);
  });
});

describe("a booking the space guarantee offers to move", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("says why first and links to the offer, in French, with no extension to buy", async () => {
    const moved = marinaBooking({ open_offer: "capacity" });
    const api = new FakeApi().on(`GET /bookings/${moved.booking_code}`, { json: moved });
    await renderWithApp(page, { api, route, language: "fr" });
    const notice = await screen.findByTestId("offer-notice");
    expect(
      within(notice).getByText(/a réduit ses places et ne peut plus accueillir cette réservation/),
    ).toBeTruthy();
    const link = within(notice).getByRole("link", { name: "Choisir une place ailleurs ou le remboursement" });
    expect(link.getAttribute("href")).toBe(`/booking-offers/${moved.booking_code}`);
    expect(screen.queryByRole("button", { name: "Prolonger la réservation" })).toBeNull();
    // No code to enter with: the gate would turn it away.
    expect(screen.getByTestId("offer-card").textContent).toContain("ne donne pas accès");
    expect(screen.queryByText("Présentez ce code à l'entrée.")).toBeNull();
    expect(screen.getByRole("button", { name: "Annuler la réservation" })).toBeTruthy();
  });

  it("says nothing of an offer when there is none, and sells the extension", async () => {
    const api = new FakeApi().on(`GET /bookings/${upcoming.booking_code}`, { json: upcoming });
    await renderWithApp(page, { api, route });
    await screen.findByRole("button", { name: "Extend booking" });
    expect(screen.queryByTestId("offer-notice")).toBeNull();
    expect(await screen.findByRole("img", { name: /QR/ })).toBeTruthy();
    // The server has no wallet's keys: no wallet is offered.
    expect(screen.queryByTestId("wallet-links")).toBeNull();
  });
});

describe("a booking's wallet passes", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("offers the wallets the server gives as plain links, the phone handing each to its wallet", async () => {
    const apple = `/api/v1/bookings/${upcoming.id}/wallet-pass.pkpass?link=eyJrIjoiYm9va2luZyJ9.c2ln`;
    const withWallets = {
      ...upcoming,
      wallet: { apple, google: "https://pay.google.com/gp/v/save/eyJ0.eyJ1.c2ln" },
    };
    const api = new FakeApi().on(`GET /bookings/${upcoming.booking_code}`, { json: withWallets });
    await renderWithApp(page, { api, route, language: "fr" });
    const google = await screen.findByRole("link", { name: "Ajouter à Google Wallet" });
    expect(google.getAttribute("href")).toBe(withWallets.wallet.google);
    expect(screen.getByRole("link", { name: "Ajouter à Apple Wallet" }).getAttribute("href")).toBe(apple);
  });

  it("fetches the page again before opening an Apple link older than its 15 minutes", async () => {
    const link = (n: number) => `/api/v1/bookings/${upcoming.id}/wallet-pass.pkpass?link=link-${n}.c2ln`;
    let served = 0;
    const api = new FakeApi().on(`GET /bookings/${upcoming.booking_code}`, () => {
      served += 1;
      return { json: { ...upcoming, wallet: { apple: link(served), google: null } } };
    });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    await renderWithApp(page, { api, route, language: "en" });
    const apple = await screen.findByRole("link", { name: "Add to Apple Wallet" });
    expect(apple.getAttribute("href")).toBe(link(1));
    // The page left open for 15 minutes: the link it holds has expired.
    vi.setSystemTime(new Date(NOW.getTime() + 15 * 60_000));
    await userEvent.click(apple);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link(2)));
    expect(served).toBe(2);
    assign.mockRestore();
  });
});

describe("an airport booking's flight on its page", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const airportBooking = (flight: BookingDetail["flight"]) =>
    marinaBooking({ park: { ...upcoming.park, type: "airport" }, flight });

  it("is added, shown in the summary, then removed; a park that is not an airport offers none", async () => {
    let current = airportBooking(null);
    const api = new FakeApi()
      .on(`GET /bookings/${upcoming.booking_code}`, () => ({ json: current }))
      .on(`PUT /bookings/${upcoming.id}/flight`, (call) => {
        const body = call.body as { flight_number: string | null; return_date: string | null };
        current = airportBooking(body.flight_number || body.return_date ? body : null);
        return { json: current };
      });
    await renderWithApp(page, { api, route });
    expect(await screen.findByText("No flight given yet.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Add my flight" }));
    const form = screen.getByRole("form", { name: "Your flight" });
    // On the booking's page the hint does not send the driver "later" to the booking.
    expect(within(form).getByText("The attendant sees it, and your pass shows it.")).toBeTruthy();
    await userEvent.type(within(form).getByLabelText(/^Flight number/), "af 148");
    await userEvent.click(within(form).getByRole("button", { name: "Save my flight" }));
    expect(
      await screen.findByText("Your flight is saved. The attendant and your pass show it."),
    ).toBeTruthy();
    expect(api.callsTo(`PUT /bookings/${upcoming.id}/flight`)[0]!.body).toEqual({
      flight_number: "AF148",
      return_date: null,
    });
    const summary = await screen.findByTestId("booking-summary");
    await waitFor(() => expect(summary.textContent).toContain("FlightAF148"));

    await userEvent.click(screen.getByRole("button", { name: "Change my flight" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove my flight" }));
    expect(await screen.findByText("Your flight is removed.")).toBeTruthy();
    expect(api.callsTo(`PUT /bookings/${upcoming.id}/flight`)[1]!.body).toEqual({
      flight_number: null,
      return_date: null,
    });
  });

  it("shows no flight section at a park that is not an airport", async () => {
    const api = new FakeApi().on(`GET /bookings/${upcoming.booking_code}`, { json: upcoming });
    await renderWithApp(page, { api, route });
    await screen.findByTestId("booking-summary");
    expect(screen.queryByRole("button", { name: "Add my flight" })).toBeNull();
  });
});
