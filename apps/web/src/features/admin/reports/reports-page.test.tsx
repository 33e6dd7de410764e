// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ReportsPage } from "./reports-page";

describe("the sales report", () => {
  it("shows the range the report covers in its date fields before one is chosen", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["reports.view"], "branch_manager") })
      .on("GET /admin/parks/choices", { json: { items: [], complete: true } })
      .on("GET /admin/reports/sales", {
        json: {
          items: [],
          total: 0,
          page: 1,
          size: 20,
          pages: 0,
          from: "2026-10-30",
          to: "2026-11-28",
          totals: [],
        },
      });
    await renderWithApp(
      <Routes>
        <Route path="/admin/reports/*" element={<ReportsPage />} />
      </Routes>,
      { api, route: "/admin/reports/sales" },
    );
    // The range it covers, with its months in words, as every date the back office shows.
    expect((await screen.findByText(/^From .* to /)).textContent).toBe(
      "From October 30, 2026 to November 28, 2026, each park's days on its own clock.",
    );
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-10-30");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2026-11-28");
  });
});

describe("the sales report's busy-time column", () => {
  const row = (code: string, busyTime: number) => ({
    channel: "online",
    id: code,
    code,
    park_id: 1,
    park: "Marina Car Park",
    time_zone: "Africa/Lagos",
    status: "active",
    time: "2026-11-20T09:00:00.000Z",
    currency: "NGN",
    parking: 3000,
    fees: 200,
    discount: 0,
    vat: 15,
    operator_share: 2550,
    commission: 450,
    busy_time: busyTime,
    total: 3215,
    refunds: 0,
    net: 3215,
  });
  const salesPage = (items: ReturnType<typeof row>[]) => ({
    items,
    total: items.length,
    page: 1,
    size: 20,
    pages: 1,
    from: "2026-10-30",
    to: "2026-11-28",
    totals: [
      {
        currency: "NGN",
        count: items.length,
        total: 3215 * items.length,
        busy_time: items.reduce((sum, r) => sum + r.busy_time, 0),
      },
    ],
  });

  it.each([
    ["is left out when no row shown has a busy-time part", [row("PW-AAAAAA", 0)], false],
    ["shows when a row has one", [row("PW-AAAAAA", 0), row("PW-BBBBBB", 1000)], true],
  ])("%s", async (_, items, shown) => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["reports.view"], "branch_manager") })
      .on("GET /admin/parks/choices", { json: { items: [], complete: true } })
      .on("GET /admin/reports/sales", { json: salesPage(items) });
    await renderWithApp(
      <Routes>
        <Route path="/admin/reports/*" element={<ReportsPage />} />
      </Routes>,
      { api, route: "/admin/reports/sales" },
    );
    await screen.findAllByText("PW-AAAAAA");
    expect(screen.getAllByRole("columnheader").some((h) => h.textContent === "Commission")).toBe(true);
    expect(screen.queryAllByRole("columnheader").some((h) => h.textContent === "Busy-time prices")).toBe(
      shown,
    );
    // The totals' card says it only as the column does.
    const totals = within(screen.getByRole("region", { name: "Totals per currency" }));
    expect(totals.queryByText("Added by busy-time prices") !== null).toBe(shown);
  });
});

const emptyPage = {
  items: [],
  total: 0,
  page: 1,
  size: 20,
  pages: 0,
  from: "2026-10-30",
  to: "2026-11-28",
  totals: [],
};

/** The reports open on sales; the bookings' tab shows once the user's permissions are known. */
async function openBookings(api: FakeApi) {
  api.on("GET /admin/reports/sales", { json: emptyPage });
  await renderWithApp(
    <Routes>
      <Route path="/admin/reports/*" element={<ReportsPage />} />
    </Routes>,
    { api, route: "/admin/reports/sales" },
  );
  await userEvent.click(await screen.findByRole("link", { name: "Bookings report" }));
}

describe("the bookings report", () => {
  it("shows, per park, the bookings that held an EV charger and their charger-hours, with no amount", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["reports.view"], "branch_manager") })
      .on("GET /admin/parks/choices", { json: { items: [], complete: true } })
      .on("GET /admin/reports/bookings", {
        json: {
          items: [],
          total: 0,
          page: 1,
          size: 20,
          pages: 0,
          from: "2026-10-30",
          to: "2026-11-28",
          totals: [],
          chargers: [
            {
              park_id: 4,
              park: "Marina Charging Garage",
              bookings: 3,
              charger_hours: 7.5,
              charging_revenue: 2250,
              currency: "NGN",
            },
            {
              park_id: 9,
              park: "Ikoyi Link Bridge",
              bookings: 1,
              charger_hours: 2,
              charging_revenue: 0,
              currency: "NGN",
            },
          ],
        },
      });
    await openBookings(api);
    const section = await screen.findByRole("region", { name: "EV chargers booked" });
    // Titled on the page, not only for a screen reader: beside the money's totals it says what it counts.
    expect(section.querySelector("h2")?.textContent).toBe("EV chargers booked");
    expect(section.textContent).toContain("Marina Charging Garage");
    expect(section.textContent).toContain("3 bookings with a charger");
    expect(section.textContent).toContain("Charger-hours7.5");
    expect(section.textContent).toContain("1 booking with a charger");
    expect(section.textContent).toContain("Charging sold₦2,250");
    expect(section.textContent).toContain(
      "Charging priced per kWh is paid at the charger, not through Parkwell.",
    );
  });

  it("names a booking's vehicle type in the page's language (Voiture, not the data's Car)", async () => {
    const row = {
      id: "b1",
      code: "PW-7K3MQ2XA",
      park_id: 4,
      park: "Marina Charging Garage",
      time_zone: "Africa/Lagos",
      vehicle_type_id: 1,
      vehicle_type: "Car",
      plate_number: "LAG123XY",
      start_time: "2026-11-26T09:00:00.000Z",
      end_time: "2026-11-26T12:00:00.000Z",
      status: "active",
      checked_in_at: null,
      checked_out_at: null,
      currency: "NGN",
      total: 3000,
      paid: 3000,
    };
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["reports.view"], "branch_manager") })
      .on("GET /admin/parks/choices", { json: { items: [], complete: true } })
      .on("GET /admin/reports/sales", { json: emptyPage })
      .on("GET /admin/reports/bookings", {
        json: { ...emptyPage, items: [row], total: 1, pages: 1, chargers: [] },
      });
    await renderWithApp(
      <Routes>
        <Route path="/admin/reports/*" element={<ReportsPage />} />
      </Routes>,
      { api, route: "/admin/reports/sales", language: "fr" },
    );
    await userEvent.click(await screen.findByRole("link", { name: "Rapport des réservations" }));
    const plate = await screen.findByText("LAG123XY");
    expect(plate.closest("td")!.textContent).toBe("LAG123XYVoiture");
  });

  it("shows no chargers' section when no booking of the range held one", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["reports.view"], "branch_manager") })
      .on("GET /admin/parks/choices", { json: { items: [], complete: true } })
      .on("GET /admin/reports/bookings", {
        json: {
          items: [],
          total: 0,
          page: 1,
          size: 20,
          pages: 0,
          from: "2026-10-30",
          to: "2026-11-28",
          totals: [],
          chargers: [],
        },
      });
    await openBookings(api);
    await screen.findByText(/^From .* to /);
    expect(screen.queryByRole("region", { name: "EV chargers booked" })).toBeNull();
  });
});
