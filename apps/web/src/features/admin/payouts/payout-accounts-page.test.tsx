// @vitest-environment happy-dom
import { PayoutAccountSchema, PayoutSetupSchema } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { PayoutAccountsPage } from "./payout-accounts-page";

const setup = PayoutSetupSchema.parse({
  operator: { id: 1, name: "Harbourview Parking Ltd" },
  country_code: "NG",
  currency: "NGN",
  method: "bank",
  provider: "paystack",
  provider_ready: true,
  hold: { reason: "Bank details under review", since: "2026-11-20T09:00:00.000Z" },
  minimum: 5000,
  hold_hours: 48,
});
const pending = PayoutAccountSchema.parse({
  id: 7,
  operator_id: 1,
  currency: "NGN",
  provider: "paystack",
  method: "bank",
  status: "pending",
  holder_name: "ADAEZE OKAFOR PARKING LTD",
  bank_name: "Guaranty Trust Bank",
  last4: "6789",
  confirmed_at: null,
  usable_from: null,
  in_use: false,
  created_at: "2026-11-30T09:00:00.000Z",
});

describe("back office Payout accounts", () => {
  it("a manager checks the bank's name for the account, then adds it; the list shows it masked and pending", async () => {
    let accounts: (typeof pending)[] = [];
    const api = new FakeApi()
      .on("GET /admin/me", {
        json: adminMe(
          ["payout_accounts.view", "payout_accounts.create", "payout_accounts.delete"],
          "branch_manager",
        ),
      })
      .on("GET /admin/payout-accounts/setup", { json: setup })
      .on("GET /admin/payout-accounts", () => ({ json: { items: accounts } }))
      .on("GET /admin/payout-accounts/banks", {
        json: { items: [{ code: "058", name: "Guaranty Trust Bank" }] },
      })
      .on("POST /admin/payout-accounts/resolve", (call) =>
        (call.body as { account_number: string }).account_number === "0123456789"
          ? { json: { account_name: "ADAEZE OKAFOR PARKING LTD", bank_name: "Guaranty Trust Bank" } }
          : {
              status: 422,
              json: {
                message: "The bank could not find this account: check the bank and the number",
                code: "validation_error",
                fields: {
                  account_number: "The bank could not find this account: check the bank and the number",
                },
              },
            },
      )
      .on("POST /admin/payout-accounts", () => {
        accounts = [pending];
        return { status: 201, json: pending };
      });
    await renderWithApp(<PayoutAccountsPage />, { api, route: "/" });
    expect(await screen.findByText("Payouts are held: Bank details under review")).toBeTruthy();
    expect(await screen.findByText("No payout account yet.")).toBeTruthy();

    await userEvent.selectOptions(await screen.findByLabelText(/^Bank/), "058");
    const number = screen.getByLabelText(/^Account number/);
    await userEvent.type(number, "9999999999");
    const add = screen.getByRole("button", { name: "Add the account" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Check the name" }));
    expect(
      await screen.findByText("The bank could not find this account: check the bank and the number"),
    ).toBeTruthy();
    expect(number.getAttribute("aria-invalid")).toBe("true");

    await userEvent.clear(number);
    await userEvent.type(number, "0123456789");
    await userEvent.click(screen.getByRole("button", { name: "Check the name" }));
    expect(
      await screen.findByText("The bank says this account is held by ADAEZE OKAFOR PARKING LTD."),
    ).toBeTruthy();
    await waitFor(() => expect(add.disabled).toBe(false));
    await userEvent.click(add);
    expect(await screen.findByText("Waiting for confirmation")).toBeTruthy();
    expect(api.callsTo("POST /admin/payout-accounts").at(-1)!.body).toEqual({
      bank_code: "058",
      account_number: "0123456789",
    });
    expect(screen.getByText(/ending 6789/)).toBeTruthy();
    expect(document.body.textContent).not.toContain("0123456789");
  });
});
