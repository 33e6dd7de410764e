// @vitest-environment happy-dom
import { StaffOptionsSchema, type ParkChoice } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { StaffPage } from "./staff-page";

const park = (id: number, name: string): ParkChoice => ({
  id,
  name,
  city: "Lagos",
  time_zone: "Africa/Lagos",
  currency: "NGN",
  country_code: "NG",
  vehicle_types: [],
});

const empty = { items: [], total: 0, page: 1, size: 10, pages: 0 };

/** An admin inviting to one of two operators. */
function staffApi() {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(["staff.view", "staff.create"]) })
    .on("GET /admin/staff", { json: empty })
    .on("GET /admin/staff/invitations", { json: { ...empty, size: 100 } })
    .on("GET /admin/staff/options", {
      json: StaffOptionsSchema.parse({
        roles: ["branch_manager", "employee"],
        operators: [
          { id: 1, name: "Harbourview Parking Ltd" },
          { id: 2, name: "Citypark Nigeria" },
        ],
      }),
    })
    .on("GET /admin/parks/choices", (call) => ({
      json: {
        items:
          call.query.get("operator") === "2" ? [park(51, "Ikeja Garage"), park(52, "Marina Car Park")] : [],
        complete: true,
      },
    }))
    .on("POST /admin/staff/invitations", { status: 201, json: { message: "Invitation sent" } });
}

describe("the staff invitation", () => {
  it("offers the chosen operator's parks from the one park list and sends the parks ticked", async () => {
    const api = staffApi();
    await renderWithApp(<StaffPage />, { api, route: "/admin/staff" });
    await userEvent.click(await screen.findByRole("button", { name: "Invite someone" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite someone to the staff" });
    await userEvent.type(within(dialog).getByLabelText(/E-mail address/), "tobi@example.com");
    await userEvent.selectOptions(within(dialog).getByLabelText("Role"), "employee");
    await userEvent.selectOptions(within(dialog).getByLabelText("Operator"), "2");

    const parks = await within(dialog).findByRole("group", { name: "Parks" });
    await userEvent.click(await within(parks).findByRole("checkbox", { name: /Marina Car Park/ }));
    const asked = api.callsTo("GET /admin/parks/choices").at(-1)!;
    expect(Object.fromEntries(asked.query)).toEqual({
      permission: "staff.create",
      status: "any",
      operator: "2",
    });

    await userEvent.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    await waitFor(() => expect(api.callsTo("POST /admin/staff/invitations")).toHaveLength(1));
    expect(api.callsTo("POST /admin/staff/invitations")[0]!.body).toMatchObject({
      email: "tobi@example.com",
      role: "employee",
      operator_id: 2,
      park_ids: [52],
    });
  });

  it("says so when the operator has no park", async () => {
    const api = staffApi();
    await renderWithApp(<StaffPage />, { api, route: "/admin/staff" });
    await userEvent.click(await screen.findByRole("button", { name: "Invite someone" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite someone to the staff" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Role"), "employee");
    await userEvent.selectOptions(within(dialog).getByLabelText("Operator"), "1");
    expect(await within(dialog).findByText("This operator has no park yet.")).toBeTruthy();
    expect(within(dialog).queryAllByRole("checkbox")).toEqual([]);
  });
});
