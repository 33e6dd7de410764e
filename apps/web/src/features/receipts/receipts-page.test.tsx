// @vitest-environment happy-dom
import { formatZonedDateTime, type ReceiptSummary } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp, type ApiCall } from "../../test/render";
import { ReceiptsPage } from "./receipts-page";

const summary = (over: Partial<ReceiptSummary>): ReceiptSummary => ({
  number: "NG-2026-000001",
  kind: "booking",
  issued_at: "2026-11-26T22:30:00.000Z",
  time_zone: "Africa/Lagos",
  reference: "PW-7K3MQ2",
  subject: "Harbourview Car Park",
  currency: "NGN",
  decimals: 2,
  total: 1688.13,
  reverses: null,
  ...over,
});
const items = [
  // Issued in Toronto late in the evening: still the 26th there (already the 27th in UTC).
  summary({
    number: "CA-2026-000007",
    kind: "credit_note",
    issued_at: "2026-11-27T04:15:00.000Z",
    time_zone: "America/Toronto",
    currency: "CAD",
    total: -12.5,
    reverses: "CA-2026-000006",
    subject: "Union Station Garage",
  }),
  summary({}),
];

/** The list as the API pages it: every call recorded, the filters answered as asked. */
function fakeList(answer: (q: URLSearchParams) => { status?: number; json?: unknown }) {
  return new FakeApi().on("GET /receipts", (call: ApiCall) => answer(call.query));
}
const page = (list: ReceiptSummary[], pages = 1, p = 1) => ({
  json: { items: list, total: list.length, page: p, size: 20, pages },
});

describe("the receipts list", () => {
  it("shows each receipt's number, kind in words, time on its own clock, subject, reference and total; a credit note is negative", async () => {
    const fake = fakeList(() => page(items));
    await renderWithApp(<ReceiptsPage />, { api: fake, route: "/receipts" });
    const rows = await screen.findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [credit, booking] = rows as [HTMLElement, HTMLElement];
    expect(within(credit).getByRole("link").textContent).toBe("CA-2026-000007");
    expect(within(credit).getByRole("link").getAttribute("href")).toBe("/receipts/CA-2026-000007");
    expect(within(credit).getByText("Credit note")).toBeTruthy();
    const time = credit.querySelector("time")!.textContent!;
    expect(time).toBe(formatZonedDateTime("2026-11-27T04:15:00.000Z", "en", "America/Toronto"));
    expect(time).toMatch(/^Nov 26, 2026, 11:15 PM /);
    expect(credit.textContent).toContain("Union Station Garage · Ref. PW-7K3MQ2");
    expect(within(credit).getByTestId("receipt-total").textContent).toBe("-CA$12.50");
    expect(within(booking).getByText("Parking booking")).toBeTruthy();
    expect(within(booking).getByTestId("receipt-total").textContent).toBe("₦1,688.13");
    expect(fake.calls[0]!.query.get("page")).toBe("1");
    expect(fake.calls[0]!.query.has("kind")).toBe(false);
  });

  it("filters by kind and days (the URL keeps them), back to the first page; a refused range is shown at its field", async () => {
    const fake = fakeList((q) => {
      if (q.get("from") && q.get("to") && q.get("from")! > q.get("to")!)
        return {
          status: 422,
          json: {
            code: "validation_error",
            message: "Invalid request",
            fields: { to: "The first day must be on or before the last" },
          },
        };
      if (q.get("kind") === "credit_note") return page([items[0]!]);
      return page(items, 3, Number(q.get("page") ?? 1));
    });
    const { router } = await renderWithApp(<ReceiptsPage />, { api: fake, route: "/receipts?page=2" });
    await screen.findAllByRole("listitem");
    expect(fake.calls.at(-1)!.query.get("page")).toBe("2");

    await userEvent.selectOptions(screen.getByLabelText("Type"), "Credit note");
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(fake.calls.at(-1)!.query.get("kind")).toBe("credit_note");
    expect(fake.calls.at(-1)!.query.get("page")).toBe("1");
    expect(router.state.location.search).toBe("?kind=credit_note");

    await userEvent.type(screen.getByLabelText("From"), "2026-11-20");
    await userEvent.type(screen.getByLabelText("To"), "2026-11-01");
    const to = screen.getByLabelText("To");
    await waitFor(() => expect(to.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The first day must be on or before the last")).toBeTruthy();
    expect(fake.calls.at(-1)!.query.get("from")).toBe("2026-11-20");

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(2));
    expect(router.state.location.search).toBe("");
  });

  it("in French: an empty list says there is none, and another when filters match none", async () => {
    const fake = fakeList(() => page([]));
    await renderWithApp(<ReceiptsPage />, { api: fake, route: "/receipts", language: "fr" });
    expect((await screen.findByTestId("receipts-empty")).textContent).toBe(
      "Vous n'avez pas encore de reçu. Chaque achat et chaque rechargement aura le sien ici.",
    );
    await userEvent.selectOptions(screen.getByLabelText("Type"), "Avoir");
    await waitFor(() =>
      expect(screen.getByTestId("receipts-empty").textContent).toBe(
        "Aucun reçu ne correspond à ces filtres.",
      ),
    );
  });
});
