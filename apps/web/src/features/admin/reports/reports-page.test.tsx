// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
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
