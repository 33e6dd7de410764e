// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { PayoutHolds } from "./payout-holds";

const operator = (id: number, name: string, hold: { reason: string; since: string } | null = null) => ({
  id,
  name,
  country_code: "NG",
  hold,
});

describe("back office payout holds", () => {
  it("Parkwell's admin sees the held operators, and holds another from the list behind its disclosure", async () => {
    let items = [
      operator(1, "Harbourview Parking Ltd", {
        reason: "Bank details under review",
        since: "2026-11-20T09:00:00.000Z",
      }),
      operator(2, "Marina Parks"),
      operator(3, "Ikeja Lots"),
    ];
    let held: unknown = null;
    const api = new FakeApi()
      .on("GET /admin/payouts/operators", () => ({ json: { items } }))
      .on("POST /admin/operators/2/payout-hold", (call) => {
        held = call.body;
        const hold = { reason: "Disputed sales", since: "2026-11-30T09:00:00.000Z" };
        items = items.map((o) => (o.id === 2 ? { ...o, hold } : o));
        return { json: { operator_id: 2, hold } };
      });
    await renderWithApp(<PayoutHolds editable />, { api });

    // The held operator in sight; the two others behind "Hold an operator's payouts (2 operators)".
    await screen.findByText("Held: Bank details under review");
    expect(screen.getByRole("button", { name: "Release Harbourview Parking Ltd's payouts" })).toBeTruthy();
    const others = screen.getByText("Hold an operator's payouts (2 operators)");
    const disclosure = others.closest("details")!;
    expect(disclosure.open).toBe(false);

    const user = userEvent.setup();
    await user.click(others);
    expect(disclosure.open).toBe(true);
    await user.click(screen.getByRole("button", { name: "Hold Marina Parks's payouts" }));
    await user.type(screen.getByLabelText("Reason (shown to the operator)"), "Disputed sales");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(held).toEqual({ reason: "Disputed sales" }));
    await screen.findByText("Held: Disputed sales");
    expect(screen.getByText("Hold an operator's payouts (1 operator)")).toBeTruthy();
  });

  it("with no operator held, says so", async () => {
    const api = new FakeApi().on("GET /admin/payouts/operators", {
      json: { items: [operator(2, "Marina Parks")] },
    });
    await renderWithApp(<PayoutHolds editable />, { api });
    await screen.findByText("No operator's payouts are held.");
  });
});
