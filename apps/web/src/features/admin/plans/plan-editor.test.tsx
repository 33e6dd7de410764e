// @vitest-environment happy-dom
import { AdminPassListSchema, AdminPlanSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { PassesList } from "./passes-list";
import { PlanEditor } from "./plan-editor";

const park = {
  id: 41,
  name: "Marina Car Park",
  city: "Lagos",
  time_zone: "Africa/Lagos",
  currency: "NGN",
  country_code: "NG",
  vehicle_types: [
    { id: 1, name: "Car" },
    { id: 3, name: "Motorcycle" },
  ],
};

const plan = AdminPlanSchema.parse({
  id: 7,
  park: { id: 41, name: "Marina Car Park", time_zone: "Africa/Lagos" },
  name: { en: "Commuter", fr: "Navetteur" },
  status: "on_sale",
  windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
  currency: "NGN",
  prices: [{ vehicle_type_id: 1, vehicle_type: "Car", monthly_price: 45_000 }],
  allocation: 5,
  sold: 2,
  space_mode: "named",
  min_term_months: 1,
  discount_3m_percent: 0,
  discount_12m_percent: 10,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
});

const editorApi = () =>
  new FakeApi()
    .on("GET /admin/me", { json: adminMe(["plans.view", "plans.update", "plans.create"]) })
    .on("GET /admin/plans/7", { json: plan })
    .on("GET /admin/parks/choices", { json: { items: [park], complete: true } });

describe("the plan form", () => {
  it("says the hours in words as custom windows are typed, and sends them", async () => {
    const api = editorApi().on("PATCH /admin/plans/7", { json: plan });
    await renderWithApp(
      <Routes>
        <Route path="/admin/plans/:id" element={<PlanEditor />} />
      </Routes>,
      { api, route: "/admin/plans/7" },
    );
    expect(await screen.findByText("This plan covers: weekdays 07:00-19:00")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "Custom hours" }));
    await userEvent.click(screen.getByRole("button", { name: "Add a window" }));
    const days = screen.getAllByRole("combobox", { name: "Day" });
    await userEvent.selectOptions(days[5]!, "6");
    const starts = screen.getAllByRole("textbox", { name: "From (HH:MM)" });
    const ends = screen.getAllByRole("textbox", { name: "To (HH:MM)" });
    await userEvent.type(starts[5]!, "09:00");
    await userEvent.type(ends[5]!, "13:00");
    expect(
      await screen.findByText("This plan covers: weekdays 07:00-19:00 and Sat 09:00-13:00"),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/plans/7")).toHaveLength(1));
    expect(api.callsTo("PATCH /admin/plans/7")[0]!.body).toMatchObject({
      windows: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
        { weekday: 6, start: "09:00", end: "13:00" },
      ],
      prices: [{ vehicle_type_id: 1, monthly_price: 45_000 }],
    });
  });

  it("lists the passes that hold the allocation when it is refused (409)", async () => {
    const api = editorApi().on("PATCH /admin/plans/7", {
      status: 409,
      json: {
        message: "This plan has more passes valid now than that allocation",
        code: "allocation_below_sold",
        sold: 2,
        passes: [
          { pass_code: "MP-AAAA1111", plates: ["LAG123AA"] },
          { pass_code: "MP-BBBB2222", plates: ["KJA45BC", "ABJ9CC"] },
        ],
      },
    });
    await renderWithApp(
      <Routes>
        <Route path="/admin/plans/:id" element={<PlanEditor />} />
      </Routes>,
      { api, route: "/admin/plans/7", language: "fr" },
    );
    const allocation = await screen.findByRole("textbox", { name: /Quota/ });
    await userEvent.clear(allocation);
    await userEvent.type(allocation, "1");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    const alert = await screen.findByText(/2 cartes sont valides sur cet abonnement/);
    const box = within(alert.closest("[role='alert']") as HTMLElement);
    expect(box.getByText("MP-AAAA1111")).toBeTruthy();
    expect(box.getByText(/KJA45BC, ABJ9CC/)).toBeTruthy();
  });
});

describe("the passes list", () => {
  it("edits a named plan's space label in its row and shows a taken label's refusal", async () => {
    const passes = AdminPassListSchema.parse({
      items: [
        {
          id: "7b6a9c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d",
          pass_code: "MP-AAAA1111",
          driver: { id: "u1", name: "Ada Obi", email: "ada@parkwell.test" },
          plan: { id: 7, name: { en: "Commuter", fr: "Navetteur" }, space_mode: "named" },
          park: { id: 41, name: "Marina Car Park", time_zone: "Africa/Lagos" },
          vehicle_type_id: 1,
          vehicle_type: "Car",
          plates: ["LAG123AA"],
          status: "grace",
          ended_reason: null,
          starts_at: "2026-10-01T23:00:00.000Z",
          paid_until: "2026-11-30T23:00:00.000Z",
          renews: true,
          term_months: 1,
          space_label: null,
          inside: true,
        },
      ],
      total: 1,
      page: 1,
      size: 10,
      pages: 1,
    });
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["plans.view", "plans.update"]) })
      .on("GET /admin/passes", { json: passes })
      .on("GET /admin/plans", { json: { items: [plan], total: 1, page: 1, size: 1000, pages: 1 } })
      .on("GET /admin/parks/choices", { json: { items: [park], complete: true } })
      .on("PATCH /admin/passes/7b6a9c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d", {
        status: 409,
        json: { message: "Pass MP-CCCC3333 already has the space B2", code: "space_label_taken" },
      });
    await renderWithApp(
      <Routes>
        <Route path="/admin/plans/passes" element={<PassesList />} />
      </Routes>,
      { api, route: "/admin/plans/passes" },
    );
    // The row itself: "In grace" is also the status filter's option, there before the list loads.
    const row = (await screen.findByText("A car is in the park now")).closest("tr") as HTMLElement;
    expect(within(row).getByText("In grace")).toBeTruthy();
    // Paid until on the park's clock (Lagos, UTC+1): midnight on 1 December.
    expect(screen.getByText(/Dec 1, 2026, 12:00\s?AM/)).toBeTruthy();
    const label = screen.getByRole("textbox", { name: "Space of pass MP-AAAA1111" });
    await userEvent.type(label, "B2{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Pass MP-CCCC3333 already has the space B2");
    expect(api.callsTo("PATCH /admin/passes/7b6a9c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d")[0]!.body).toEqual({
      space_label: "B2",
    });
  });
});
