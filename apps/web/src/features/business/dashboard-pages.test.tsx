// @vitest-environment happy-dom
import type { CompanySpend, CompanyWallet } from "@parkwell/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatMoney } from "../../lib/format";
import { FakeApi, renderWithApp } from "../../test/render";
import { BookingsPage } from "./bookings-page";
import { OverviewPage } from "./overview-page";
import { StatementsPage } from "./statements-page";
import { WalletPage } from "./wallet-page";

const wallet = (over: Partial<CompanyWallet> = {}): CompanyWallet => ({
  company_id: 7,
  name: "Acme Lagos",
  billing: "wallet",
  currency: "NGN",
  time_zone: "Africa/Lagos",
  verified: true,
  disabled: false,
  credit_limit: 0,
  balances: [{ currency: "NGN", balance: 5000, available: 5000 }],
  ...over,
});

// A download saves through a temporary link: its click is caught (happy-dom would follow it).
let clicked: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:download-1");
  clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The page at its route, so that `:id` is read as in the app. */
const at = (path: string, element: React.ReactNode) => (
  <Routes>
    <Route path={path} element={element} />
  </Routes>
);

describe("the company overview", () => {
  it("shows the balances and the month's spend per member and cost centre, in French", async () => {
    const spend: CompanySpend = {
      month: "2026-11",
      time_zone: "Africa/Lagos",
      totals: [{ currency: "NGN", amount: 3376.26 }],
      members: [
        {
          member_id: 1,
          name: "Ada Obi",
          email: "ada@acme.test",
          cost_centre: "Ventes",
          removed: false,
          currency: "NGN",
          amount: 3376.26,
        },
      ],
      cost_centres: [{ cost_centre: "Ventes", currency: "NGN", amount: 3376.26 }],
    };
    const api = new FakeApi()
      .on("GET /business/companies/7/wallet", () => ({ json: wallet() }))
      .on("GET /business/companies/7/spend", () => ({ json: spend }));
    await renderWithApp(at("/business/:id", <OverviewPage />), { api, route: "/business/7", language: "fr" });
    expect(await screen.findByRole("heading", { name: "Acme Lagos" })).toBeTruthy();
    expect((await screen.findByTestId("company-balance")).textContent).toMatch(/5\s000/);
    expect(await screen.findByText("Dépenses de novembre 2026")).toBeTruthy();
    expect(screen.getByText("Ada Obi")).toBeTruthy();
    expect(screen.getAllByText("Ventes").length).toBe(2);
  });

  it("says a company that is not the reader's to manage was not found", async () => {
    const api = new FakeApi().on("GET /business/companies/7/wallet", () => ({
      status: 403,
      json: { code: "company_admins_only", message: "Only the company's owners and admins can do this" },
    }));
    await renderWithApp(at("/business/:id", <OverviewPage />), { api, route: "/business/7" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/not found/);
  });
});

describe("the company wallet page", () => {
  it("verifies a top-up the payer comes back with, once, and shows what the server says", async () => {
    const api = new FakeApi()
      .on("GET /business/companies/7/wallet", () => ({ json: wallet() }))
      .on("POST /business/companies/7/top-ups/PWC-7-abc/verify", () => ({
        json: {
          status: "success",
          message: "Payment verified and the company's wallet was credited",
          data: {
            reference: "PWC-7-abc",
            provider: "paystack",
            amount: 5000,
            currency: "NGN",
            credited: true,
          },
        },
      }));
    await renderWithApp(at("/business/:id/wallet", <WalletPage />), {
      api,
      route: "/business/7/wallet?provider=paystack&reference=PWC-7-abc",
    });
    expect(await screen.findByText("Payment verified and the company's wallet was credited")).toBeTruthy();
    expect(api.callsTo("POST /business/companies/7/top-ups/PWC-7-abc/verify")).toHaveLength(1);
  });

  it("sends the billing switch and shows the server's refusal", async () => {
    const api = new FakeApi()
      .on("GET /business/companies/7/wallet", () => ({ json: wallet() }))
      .on("PATCH /business/companies/7/billing", () => ({
        status: 422,
        json: {
          code: "no_credit_limit",
          message: "Invoice billing needs a credit limit, which Parkwell sets: contact our support team",
        },
      }));
    await renderWithApp(at("/business/:id/wallet", <WalletPage />), { api, route: "/business/7/wallet" });
    const select = await screen.findByRole("combobox", { name: "Billing mode" });
    await userEvent.selectOptions(select, "invoice");
    await userEvent.click(screen.getByRole("button", { name: "Save billing mode" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/credit limit/);
    const [call] = api.callsTo("PATCH /business/companies/7/billing");
    expect(call!.body).toEqual({ billing: "invoice" });
  });

  it("refuses an amount that is not a positive number before anything is sent", async () => {
    const api = new FakeApi().on("GET /business/companies/7/wallet", () => ({ json: wallet() }));
    await renderWithApp(at("/business/:id/wallet", <WalletPage />), { api, route: "/business/7/wallet" });
    await userEvent.type(await screen.findByLabelText("Amount (NGN)"), "abc");
    await userEvent.click(screen.getByRole("button", { name: "Top up" }));
    expect(await screen.findByText(/Enter an amount such as/)).toBeTruthy();
    expect(api.callsTo("POST /business/companies/7/top-ups")).toHaveLength(0);
  });
});

describe("the company bookings page", () => {
  it("asks for a member's bookings the overview linked to, and downloads the same list as CSV", async () => {
    const api = new FakeApi().on("GET /business/companies/7/bookings", (call) =>
      call.query.get("format") === "csv"
        ? { json: {} }
        : {
            json: {
              items: [
                {
                  booking_id: "b1",
                  booking_code: "PK123",
                  park_id: 3,
                  park_name: "Harbourview",
                  time_zone: "Africa/Lagos",
                  start_time: "2026-11-14T09:00:00.000Z",
                  end_time: "2026-11-14T11:00:00.000Z",
                  status: "completed",
                  member_id: 2,
                  member_name: "Ada Obi",
                  cost_centre: "Sales",
                  currency: "NGN",
                  paid: 1688.13,
                },
              ],
              total: 1,
              page: 1,
              size: 20,
              pages: 1,
            },
          },
    );
    await renderWithApp(at("/business/:id/bookings", <BookingsPage />), {
      api,
      route: "/business/7/bookings?member_id=2",
    });
    expect(await screen.findByText("PK123")).toBeTruthy();
    expect(screen.getByText("₦1,688.13")).toBeTruthy();
    expect(api.callsTo("GET /business/companies/7/bookings")[0]!.query.get("member_id")).toBe("2");
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(api.callsTo("GET /business/companies/7/bookings")).toHaveLength(2));
    const csv = api.callsTo("GET /business/companies/7/bookings")[1]!;
    expect(csv.query.get("format")).toBe("csv");
    expect(csv.query.get("member_id")).toBe("2");
    expect(clicked).toHaveBeenCalled();
  });
});

describe("the statements page", () => {
  it("shows the chosen month's opening balance, money in and out, and closing balance, in French", async () => {
    const api = new FakeApi()
      .on("GET /business/companies/7/wallet", () => ({ json: wallet() }))
      .on("GET /business/companies/7/statements/2026-10/balances", () => ({
        json: {
          month: "2026-10",
          time_zone: "Africa/Lagos",
          balances: [{ currency: "NGN", opening: 1000, money_in: 5000, money_out: 1200.5, closing: 4799.5 }],
        },
      }));
    await renderWithApp(at("/business/:id/statements", <StatementsPage />), {
      api,
      route: "/business/7/statements",
      language: "fr",
    });
    fireEvent.change(await screen.findByLabelText("Mois"), { target: { value: "2026-10" } });
    const table = await screen.findByRole("table", { name: "Solde en NGN" });
    const row = (name: string) =>
      within(table).getByRole("rowheader", { name }).closest("tr")!.querySelector("td")!.textContent;
    expect(row("Solde d'ouverture, début octobre 2026")).toBe(formatMoney(1000, "NGN", "fr"));
    expect(row("Entrées (rechargements, remboursements)")).toBe(formatMoney(5000, "NGN", "fr"));
    expect(row("Sorties (achats)")).toBe(formatMoney(-1200.5, "NGN", "fr"));
    expect(row("Solde de clôture, fin octobre 2026")).toBe(formatMoney(4799.5, "NGN", "fr"));
  });

  it("downloads the chosen month's PDF in the page's language", async () => {
    const api = new FakeApi()
      .on("GET /business/companies/7/wallet", () => ({ json: wallet() }))
      .on("GET /business/companies/7/statements/2026-10.pdf", () => ({ json: {} }));
    await renderWithApp(at("/business/:id/statements", <StatementsPage />), {
      api,
      route: "/business/7/statements",
      language: "fr",
    });
    const month = await screen.findByLabelText("Mois");
    fireEvent.change(month, { target: { value: "2026-10" } });
    await userEvent.click(screen.getByRole("button", { name: "Télécharger le PDF" }));
    await waitFor(() =>
      expect(api.callsTo("GET /business/companies/7/statements/2026-10.pdf")).toHaveLength(1),
    );
    expect(api.callsTo("GET /business/companies/7/statements/2026-10.pdf")[0]!.query.get("lang")).toBe("fr");
  });
});
