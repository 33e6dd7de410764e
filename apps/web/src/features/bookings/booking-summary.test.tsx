// @vitest-environment happy-dom
import type { BookingDetail } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { marinaBooking } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingSummary } from "./booking-summary";

const charger = {
  id: 4,
  connector: "ccs2" as const,
  power_kw: 50,
  price_unit: "kwh" as const,
  price: 150,
  currency: "NGN",
};

/** The summary as a page shows it (renderWithApp waits for a heading: the catalogues are loaded). */
const page = (booking: BookingDetail) => (
  <>
    <h1>Booking</h1>
    <BookingSummary booking={booking} />
  </>
);

/** The summary's line for a label, as "label|value". */
const line = (label: string) => {
  const dt = screen.getAllByRole("term").find((d) => d.textContent === label);
  return dt ? `${dt.textContent}|${dt.nextElementSibling?.textContent}` : null;
};

describe("a booking's summary (success page, booking's page)", () => {
  it("names the EV charger kept for the window, and that its charging is paid at the charger", async () => {
    await renderWithApp(page(marinaBooking({ charger })), { api: new FakeApi() });
    expect(line("EV charger")).toBe("EV charger|CCS2 · 50 kW — ₦150 per kWh, paid at the charger");
  });

  it("says it in French", async () => {
    await renderWithApp(page(marinaBooking({ charger: { ...charger, price_unit: "hour" } })), {
      api: new FakeApi(),
      language: "fr",
    });
    expect(line("Borne de recharge")).toBe(
      "Borne de recharge|CCS2 · 50\u00a0kW — 150\u00a0₦ l'heure, payable à la borne",
    );
  });

  it("says a charger priced per hour is paid with the booking when the booking bought its charging (EN, FR)", async () => {
    const b = marinaBooking({ charger: { ...charger, price_unit: "hour" } });
    b.breakdown = { ...b.breakdown, charging: 1000, charging_hours: 2 };
    await renderWithApp(page(b), { api: new FakeApi() });
    expect(line("EV charger")).toBe("EV charger|CCS2 · 50 kW — ₦150 per hour, paid with the booking");
  });

  it("says it in French, paid with the booking", async () => {
    const b = marinaBooking({ charger: { ...charger, price_unit: "hour" } });
    b.breakdown = { ...b.breakdown, charging: 1000, charging_hours: 2 };
    await renderWithApp(page(b), { api: new FakeApi(), language: "fr" });
    expect(line("Borne de recharge")).toBe(
      "Borne de recharge|CCS2 · 50\u00a0kW — 150\u00a0₦ l'heure, payable avec la réservation",
    );
  });

  it("has no charger line when none was booked", async () => {
    await renderWithApp(page(marinaBooking()), { api: new FakeApi() });
    expect(line("EV charger")).toBeNull();
  });
});
