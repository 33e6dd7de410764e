// @vitest-environment happy-dom
import { GateBookingSchema, type AdminMe, type GateClaim, type ParkChoice } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { formatShortZoned } from "../../../lib/zoned-time";
import { GatePage } from "./gate-page";

const parks: ParkChoice[] = [
  {
    id: 11,
    name: "Marina Car Park",
    city: "Lagos",
    time_zone: "Africa/Lagos",
    currency: "NGN",
    country_code: "NG",
    vehicle_types: [],
  },
  {
    id: 12,
    name: "Ikeja Garage",
    city: "Lagos",
    time_zone: "Africa/Lagos",
    currency: "NGN",
    country_code: "NG",
    vehicle_types: [],
  },
];

const me = (permissions: string[]): AdminMe => ({
  user: { id: "u1", email: "tobi@parkwell.test", first_name: "Tobi", last_name: "Bello" },
  role: "employee",
  permissions,
  operator: { id: 1, name: "Harbourview Parking Ltd" },
  parks: [11, 12],
});

const booking = GateBookingSchema.parse({
  id: "b1",
  booking_code: "PW-7K3MQ2XA",
  status: "active",
  plate_number: "LAG123XY",
  vehicle_type_id: 1,
  vehicle_type: "Car",
  start_time: "2026-11-26T09:00:00.000Z",
  end_time: "2026-11-26T12:00:00.000Z",
  park: { id: 12, name: "Ikeja Garage", time_zone: "Africa/Lagos" },
  driver_first_name: "Ada",
  event_name: null,
  checked_in_at: "2026-11-26T08:55:00.000Z",
  checked_out_at: null,
  currency: "NGN",
  overstay_amount: 0,
  overstay_owed: 0,
  charger: null,
  flight: null,
});

function gateApi(permissions: string[]) {
  return new FakeApi()
    .on("GET /admin/me", { json: me(permissions) })
    .on("GET /admin/parks/choices", { json: { items: parks, complete: true } })
    .on("GET /admin/gate/today", { json: { arrivals: [], departures: [], parked: [], passes: [] } })
    .on("GET /admin/gate/claims", { json: { items: [] } });
}

const problem: GateClaim = {
  id: 7,
  code: "CL-ABCD2345",
  reason: "barrier_closed",
  booking_code: "PW-7K3MQ2XA",
  pass_code: null,
  plate: "LAG123XY",
  park: { id: 12, name: "Ikeja Garage" },
  time_zone: "Africa/Lagos",
  filed_at: "2026-11-26T08:40:00.000Z",
  remedy: "refund",
};

describe("the gate page", () => {
  it("checks a typed code in at the park chosen, tidied as a booking code, and shows the car to let in", async () => {
    const api = gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", {
      json: { message: "Checked in", booking },
    });
    const { router } = await renderWithApp(<GatePage />, { api, route: "/admin/gate" });
    const park = await screen.findByLabelText("Park");
    await waitFor(() => expect(router.state.location.search).toBe("?park=11"));
    // The parks the user may check cars in at: the one list every picker reads, for the gate's permission.
    expect(api.callsTo("GET /admin/parks/choices").map((c) => c.query.get("permission"))).toEqual([
      "gate.view",
    ]);
    await userEvent.selectOptions(park, "12");
    expect(router.state.location.search).toBe("?park=12");

    const code = screen.getByLabelText("Booking code");
    await userEvent.type(code, "pw 7k3m q2xa{Enter}");
    const card = await screen.findByText("Checked in: let the car in");
    expect(api.callsTo("POST /admin/checkins").map((c) => c.body)).toEqual([
      { code: "PW-7K3MQ2XA", park_id: 12 },
    ]);
    expect(within(card.closest("section, article, div")!).getByText(/LAG123XY/)).toBeTruthy();
    // Ready for the next car.
    expect((code as HTMLInputElement).value).toBe("");
    // No EV charger booked: none named.
    expect(screen.queryByTestId("gate-charger")).toBeNull();
  });

  it("names the EV charger the booking holds on the card (connector and power), in English and French", async () => {
    const withCharger = { ...booking, charger: { id: 4, connector: "ccs2" as const, power_kw: 50 } };
    const api = gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", {
      json: { message: "Checked in", booking: withCharger },
    });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12" });
    await userEvent.type(await screen.findByLabelText("Booking code"), "PW-7K3MQ2XA{Enter}");
    const shown = await screen.findByTestId("gate-charger");
    expect(shown.textContent).toBe("EV chargerCCS2 · 50 kW");
  });

  it("shows an airport booking's flight and the day the driver flies back, in English and French", async () => {
    const flying = { ...booking, flight: { flight_number: "W3105", return_date: "2027-01-14" } };
    const api = () =>
      gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", {
        json: { message: "Checked in", booking: flying },
      });
    const en = await renderWithApp(<GatePage />, { api: api(), route: "/admin/gate?park=12" });
    await userEvent.type(await screen.findByLabelText("Booking code"), "PW-7K3MQ2XA{Enter}");
    expect((await screen.findByTestId("gate-flight")).textContent).toBe(
      "FlightW3105 · back on 14 January 2027",
    );
    en.unmount();
    await renderWithApp(<GatePage />, { api: api(), route: "/admin/gate?park=12", language: "fr" });
    await userEvent.type(await screen.findByLabelText("Code de réservation"), "PW-7K3MQ2XA{Enter}");
    expect((await screen.findByTestId("gate-flight")).textContent).toBe(
      "VolW3105 · retour le 14 janvier 2027",
    );
  });

  it("says the charger in French words (a no-break space before kW)", async () => {
    const withCharger = { ...booking, charger: { id: 4, connector: "type2" as const, power_kw: 7.4 } };
    const api = gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", {
      json: { message: "Checked in", booking: withCharger },
    });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12", language: "fr" });
    await userEvent.type(await screen.findByLabelText("Code de réservation"), "PW-7K3MQ2XA{Enter}");
    expect((await screen.findByTestId("gate-charger")).textContent).toBe(
      "Borne de rechargeType 2 · 7,4\u00a0kW",
    );
  });

  it("names on each arrival holding a charger its connector and power, and none on the others, in English and French", async () => {
    const arriving = {
      ...booking,
      id: "b2",
      booking_code: "PW-EV4CHRG2",
      plate_number: "EKY450AB",
      checked_in_at: null,
      charger: { id: 4, connector: "ccs2" as const, power_kw: 50 },
    };
    const today = { arrivals: [booking, arriving], departures: [], parked: [], passes: [] };
    for (const [language, text] of [
      ["en", "EV charger: CCS2 · 50 kW"],
      ["fr", "Borne de recharge\u00a0: CCS2 · 50\u00a0kW"],
    ] as const) {
      const api = gateApi(["gate.create", "gate.update"]).on("GET /admin/gate/today", { json: today });
      const { unmount } = await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12", language });
      const arrivals = await screen.findByRole("region", {
        name: language === "en" ? "Arrivals" : "Arrivées",
      });
      const rows = within(arrivals).getAllByRole("listitem");
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).queryByTestId("gate-row-charger")).toBeNull();
      expect(within(rows[1]!).getByTestId("gate-row-charger").textContent).toBe(text);
      expect(rows[1]!.textContent).toContain("EKY450AB");
      unmount();
    }
  });

  it("asks for a code before sending anything, and says why a code is refused", async () => {
    const api = gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", {
      status: 409,
      json: { message: "This booking is for another car park", code: "wrong_park" },
    });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=11" });
    await userEvent.click(await screen.findByRole("button", { name: "Check in" }));
    expect(await screen.findByText("Type the booking code or scan its QR code")).toBeTruthy();
    expect(api.callsTo("POST /admin/checkins")).toEqual([]);

    await userEvent.type(screen.getByLabelText("Booking code"), "PW-7K3MQ2XA");
    await userEvent.click(screen.getByRole("button", { name: "Check in" }));
    const refused = await screen.findByTestId("gate-error");
    expect(refused.className).toBe("gate-refused");
    expect(refused.textContent).toContain("This booking is for another car park");
    expect(api.callsTo("POST /admin/checkins")).toHaveLength(1);
  });

  it("lets someone who may only check out do so with Enter, and offers no Check in", async () => {
    const api = gateApi(["gate.update"]).on("POST /admin/checkouts", {
      json: {
        message: "Checked out",
        booking: { ...booking, status: "completed", checked_out_at: "2026-11-26T11:40:00.000Z" },
        exit_time: "2026-11-26T11:40:00.000Z",
        overstay_minutes: 0,
        overstay_amount: 0,
        charged: 0,
        owed: 0,
        currency: "NGN",
      },
    });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12" });
    await screen.findByRole("button", { name: "Check out" });
    expect(screen.queryByRole("button", { name: "Check in" })).toBeNull();
    await userEvent.type(screen.getByLabelText("Booking code"), "PW-7K3MQ2XA{Enter}");
    expect(await screen.findByText("Checked out")).toBeTruthy();
    expect(api.callsTo("POST /admin/checkouts").map((c) => c.body)).toEqual([
      { code: "PW-7K3MQ2XA", park_id: 12 },
    ]);
    // One clock on the card, the language's: the window, the entry and the exit on Lagos's 12-hour
    // clock, each with its day and month (a car may have come in on another day than it leaves).
    const card = screen.getByTestId("gate-card").textContent ?? "";
    const zone = "Africa/Lagos";
    for (const at of [
      booking.start_time,
      booking.end_time,
      "2026-11-26T08:55:00.000Z",
      "2026-11-26T11:40:00.000Z",
    ]) {
      expect(card).toContain(formatShortZoned(at, "en", zone));
    }
    expect(card.replace(/\u202f|\u00a0/g, " ")).not.toMatch(/\b\d{1,2}:\d{2}(?! [AP]M)/);
  });

  it("asks which car of a two-car monthly pass is entering, then checks it in and shows the pass", async () => {
    const pass = {
      id: "p1",
      pass_code: "MP-7K3MQ2XA",
      status: "active",
      plan: { id: 3, name: { en: "Commuter", fr: "Navetteur" }, windows: [] },
      hours: { en: "weekdays 07:00-19:00", fr: "en semaine 07:00-19:00" },
      park: { id: 12, name: "Ikeja Garage", time_zone: "Africa/Lagos" },
      vehicle_type_id: 1,
      vehicle_type: "Car",
      plates: ["LAG123XY", "KJA456ZZ"],
      driver_first_name: "Ada",
      starts_at: "2026-11-01T00:00:00.000Z",
      ends_at: null,
      inside: { plate: "KJA456ZZ", since: "2026-11-26T08:55:00.000Z" },
    };
    const api = gateApi(["gate.create", "gate.update"]).on("POST /admin/checkins", (req) =>
      (req.body as { plate?: string }).plate
        ? {
            status: 201,
            json: {
              message: "Checked in",
              pass,
              visit: { id: "v1", plate: "KJA456ZZ", checked_in_at: pass.inside.since, checked_out_at: null },
            },
          }
        : {
            status: 422,
            json: {
              code: "choose_plate",
              message: "Choose the car entering: LAG123XY or KJA456ZZ",
              plates: ["LAG123XY", "KJA456ZZ"],
            },
          },
    );
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12" });
    await userEvent.type(await screen.findByLabelText("Booking code"), "mp7k3mq2xa{Enter}");
    const choice = await screen.findByTestId("gate-plate-choice");
    expect(screen.queryByTestId("gate-error")).toBeNull();
    await userEvent.click(within(choice).getByRole("button", { name: "KJA456ZZ" }));
    const card = await screen.findByTestId("gate-card");
    expect(card.textContent).toContain("weekdays 07:00-19:00");
    expect(card.textContent).toContain(
      `KJA456ZZ since ${formatShortZoned("2026-11-26T08:55:00.000Z", "en", "Africa/Lagos")}`,
    );
    expect(api.callsTo("POST /admin/checkins").map((c) => c.body)).toEqual([
      { code: "MP-7K3MQ2XA", park_id: 12 },
      { code: "MP-7K3MQ2XA", park_id: 12, plate: "KJA456ZZ" },
    ]);
  });

  it("lists the problems reported at the park, on its clock with the month, and confirms one by keyboard", async () => {
    const api = gateApi(["gate.view", "gate.update"])
      .on("GET /admin/gate/claims", { json: { items: [problem] } })
      .on("POST /admin/claims/7/confirm", { json: { id: 7, status: "refunded", decision: null } });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12" });
    const section = (await screen.findByRole("heading", { name: /Problems reported here/ })).closest(
      "section",
    )!;
    const row = await within(section).findByTestId("gate-problem");
    expect(row.textContent).toContain("LAG123XY · Barrier closed");
    expect(row.textContent).toContain("PW-7K3MQ2XA");
    expect(row.textContent).toContain(formatShortZoned(problem.filed_at, "en", "Africa/Lagos"));
    expect(row.textContent).toContain("Nov");
    expect(api.callsTo("GET /admin/gate/claims").map((c) => c.query.get("park_id"))).toContain("12");
    const confirm = within(row).getByRole("button", { name: "Confirm the problem of booking PW-7K3MQ2XA" });
    confirm.focus();
    await userEvent.keyboard("{Enter}");
    await within(section).findByText("Confirmed: PW-7K3MQ2XA was refunded in full.");
    const [sent] = api.callsTo("POST /admin/claims/7/confirm");
    expect(sent?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says the problems in French, without a Confirm button for who may not confirm", async () => {
    const api = gateApi(["gate.view"]).on("GET /admin/gate/claims", {
      json: { items: [{ ...problem, reason: "park_full", remedy: "rebook" }] },
    });
    await renderWithApp(<GatePage />, { api, route: "/admin/gate?park=12", language: "fr" });
    const row = await screen.findByTestId("gate-problem");
    expect(screen.getByRole("heading", { name: /Problèmes signalés ici/ })).toBeTruthy();
    expect(row.textContent).toContain("Parking complet · A demandé une place à proximité");
    expect(row.textContent).toContain("nov.");
    expect(within(row).queryByRole("button")).toBeNull();
  });
});
