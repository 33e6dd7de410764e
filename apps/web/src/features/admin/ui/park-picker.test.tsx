// @vitest-environment happy-dom
import type { AdminMe, ParkChoice } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ParkPicker } from "./park-picker";

const park = (id: number, name: string): ParkChoice => ({
  id,
  name,
  city: "Lagos",
  time_zone: "Africa/Lagos",
  currency: "NGN",
  country_code: "NG",
  vehicle_types: [],
});

const me: AdminMe = {
  user: { id: "u1", email: "ada@parkwell.test", first_name: "Ada", last_name: "Obi" },
  role: "branch_manager",
  permissions: ["dashboard.view"],
  operator: { id: 1, name: "Harbourview Parking Ltd" },
  parks: [11, 12],
};

function Filter() {
  const [value, setValue] = useState("");
  return (
    <>
      <h1>Report</h1>
      <ParkPicker permission="dashboard.view" value={value} onChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

describe("ParkPicker as a filter", () => {
  it("offers all the user's parks or one by name, from the one list for the page's permission", async () => {
    const api = new FakeApi().on("GET /admin/me", { json: me }).on("GET /admin/parks/choices", {
      json: { items: [park(12, "Ikeja Garage"), park(11, "Marina Car Park")], complete: true },
    });
    await renderWithApp(<Filter />, { api, route: "/admin" });
    const select = await screen.findByLabelText("Park");
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "All your parks",
      "Ikeja Garage (Lagos)",
      "Marina Car Park (Lagos)",
    ]);
    await userEvent.selectOptions(select, "11");
    expect(screen.getByTestId("chosen").textContent).toBe("11");
    const [call] = api.callsTo("GET /admin/parks/choices");
    expect([call?.query.get("permission"), call?.query.get("status")]).toEqual(["dashboard.view", "any"]);
  });

  it("asks for a park ID when the list is not complete", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/parks/choices", { json: { items: [park(11, "Marina Car Park")], complete: false } });
    await renderWithApp(<Filter />, { api, route: "/admin", language: "fr" });
    await waitFor(() => expect(api.callsTo("GET /admin/parks/choices")).toHaveLength(1));
    const typed = await screen.findByLabelText("N° de parking");
    await userEvent.type(typed, "4a2");
    expect(screen.getByTestId("chosen").textContent).toBe("42");
  });
});

/** A form ticking several parks, its values shown as the form would send them. */
function Checks({ permission }: { permission: "staff.create" | "staff.update" }) {
  const form = useForm<{ park_ids: string[] }>({ defaultValues: { park_ids: ["12"] } });
  const ids = useWatch({ control: form.control, name: "park_ids" });
  return (
    <>
      <h1>Parks</h1>
      <ParkPicker
        permission={permission}
        status="any"
        operator={1}
        field={form.register("park_ids")}
        className="check"
        empty={<p>No park</p>}
      />
      <output data-testid="ticked">{[...(ids ?? [])].sort().join(",")}</output>
    </>
  );
}

describe("ParkPicker in a form", () => {
  it("ticks several of the user's parks, from the one list for the form's permission and filters", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: { ...me, permissions: ["staff.view", "staff.create"] } })
      .on("GET /admin/parks/choices", {
        json: { items: [park(12, "Ikeja Garage"), park(11, "Marina Car Park")], complete: true },
      });
    await renderWithApp(<Checks permission="staff.create" />, { api, route: "/admin" });
    const marina = await screen.findByRole("checkbox", { name: "Marina Car Park (Lagos)" });
    expect(screen.getByRole("checkbox", { name: "Ikeja Garage (Lagos)" })).toHaveProperty("checked", true);
    await userEvent.click(marina);
    expect(screen.getByTestId("ticked").textContent).toBe("11,12");
    const [call] = api.callsTo("GET /admin/parks/choices");
    expect(Object.fromEntries(call!.query)).toEqual({
      permission: "staff.create",
      status: "any",
      operator: "1",
    });
  });

  it("asks nothing for a permission the user lacks, and offers no park", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: { ...me, permissions: ["staff.view", "staff.create"] } })
      .on("GET /admin/parks/choices", { json: { items: [park(11, "Marina Car Park")], complete: true } });
    await renderWithApp(
      <>
        <Checks permission="staff.create" />
        <Checks permission="staff.update" />
      </>,
      { api, route: "/admin" },
    );
    // The user is known once the picker for the permission they hold has its parks.
    expect(await screen.findAllByRole("checkbox")).toHaveLength(1);
    expect(screen.getByText("No park")).toBeTruthy();
    expect(api.callsTo("GET /admin/parks/choices").map((c) => c.query.get("permission"))).toEqual([
      "staff.create",
    ]);
  });
});
