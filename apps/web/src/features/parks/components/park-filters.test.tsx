// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { vehicleTypes } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import type { ParkQuery } from "../search-params";
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
