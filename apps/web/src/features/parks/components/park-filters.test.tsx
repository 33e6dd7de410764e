// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { vehicleTypes } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { toSearchParams, type ParkQuery } from "../search-params";
import { ParkFilters } from "./park-filters";

/** The search's charger filters, beside the EV charging amenity (decision 045). */
describe("the parks' charger filters", () => {
  it.each([
    ["en", "Filters", "Charger connector", "Charging power", "50 kW or more", "Any connector"],
    [
      "fr",
      "Filtres",
      "Connecteur de recharge",
      "Puissance de recharge",
      "50\u00a0kW ou plus",
      "Tous les connecteurs",
    ],
  ] as const)(
    "offer a connector and a minimum power, each change back to page 1 (%s)",
    async (language, _, connectorLabel, powerLabel, fifty, anyConnector) => {
      const onChange = vi.fn<(q: ParkQuery) => void>();
      const query: ParkQuery = { amenities: ["ev_charging"], page: 3, size: 10 };
      await renderWithApp(
        <>
          <h1>Parks</h1>
          <ParkFilters query={query} zone="Africa/Lagos" onChange={onChange} />
        </>,
        { api: new FakeApi().on("GET /vehicles/public", { json: vehicleTypes }), language },
      );
      const connector = screen.getByRole("combobox", { name: connectorLabel });
      expect(within(connector).getByRole("option", { name: anyConnector })).toBeTruthy();
      for (const name of ["Type 2", "CCS2", "CHAdeMO", "GB/T", "CCS1", "J1772", "NACS"])
        expect(within(connector).getByRole("option", { name })).toBeTruthy();
      await userEvent.selectOptions(connector, "ccs2");
      expect(onChange).toHaveBeenLastCalledWith({ ...query, connector: "ccs2", page: 1 });
      const power = screen.getByRole("combobox", { name: powerLabel });
      await userEvent.selectOptions(power, within(power).getByRole("option", { name: fifty }));
      expect(onChange).toHaveBeenLastCalledWith({ ...query, minKw: 50, page: 1 });
    },
  );
});

describe("the parks list's filters before hydration", () => {
  const query: ParkQuery = {
    search: "Lekki",
    lat: 6.45,
    lng: 3.39,
    radiusKm: 5,
    type: "airport",
    amenities: ["covered", "ev_charging"],
    sort: "distance",
    vehicleTypeId: 2,
    minRating: 4,
    connector: "ccs2",
    minKw: 50,
    start: "2031-01-02T10:00",
    end: "2031-01-02T12:00",
    page: 3,
    size: 20,
  };
  const renderFilters = async (q: ParkQuery) => {
    const onChange = vi.fn<(q: ParkQuery) => void>();
    await renderWithApp(
      <>
        <h1>Parks</h1>
        <ParkFilters query={q} zone="Africa/Lagos" onChange={onChange} />
      </>,
      { api: new FakeApi().on("GET /vehicles/public", { json: vehicleTypes }) },
    );
    // The vehicle select shows the URL's vehicle once its options have come.
    await screen.findByRole("option", { name: "SUV" });
    return onChange;
  };

  it("are a plain GET to the list that sends the names the list reads, and the rest of its search", async () => {
    await renderFilters(query);
    const form = screen.getByRole("search") as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/parks-list");
    expect(form.method).toBe("get");
    expect(screen.getByRole("searchbox").getAttribute("name")).toBe("search");
    for (const [label, name] of [
      ["Type of parking", "type"],
      ["Vehicle", "vehicle_type_id"],
      ["Sort by", "sort"],
      ["Rating", "min_rating"],
      ["Arriving", "start_time"],
      ["Leaving", "end_time"],
      ["Charger connector", "connector"],
      ["Charging power", "min_kw"],
    ] as const) {
      expect(screen.getByLabelText(label).getAttribute("name"), label).toBe(name);
    }
    // What the browser sends is the list's search on its first page, the place and amenities included.
    const sent = new URLSearchParams([...new FormData(form)] as [string, string][]);
    expect(Object.fromEntries(sent)).toEqual(Object.fromEntries(toSearchParams({ ...query, page: 1 })));
  });

  it("search with what the fields show when React's state never heard of it (typed before hydration)", async () => {
    const onChange = await renderFilters({ amenities: ["covered"], page: 3, size: 10 });
    // Hydration keeps what was typed or chosen on the screen and fires no change: set the fields as
    // the browser did, without an input event.
    (screen.getByRole("searchbox") as HTMLInputElement).value = " Ikeja ";
    (screen.getByLabelText("Type of parking") as HTMLSelectElement).value = "airport";
    (screen.getByLabelText("Vehicle") as HTMLSelectElement).value = "2";
    (screen.getByLabelText("Arriving") as HTMLInputElement).value = "2031-01-02T10:00";
    (screen.getByLabelText("Leaving") as HTMLInputElement).value = "2031-01-02T12:00";
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(Object.fromEntries(toSearchParams(onChange.mock.lastCall![0]))).toEqual({
      search: "Ikeja",
      type: "airport",
      vehicle_type_id: "2",
      amenities: "covered",
      start_time: "2031-01-02T10:00",
      end_time: "2031-01-02T12:00",
    });
  });

  it("keep the URL's vehicle while the vehicle types, the select's options, have not come", async () => {
    const onChange = vi.fn<(q: ParkQuery) => void>();
    await renderWithApp(
      <>
        <h1>Parks</h1>
        <ParkFilters
          query={{ amenities: [], vehicleTypeId: 2, page: 1, size: 10 }}
          zone="Africa/Lagos"
          onChange={onChange}
        />
      </>,
      { api: new FakeApi() },
    );
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ vehicleTypeId: 2 }));
  });
});
