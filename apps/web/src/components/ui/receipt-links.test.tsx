// @vitest-environment happy-dom
import { formatZonedDateTime, type ReceiptSummary } from "@parkwell/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { ReceiptLinks } from "./receipt-links";

const receipt: ReceiptSummary = {
  number: "NG-2026-000002",
  kind: "booking",
  issued_at: "2026-11-26T22:30:00.000Z",
  time_zone: "Africa/Lagos",
  reference: "PW-7K3MQ2",
  subject: "Harbourview",
  currency: "NGN",
  decimals: 2,
  total: 1688.13,
  reverses: null,
};
const credit: ReceiptSummary = {
  ...receipt,
  number: "NG-2026-000005",
  kind: "credit_note",
  issued_at: "2026-11-27T08:00:00.000Z",
  total: -750,
  reverses: receipt.number,
};

describe("a purchase's receipts", () => {
  it("lists the purchase's receipt then its credit note, each a link, dated on its own clock", async () => {
    const api = new FakeApi().on("GET /receipts", (call) => ({
      json:
        call.query.get("reference") === "PW-7K3MQ2"
          ? { items: [credit, receipt], total: 2, page: 1, size: 100, pages: 1 }
          : {},
    }));
    await renderWithApp(<ReceiptLinks reference="PW-7K3MQ2" />, { api });
    const section = await screen.findByTestId("receipt-links");
    const links = within(section).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["NG-2026-000002", "/receipts/NG-2026-000002"],
      ["NG-2026-000005", "/receipts/NG-2026-000005"],
    ]);
    expect(section.textContent).toContain(
      `Credit note · ${formatZonedDateTime(credit.issued_at, "en", "Africa/Lagos")}`,
    );
    expect(section.textContent).toContain("-₦750");
  });
});
