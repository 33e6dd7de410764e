// @vitest-environment happy-dom
import { AdminParkChargersSchema, AdminParkSchema, CountryListSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe, countries, vehicleTypes } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { formatShortZoned } from "../../../lib/zoned-time";
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
  tax_district_id: null,
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

/** The park's chargers as GET /admin/parks/{id}/chargers answers them. */
const chargers = AdminParkChargersSchema.parse({
  park_id: 41,
  currency: "NGN",
  decimals: 2,
  items: [
    { id: 7, connector: "ccs2", power_kw: 60, count: 2, price_unit: "kwh", price: 380, status: "active" },
  ],
});

function parkApi(permissions: string[], role: "branch_manager" | "employee", answer = park) {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(permissions, role) })
    .on("GET /admin/parks/41", { json: answer })
    .on("GET /countries", { json: countries })
    .on("GET /states/load", { json: [] })
    .on("GET /vehicles/public", { json: vehicleTypes })
    .on("PUT /admin/parks/41/capacities", { json: park })
    .on("PUT /admin/parks/41/rates", { json: park })
    .on("GET /admin/parks/41/chargers", { json: chargers });
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
    const hourly = await screen.findByRole("textbox", { name: "Voiture\u00a0: À l'heure (NGN)" });
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

  it("lists the bookings a cut of spaces would move, and saves it once the manager confirms", async () => {
    const moved = {
      booking_code: "PW-4TQ8MZ2C",
      plate_number: "KJA 555 XY",
      start_time: "2026-12-03T08:00:00.000Z",
      end_time: "2026-12-03T11:30:00.000Z",
    };
    /** The API's answer to the cut: 409 until confirmed when `settles`, always 409 when not. */
    const cutApi = (settles: boolean) =>
      parkApi(["parks.view", "parks.update"], "branch_manager").on(
        "PUT /admin/parks/41/capacities",
        (call) =>
          settles && (call.body as { confirm_capacity?: boolean }).confirm_capacity
            ? { json: park }
            : {
                status: 409,
                json: {
                  message: "Some bookings already hold more spaces than the capacity you asked for",
                  code: "capacity_conflict",
                  conflicts: [{ vehicle_type_id: 1, requested: 5, peak: 6, settles, bookings: [moved] }],
                  settles,
                  payer: "operator",
                },
              },
      );
    const cut = async (name: string, button: string) => {
      const spaces = await screen.findByRole("textbox", { name });
      await userEvent.clear(spaces);
      await userEvent.type(spaces, "5");
      await userEvent.click(screen.getByRole("button", { name: button }));
      return screen.findByTestId("booking-conflicts");
    };

    const api = cutApi(true);
    await open(api, "en");
    const list = await cut("Car: Spaces", "Save rates and spaces");
    expect([...list.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Nothing was saved yet: these bookings no longer fit in the spaces you asked for.",
      "Car: you asked for 5 spaces, up to 6 are held. The bookings made last move:",
      "Each driver will be offered a space nearby for the same window at no extra cost, or a full refund (fees included), by e-mail. Your company pays the difference when a nearby space costs more.",
    ]);
    expect(within(list).getByRole("listitem").textContent).toContain("PW-4TQ8MZ2C · KJA 555 XY");
    expect(api.callsTo("PUT /admin/parks/41/rates")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Cut the spaces and tell the drivers" }));
    await screen.findByText("Saved. Drivers see the change now.");
    expect(api.callsTo("PUT /admin/parks/41/capacities").map((c) => c.body)).toEqual([
      { capacities: [{ vehicle_type_id: 1, capacity: 5 }] },
      { capacities: [{ vehicle_type_id: 1, capacity: 5 }], confirm_capacity: true },
    ]);
    expect(api.callsTo("PUT /admin/parks/41/rates")).toHaveLength(1);
  });

  it("says in French why a cut below what cannot move is refused, with nothing to confirm", async () => {
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on(
      "PUT /admin/parks/41/capacities",
      {
        status: 409,
        json: {
          message: "Des réservations occupent déjà plus de places que la capacité demandée",
          code: "capacity_conflict",
          conflicts: [
            {
              vehicle_type_id: 1,
              requested: 0,
              peak: 1,
              settles: false,
              bookings: [
                {
                  booking_code: "PW-4TQ8MZ2C",
                  plate_number: "KJA 555 XY",
                  start_time: "2026-12-03T08:00:00.000Z",
                  end_time: "2026-12-03T11:30:00.000Z",
                },
              ],
            },
          ],
          settles: false,
          payer: "operator",
        },
      },
    );
    await open(api, "fr");
    const spaces = await screen.findByRole("textbox", { name: "Voiture\u00a0: Places" });
    await userEvent.clear(spaces);
    await userEvent.type(spaces, "0");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les tarifs et les places" }));
    const list = await screen.findByTestId("booking-conflicts");
    expect([...list.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Rien n'a été enregistré\u00a0: ces réservations occupent déjà plus de places que demandé.",
      "Voiture\u00a0: vous avez demandé 0 place, mais jusqu'à 1 sont déjà occupées par\u00a0:",
      "Des voitures déjà entrées, des abonnements mensuels, des événements ou des ventes au guichet occupent ces places\u00a0: le nombre ne peut pas descendre en dessous.",
    ]);
    expect(
      screen.queryByRole("button", { name: "Réduire les places et prévenir les conducteurs" }),
    ).toBeNull();
  });

  it("shows an attendant the park, its rates and spaces, with nothing to change or save", async () => {
    const api = parkApi(["parks.view"], "employee");
    await open(api, "en");
    const rates = await screen.findByRole("region", { name: "Rates and spaces" });
    expect(within(rates).queryAllByRole("textbox")).toEqual([]);
    expect(within(rates).getByText("500")).toBeTruthy();
    expect(within(rates).getByText("4,000")).toBeTruthy();
    expect(within(rates).getByText("20")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Save/ })).toBeNull();
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("shows the rates and spaces as French writes numbers (5,75 · 31,50 · 4 100) and saves them unchanged", async () => {
    const figures = AdminParkSchema.parse({
      ...park,
      rates: [{ vehicle_type_id: 1, vehicle_type: "Car", hourly: 5.75, daily_max: 31.5 }],
      capacities: [{ vehicle_type_id: 1, vehicle_type: "Car", capacity: 4100 }],
    });
    const api = parkApi(["parks.view", "parks.update"], "branch_manager", figures);
    await open(api, "fr");
    const cell = async (column: string) =>
      (await screen.findByRole("textbox", { name: `Voiture\u00a0: ${column}` })) as HTMLInputElement;
    expect((await cell("À l'heure (NGN)")).value).toBe("5,75");
    expect((await cell("Maximum par jour (NGN)")).value).toBe("31,50");
    expect((await cell("Places")).value).toBe("4\u202f100");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les tarifs et les places" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/parks/41/rates")).toHaveLength(1));
    expect(api.callsTo("PUT /admin/parks/41/rates")[0]!.body).toEqual({
      rates: [{ vehicle_type_id: 1, hourly: 5.75, daily_max: 31.5 }],
    });
    expect(api.callsTo("PUT /admin/parks/41/capacities")[0]!.body).toEqual({
      capacities: [{ vehicle_type_id: 1, capacity: 4100 }],
    });
  });

  it("shows the position as French writes numbers (6,451) and sends back what was typed the French way", async () => {
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on("PATCH /admin/parks/41", {
      json: park,
    });
    await open(api, "fr");
    const lat = (await screen.findByRole("textbox", { name: "Latitude" })) as HTMLInputElement;
    const lng = screen.getByRole("textbox", { name: "Longitude" }) as HTMLInputElement;
    expect([lat.value, lng.value]).toEqual(["6,451", "3,391"]);
    await userEvent.clear(lat);
    await userEvent.type(lat, "6,4525");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/parks/41")).toHaveLength(1));
    expect(api.callsTo("PATCH /admin/parks/41")[0]!.body).toMatchObject({ lat: 6.4525, lng: 3.391 });
  });

  it("lists a manager's chargers and adds one typed the French way (7,4 kW · 1 500,50 l'heure)", async () => {
    const added = AdminParkChargersSchema.parse({
      ...chargers,
      items: [
        ...chargers.items,
        {
          id: 8,
          connector: "type2",
          power_kw: 7.4,
          count: 4,
          price_unit: "hour",
          price: 1500.5,
          status: "active",
        },
      ],
    });
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on(
      "POST /admin/parks/41/chargers",
      {
        json: added,
        status: 201,
      },
    );
    await open(api, "fr");
    const section = await screen.findByRole("region", { name: "Bornes de recharge" });
    const table = await within(section).findByRole("table");
    expect(within(table).getByText("CCS2")).toBeTruthy();
    expect(within(table).getByText("60 kW")).toBeTruthy();
    expect(within(table).getByText(/380.*le kWh/)).toBeTruthy();
    await userEvent.click(within(section).getByRole("button", { name: "Ajouter des bornes" }));
    const form = within(section).getByRole("form", { name: "Ajouter des bornes" });
    // Nothing filled: each field says what it needs, and nothing is sent.
    await userEvent.click(within(form).getByRole("button", { name: "Ajouter ces bornes" }));
    expect(await within(form).findAllByText("Ce champ est obligatoire !")).not.toHaveLength(0);
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: /Connecteur/ }), "type2");
    await userEvent.type(within(form).getByRole("textbox", { name: /Puissance/ }), "7,45");
    await userEvent.type(within(form).getByRole("textbox", { name: /Prix \(NGN\)/ }), "1 500,50");
    await userEvent.click(within(form).getByRole("button", { name: "Ajouter ces bornes" }));
    expect(
      await within(form).findByText("Saisissez un nombre avec une décimale au plus, par exemple 7,4"),
    ).toBeTruthy();
    const power = within(form).getByRole("textbox", { name: /Puissance/ });
    await userEvent.clear(power);
    await userEvent.type(power, "7,4");
    await userEvent.clear(within(form).getByRole("textbox", { name: /Nombre/ }));
    await userEvent.type(within(form).getByRole("textbox", { name: /Nombre/ }), "4");
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: /Prix par/ }), "hour");
    await userEvent.click(within(form).getByRole("button", { name: "Ajouter ces bornes" }));
    await waitFor(() => expect(api.callsTo("POST /admin/parks/41/chargers")).toHaveLength(1));
    expect(api.callsTo("POST /admin/parks/41/chargers")[0]!.body).toEqual({
      connector: "type2",
      power_kw: 7.4,
      count: 4,
      price_unit: "hour",
      price: 1500.5,
      status: "active",
    });
    expect(await within(section).findByText(/1\s500,50.*l'heure/)).toBeTruthy();
  });

  it("deactivates a charger", async () => {
    const off = AdminParkChargersSchema.parse({
      ...chargers,
      items: [{ ...chargers.items[0]!, status: "inactive" }],
    });
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on(
      "PATCH /admin/parks/41/chargers/7",
      {
        json: off,
      },
    );
    await open(api, "en");
    const section = await screen.findByRole("region", { name: "EV chargers" });
    await within(section).findByRole("table");
    await userEvent.click(
      within(section).getByRole("button", { name: "Deactivate the CCS2 · 60 kW chargers" }),
    );
    await waitFor(() => expect(api.callsTo("PATCH /admin/parks/41/chargers/7")).toHaveLength(1));
    expect(api.callsTo("PATCH /admin/parks/41/chargers/7")[0]!.body).toEqual({ status: "inactive" });
    await waitFor(() => expect(section.textContent).toContain("Inactive"));
    expect(
      within(section).getByRole("button", { name: "Reactivate the CCS2 · 60 kW chargers" }),
    ).toBeTruthy();
  });

  /** A 409 charger_conflict as PATCH /admin/parks/{id}/chargers/{id} answers it. */
  const conflict = (message: string, requested: number) => ({
    status: 409,
    json: {
      message,
      code: "charger_conflict",
      charger_id: 7,
      requested,
      peak: 2,
      bookings: [
        {
          booking_code: "PW-7K3MQ2XA",
          plate_number: "LAG123XY",
          start_time: "2026-12-03T08:00:00.000Z",
          end_time: "2026-12-03T11:30:00.000Z",
        },
        {
          booking_code: "PW-9H4RT6WB",
          plate_number: "EKY450AB",
          start_time: "2026-12-03T09:00:00.000Z",
          end_time: "2026-12-03T10:00:00.000Z",
        },
      ],
    },
  });
  const when = (language: string) =>
    `${formatShortZoned("2026-12-03T08:00:00.000Z", language, "Africa/Lagos")} – ${formatShortZoned("2026-12-03T11:30:00.000Z", language, "Africa/Lagos")}`;

  it("lists the bookings a charger count cut would strand, as the capacities' refusal does, and focuses them", async () => {
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on(
      "PATCH /admin/parks/41/chargers/7",
      conflict("Some bookings already hold more of these chargers at once than the count you asked for", 1),
    );
    await open(api, "en");
    const section = await screen.findByRole("region", { name: "EV chargers" });
    await userEvent.click(
      await within(section).findByRole("button", { name: "Edit the CCS2 · 60 kW chargers" }),
    );
    // (happy-dom leaves a select's registered value unselected; Chromium shows the group's own.)
    // The form opened by the button: the keyboard starts at its first field.
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByLabelText(/Connector/)));
    await userEvent.selectOptions(within(section).getByLabelText(/Connector/), "ccs2");
    const count = within(section).getByLabelText(/How many/);
    await userEvent.clear(count);
    await userEvent.type(count, "1");
    await userEvent.click(within(section).getByRole("button", { name: "Save the chargers" }));
    const list = await within(section).findByTestId("booking-conflicts");
    expect(list.getAttribute("role")).toBe("alert");
    expect(list.className).toBe("admin-park-conflicts");
    expect(within(list).getByText(/count you asked for/)).toBeTruthy();
    expect(
      within(list).getByText("CCS2 · 60 kW: you asked for 1 charger, but up to 2 are already held by:"),
    ).toBeTruthy();
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      `PW-7K3MQ2XA · LAG123XY · ${when("en")}`,
      expect.stringContaining("PW-9H4RT6WB · EKY450AB"),
    ]);
    // The park's clock (Lagos, UTC+1) with the day and month.
    expect(rows[0]!.textContent).toContain("Dec 3");
    expect(rows[0]!.textContent).toContain("9:00");
    await waitFor(() => expect(document.activeElement).toBe(list));
    // No bare sentence beside it.
    expect(within(section).getAllByRole("alert")).toEqual([list]);
    // Closed, the form gives the focus back under the table, not to the page's top.
    await userEvent.click(within(section).getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(section).getByRole("button", { name: "Add chargers" })),
    );
  });

  it("lists in French the bookings holding a group it will not deactivate", async () => {
    const api = parkApi(["parks.view", "parks.update"], "branch_manager").on(
      "PATCH /admin/parks/41/chargers/7",
      conflict(
        "Ce groupe de bornes ne peut pas être désactivé tant que des réservations ou des blocages à venir en tiennent une",
        0,
      ),
    );
    await open(api, "fr");
    const section = await screen.findByRole("region", { name: "Bornes de recharge" });
    await within(section).findByRole("table");
    await userEvent.click(
      within(section).getByRole("button", { name: "Désactiver les bornes CCS2 · 60\u00a0kW" }),
    );
    const list = await within(section).findByTestId("booking-conflicts");
    expect(list.querySelectorAll("p")[1]!.textContent).toBe(
      "CCS2 · 60\u00a0kW\u00a0: ces réservations occupent une de ces bornes\u00a0:",
    );
    expect(within(list).getAllByRole("listitem")[0]!.textContent).toBe(
      `PW-7K3MQ2XA · LAG123XY · ${when("fr")}`,
    );
    expect(within(list).getAllByRole("listitem")[0]!.textContent).toContain("3 déc.");
  });

  it("shows an attendant the chargers and their prices with no button", async () => {
    const api = parkApi(["parks.view"], "employee");
    await open(api, "en");
    const section = await screen.findByRole("region", { name: "EV chargers" });
    const table = await within(section).findByRole("table");
    expect(within(table).getByText(/380.*per kWh/)).toBeTruthy();
    expect(within(section).queryAllByRole("button")).toEqual([]);
  });

  it("sets a park's tax district among its state's (New York — Manhattan in French), none after a state change, and shows the API's refusal at the field", async () => {
    const us = CountryListSchema.parse([
      {
        ...countries[0],
        id: 4,
        name: "United States",
        code: "US",
        currency: "USD",
        time_zones: ["America/New_York"],
      },
    ]);
    const manhattan = AdminParkSchema.parse({
      ...park,
      country: "US",
      currency: "USD",
      state_id: 195,
      tax_district_id: 1,
      time_zone: "America/New_York",
    });
    const districts: Record<string, object[]> = {
      "195": [
        { id: 1, code: "US-NY-NYC-MN", name: "New York City — Manhattan", country_id: 4, state_id: 195 },
        { id: 2, code: "US-NY-NYC", name: "New York City — other boroughs", country_id: 4, state_id: 195 },
      ],
      "196": [{ id: 3, code: "US-CA-LA", name: "City of Los Angeles", country_id: 4, state_id: 196 }],
    };
    const api = parkApi(["parks.view", "parks.update"], "branch_manager", manhattan)
      .on("GET /countries", { json: [...countries, ...us] })
      .on("GET /states/load", {
        json: [
          { id: 195, name: "New York", code: "NY", country_id: 4 },
          { id: 196, name: "California", code: "CA", country_id: 4 },
        ],
      })
      .on("GET /tax-districts", (call) => ({ json: districts[call.query.get("state_id") ?? ""] ?? [] }))
      .on("PATCH /admin/parks/41", (call) =>
        (call.body as { tax_district_id: number | null }).tax_district_id === 3
          ? {
              status: 422,
              json: {
                message: "Choisissez un district fiscal de la région du parking, ou aucun",
                code: "validation_error",
                fields: {
                  tax_district_id: "Choisissez un district fiscal de la région du parking, ou aucun",
                },
              },
            }
          : { json: manhattan },
      );
    await open(api, "fr");
    await screen.findByRole("combobox", { name: "District fiscal" });
    const district = () => screen.getByRole("combobox", { name: "District fiscal" }) as HTMLSelectElement;
    await waitFor(() => expect(district().value).toBe("1"));
    expect((screen.getByRole("combobox", { name: "État ou région" }) as HTMLSelectElement).value).toBe("195");
    // The park's country and state stay shown once their lists arrive after the form was drawn.
    expect((screen.getByRole("combobox", { name: "Pays" }) as HTMLSelectElement).value).toBe("US");
    expect([...district().options].map((o) => o.text)).toEqual([
      "Aucun",
      "New York — Manhattan",
      "New York — autres arrondissements",
    ]);
    // Another state: its districts, and none chosen.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "État ou région" }), "196");
    expect(district().value).toBe("");
    await waitFor(() =>
      expect([...district().options].map((o) => o.text)).toEqual(["Aucun", "Ville de Los Angeles"]),
    );
    await userEvent.selectOptions(district(), "3");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/parks/41")).toHaveLength(1));
    expect(api.callsTo("PATCH /admin/parks/41")[0]!.body).toMatchObject({
      state_id: 196,
      tax_district_id: 3,
    });
    // At the field: the select is marked invalid and names the message.
    await waitFor(() => expect(district().getAttribute("aria-invalid")).toBe("true"));
    const described = (district().getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      "Choisissez un district fiscal de la région du parking, ou aucun",
    );
    await userEvent.selectOptions(district(), "");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/parks/41")).toHaveLength(2));
    expect(api.callsTo("PATCH /admin/parks/41")[1]!.body).toMatchObject({
      state_id: 196,
      tax_district_id: null,
    });
  });
});
