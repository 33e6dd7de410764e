// @vitest-environment happy-dom
import {
  AdminSettlementCurrentListSchema,
  AdminSettlementDetailSchema,
  AdminSettlementSchema,
} from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminSettlementsPage, periodLabel } from "./settlements-page";

const statement = AdminSettlementSchema.parse({
  id: 12,
  operator: { id: 1, name: "Harbourview Parking Ltd" },
  currency: "NGN",
  period: "monthly",
  period_start: "2026-10-31T23:00:00.000Z",
  period_end: "2026-11-30T23:00:00.000Z",
  time_zone: "Africa/Lagos",
  opening: 0,
  sales: 2000,
  refunds: -500,
  collected: 0,
  commission: 225,
  adjustments: 0,
  payouts: 0,
  closing: 1275,
  closed_at: "2026-11-30T23:05:00.000Z",
  mailed_at: "2026-11-30T23:05:00.000Z",
});

const line = {
  id: 1,
  kind: "sale",
  occurred_at: "2026-11-10T09:00:00.000Z",
  park: { id: 41, name: "Marina Car Park" },
  product: "hourly",
  reference: "PW-ABC123",
  receipt_number: "NG-2026-000042",
  gross: 2000,
  commission_rate: 15,
  commission: 300,
  share: 1700,
  note: null,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, size: 10, pages: 1 });

const api = (role: "admin" | "branch_manager") =>
  new FakeApi()
    .on("GET /admin/me", { json: adminMe(["settlements.view"], role) })
    .on("GET /admin/settlements/operators", {
      json: {
        items:
          role === "admin"
            ? [
                { id: 1, name: "Harbourview Parking Ltd" },
                { id: 2, name: "Citypark Nigeria" },
              ]
            : [{ id: 1, name: "Harbourview Parking Ltd" }],
      },
    })
    .on("GET /admin/settlements", { json: page([statement]) })
    .on("GET /admin/settlements/12", {
      json: AdminSettlementDetailSchema.parse({
        statement,
        lines: page([
          line,
          {
            ...line,
            id: 2,
            kind: "refund",
            gross: -500,
            commission: -75,
            share: -425,
            receipt_number: "NG-2026-000050",
          },
        ]),
      }),
    })
    .on("GET /admin/settlements/current", {
      json: AdminSettlementCurrentListSchema.parse({
        items: [
          {
            ...statement,
            period_start: "2026-11-30T23:00:00.000Z",
            period_end: "2026-12-31T23:00:00.000Z",
            opening: 1275,
            sales: 2000,
            refunds: 0,
            commission: 300,
            closing: 2975,
            as_of: "2026-12-02T09:00:00.000Z",
            line_count: 1,
            lines: [{ ...line, occurred_at: "2026-12-02T08:00:00.000Z" }],
          },
        ],
      }),
    });

describe("the back office's statements", () => {
  it("lets an admin filter by operator; a manager sees its own with no operator filter", async () => {
    const fake = api("admin");
    await renderWithApp(<AdminSettlementsPage />, { api: fake, route: "/" });
    const operator = await screen.findByLabelText("Operator");
    await waitFor(() => expect((operator as HTMLSelectElement).options).toHaveLength(3));
    await userEvent.selectOptions(operator, "2");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(fake.callsTo("GET /admin/settlements").at(-1)?.query.get("operator_id")).toBe("2"),
    );
    const row = (await screen.findByRole("link", { name: "November 2026" })).closest("tr")!;
    expect(within(row).getByText("Harbourview Parking Ltd")).toBeTruthy();
    expect(within(row).getByText("₦1,275")).toBeTruthy();
  });

  it("shows a manager its own statements, without the operator filter", async () => {
    await renderWithApp(<AdminSettlementsPage />, { api: api("branch_manager"), route: "/" });
    await screen.findByRole("link", { name: "November 2026" });
    expect(screen.queryByLabelText("Operator")).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Operator" })).toBeNull();
  });

  it("shows a statement's figures and lines with their receipts, in French on the operator's clock", async () => {
    await renderWithApp(<AdminSettlementsPage />, {
      api: api("branch_manager"),
      route: "/12",
      language: "fr",
    });
    await screen.findByRole("heading", { level: 1, name: "Relevé de novembre 2026" });
    const table = screen.getByRole("region", { name: "Les lignes du relevé" });
    expect(within(table).getByText("NG-2026-000042")).toBeTruthy();
    expect(within(table).getByText("NG-2026-000050")).toBeTruthy();
    expect(within(table).getByText("Remboursement")).toBeTruthy();
    expect(within(table).getAllByText(/10 nov\. 2026, 10:00/)).toHaveLength(2);
    expect(screen.getByText("Solde de clôture").nextSibling?.textContent).toBe("1\u202f275\u00a0₦");
    expect(screen.getByRole("button", { name: "Télécharger le CSV" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Télécharger le PDF" })).toBeTruthy();
  });

  it("shows the open period's running figures", async () => {
    const fake = api("branch_manager");
    await renderWithApp(<AdminSettlementsPage />, { api: fake, route: "/current" });
    await screen.findByRole("heading", { level: 2, name: "Harbourview Parking Ltd · NGN" });
    expect(screen.getByText("Balance now").nextSibling?.textContent).toBe("₦2,975");
    expect(fake.callsTo("GET /admin/settlements/current")[0]!.query.get("operator_id")).toBe("1");
    expect(screen.queryByText("Entries per page")).toBeNull();
  });

  it("names a week by its days and a month by its name", () => {
    const week = {
      period: "weekly" as const,
      period_start: "2026-11-22T23:00:00.000Z",
      period_end: "2026-11-29T23:00:00.000Z",
      time_zone: "Africa/Lagos",
    };
    expect(periodLabel(week, "en")).toMatch(/^November 23\s–\s29, 2026$/);
    expect(periodLabel(week, "fr")).toMatch(/^23\s?–\s?29 novembre 2026$/);
    expect(periodLabel(statement, "fr")).toBe("novembre 2026");
  });
});
