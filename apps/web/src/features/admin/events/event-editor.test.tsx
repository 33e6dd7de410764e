// @vitest-environment happy-dom
import { AdminEventSchema, AdminParkListSchema } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe, countries, vehicleTypes } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { EventEditor } from "./event-editor";

/** A draft event at one park, as GET /admin/events/{code} answers it. */
const event = AdminEventSchema.parse({
  event_code: "EV-AB2CD",
  name: "Lagos Jazz Night",
  description: { en: "Jazz.", fr: "Jazz." },
  category: "concert",
  status: "draft",
  visibility: "public",
  has_access_code: false,
  venue: { name: "Eko Hall", address: "1 Marina", city: "Lagos", country_code: "NG", lat: 6.45, lng: 3.39 },
  time_zone: "Africa/Lagos",
  start_local: "2026-12-05T19:00",
  end_local: "2026-12-05T23:00",
  start_time: "2026-12-05T18:00:00.000Z",
  end_time: "2026-12-05T22:00:00.000Z",
  currency: "NGN",
  decimals: 2,
  operator: null,
  parks: [
    {
      park_id: 41,
      park_name: "Marina Car Park",
      park_code: "NG7QX2A",
      arrive_before_minutes: 120,
      depart_after_minutes: 60,
      window_start: "2026-12-05T16:00:00.000Z",
      window_end: "2026-12-05T23:00:00.000Z",
      prices: [{ vehicle_type_id: 1, vehicle_type: "Car", price: 1500, allocation: 20, booked: 0 }],
    },
  ],
  booked: 0,
  created_at: "2026-11-20T10:00:00.000Z",
  published_at: null,
  cancelled_at: null,
});

const parks = AdminParkListSchema.parse({
  items: [],
  total: 0,
  page: 1,
  size: 1000,
  pages: 1,
});

function eventApi() {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(["events.view", "events.update", "parks.view"]) })
    .on("GET /admin/events/EV-AB2CD", { json: event })
    .on("GET /vehicles/public", { json: vehicleTypes })
    .on("GET /countries", { json: countries })
    .on("GET /admin/parks", { json: parks })
    .on("PATCH /admin/events/EV-AB2CD", { json: event });
}

describe("the event editor", () => {
  it('reads a price typed the French way ("1 500,50") as 1500.5', async () => {
    const api = eventApi();
    await renderWithApp(
      <Routes>
        <Route path="/admin/events/:code" element={<EventEditor />} />
      </Routes>,
      { api, route: "/admin/events/EV-AB2CD", language: "fr" },
    );
    await screen.findByRole("button", { name: "Enregistrer" });
    const price = await screen.findByRole("textbox", { name: /Marina Car Park, Voiture: Prix forfaitaire/ });
    await userEvent.clear(price);
    await userEvent.type(price, "1 500,50");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/events/EV-AB2CD")).toHaveLength(1));
    const [call] = api.callsTo("PATCH /admin/events/EV-AB2CD");
    expect(call!.body).toMatchObject({
      parks: [
        {
          park_id: 41,
          arrive_before_minutes: 120,
          depart_after_minutes: 60,
          prices: [{ vehicle_type_id: 1, price: 1500.5, allocation: 20 }],
        },
      ],
    });
    expect(await screen.findByText("Enregistré.")).toBeTruthy();
  });
});
