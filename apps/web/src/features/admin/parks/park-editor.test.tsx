// @vitest-environment happy-dom
import { AdminParkSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe, countries, vehicleTypes } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ParkEditor } from "./park-editor";

/** A park as GET /admin/parks/{id} answers it (parsed by the contract, so it cannot drift). */
const park = AdminParkSchema.parse({
  id: 41,
  slug: "marina-car-park",
  park_code: "NG7QX2A",
  name: "Marina Car Park",
  type: "city",
  country: "NG",
  currency: "NGN",
  decimals: 2,
  state_id: null,
  city: "Lagos",
  address: "3 Marina",
  lat: 6.451,
  lng: 3.391,
  time_zone: "Africa/Lagos",
  open_24h: true,
  opening_hours: null,
  overnight_stays: true,
  closures: [],
  amenities: [],
  max_height_cm: null,
  text_language: "en",
  texts: {
    en: { description: "", entry_instructions: "" },
    fr: { description: "", entry_instructions: "" },
  },
  photos: [],
  operator: { id: 1, name: "Harbourview Parking Ltd" },
  status: "active",
  rates: [{ vehicle_type_id: 1, vehicle_type: "Car", hourly: 500, daily_max: 4000 }],
  capacities: [{ vehicle_type_id: 1, vehicle_type: "Car", capacity: 20 }],
});

function parkApi(permissions: string[], role: "branch_manager" | "employee") {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(permissions, role) })
    .on("GET /admin/parks/41", { json: park })
    .on("GET /countries", { json: countries })
    .on("GET /states/load", { json: [] })
    .on("GET /vehicles/public", { json: vehicleTypes })
    .on("PUT /admin/parks/41/capacities", { json: park })
    .on("PUT /admin/parks/41/rates", { json: park });
}

const open = (api: FakeApi, language: "en" | "fr") =>
  renderWithApp(
    <Routes>
      <Route path="/admin/parks/:id" element={<ParkEditor />} />
    </Routes>,
    { api, route: "/admin/parks/41", language },
  );

describe("the park editor", () => {
  it('lets a manager set a rate typed the French way ("1 500,50"), read as 1500.5', async () => {
    const api = parkApi(["parks.view", "parks.update"], "branch_manager");
    await open(api, "fr");
    const hourly = await screen.findByRole("textbox", { name: "Voiture: À l'heure (NGN)" });
    await userEvent.clear(hourly);
    await userEvent.type(hourly, "1 500,50");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les tarifs et les places" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/parks/41/rates")).toHaveLength(1));
    expect(api.callsTo("PUT /admin/parks/41/rates")[0]!.body).toEqual({
      rates: [{ vehicle_type_id: 1, hourly: 1500.5, daily_max: 4000 }],
    });
    expect(api.callsTo("PUT /admin/parks/41/capacities")[0]!.body).toEqual({
      capacities: [{ vehicle_type_id: 1, capacity: 20 }],
    });
  });

  it("shows an attendant the park, its rates and spaces, with nothing to change or save", async () => {
    const api = parkApi(["parks.view"], "employee");
    await open(api, "en");
    const rates = await screen.findByRole("region", { name: "Rates and spaces" });
    expect(within(rates).queryAllByRole("textbox")).toEqual([]);
    expect(within(rates).getByText("500")).toBeTruthy();
    expect(within(rates).getByText("4000")).toBeTruthy();
    expect(within(rates).getByText("20")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Save/ })).toBeNull();
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});
