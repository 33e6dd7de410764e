// @vitest-environment happy-dom
import { formatZonedDateTime, ReceiptSchema, type Receipt } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatShortZoned, zoneAbbreviation } from "../../lib/zoned-time";
import { FakeApi, renderWithApp } from "../../test/render";
import { ReceiptView } from "./receipt-page";

const ZONE = "Africa/Lagos";
// 23:30 UTC on New Year's Eve: already 00:30 on 1 January 2027 on the park's clock.
const ISSUED = "2026-12-31T23:30:00.000Z";
const party = { company_name: null, address: null, tax_id: null, email: null };
const receipt: Receipt = ReceiptSchema.parse({
  number: "NG-2026-000002",
  kind: "booking",
  issued_at: ISSUED,
  time_zone: ZONE,
  reference: "PW-7K3MQ2",
  subject: "Harbourview Car Park",
  currency: "NGN",
  decimals: 2,
  total: 1688.13,
  reverses: null,
  seller: { ...party, name: "Parkwell Nigeria Ltd", address: "12 Marina\nLagos", tax_id: "TIN 0001" },
  buyer: {
    ...party,
    name: "Ada Obi",
    company_name: "Obi & Sons Ltd",
    tax_id: "TIN 1234",
    email: "ada@example.com",
  },
  lines: [
    {
      kind: "parking",
      label: "Parking",
      subject: "Harbourview Car Park",
      from: "2026-12-31T23:00:00.000Z",
      to: "2027-01-01T01:00:00.000Z",
      quantity: null,
      detail: null,
      amount: 1500,
    },
    {
      kind: "service_fee",
      label: "Service fee",
      subject: null,
      from: null,
      to: null,
      quantity: null,
      detail: null,
      amount: 100,
    },
    {
      kind: "booking_fee",
      label: "Booking fee",
      subject: null,
      from: null,
      to: null,
      quantity: null,
      detail: null,
      amount: 75,
    },
    // The EV charger held with the booking: named, without an amount (charging is paid at the charger).
    {
      kind: "charger",
      label: "EV charger",
      subject: "CCS2 · 60 kW",
      from: null,
      to: null,
      quantity: null,
      detail: "Charging is paid at the charger",
      amount: null,
    },
  ],
  taxes: [{ name: "VAT", rate: 7.5, base: 175, amount: 13.13 }],
  subtotal: 1675,
  tax_total: 13.13,
  credit_notes: ["NG-2027-000004"],
  pdf_url: "/api/v1/receipts/NG-2026-000002.pdf",
});
const creditNote: Receipt = ReceiptSchema.parse({
  ...receipt,
  number: "NG-2027-000004",
  kind: "credit_note",
  issued_at: "2027-01-02T10:00:00.000Z",
  total: -750,
  reverses: receipt.number,
  lines: [{ ...receipt.lines[0], amount: -750 }],
  taxes: [],
  subtotal: -750,
  tax_total: 0,
  credit_notes: [],
  pdf_url: "/api/v1/receipts/NG-2027-000004.pdf",
});

// A Québec booking: GST 5% and QST 9.975% on the fees (decision 047).
const quebec: Receipt = ReceiptSchema.parse({
  ...receipt,
  number: "CA-2026-000003",
  currency: "CAD",
  taxes: [
    { name: "GST", rate: 5, base: 175, amount: 8.75 },
    { name: "QST", rate: 9.975, base: 175, amount: 17.46 },
  ],
  tax_total: 26.21,
  total: 1701.21,
  credit_notes: [],
});

const api = () =>
  new FakeApi()
    .on(`GET /receipts/${receipt.number}`, { json: receipt })
    .on(`GET /receipts/${creditNote.number}`, { json: creditNote })
    .on(`GET /receipts/${quebec.number}`, { json: quebec });

afterEach(() => vi.restoreAllMocks());

describe("a receipt's page", () => {
  it("shows seller, buyer, the lines with their period and the tax on the receipt's clock, and its credit notes", async () => {
    await renderWithApp(<ReceiptView number={receipt.number} />, { api: api() });
    expect(await screen.findByRole("heading", { level: 1, name: `Receipt ${receipt.number}` })).toBeTruthy();
    // On Lagos's clock it is already the new year, whatever this machine's zone.
    const date = screen.getByTestId("receipt-date").textContent!;
    expect(date).toBe(formatZonedDateTime(ISSUED, "en", ZONE));
    expect(date).toMatch(/Jan 1, 2027/);
    expect(screen.getByText("Obi & Sons Ltd")).toBeTruthy();
    expect(screen.getByText("Tax ID: TIN 1234")).toBeTruthy();
    expect(screen.getByText("Parkwell Nigeria Ltd")).toBeTruthy();
    expect(screen.getByRole("link", { name: "PW-7K3MQ2" }).getAttribute("href")).toBe(
      "/booking-details/PW-7K3MQ2",
    );

    const lines = screen.getAllByTestId("receipt-line");
    expect(lines.map((l) => within(l).getAllByRole("cell").at(-1)!.textContent)).toEqual([
      "₦1,500",
      "₦100",
      "₦75",
      "",
    ]);
    expect(lines[3]!.textContent).toBe("EV chargerCCS2 · 60 kWCharging is paid at the charger");
    expect(within(lines[0]!).getByTestId("receipt-period").textContent).toBe(
      `${formatShortZoned("2026-12-31T23:00:00.000Z", "en", ZONE)} – ${formatShortZoned("2027-01-01T01:00:00.000Z", "en", ZONE)} (${zoneAbbreviation(ZONE, "en", new Date("2026-12-31T23:00:00.000Z"))})`,
    );
    expect(within(lines[0]!).getByTestId("receipt-period").textContent).toMatch(
      /^Fri, Jan 1, 12:00 AM – Fri, Jan 1, 2:00 AM/,
    );
    expect(screen.getByTestId("receipt-subtotal").textContent).toBe("₦1,675");
    expect(screen.getByTestId("receipt-tax").textContent).toBe("VAT 7.5% on ₦175₦13.13");
    expect(screen.getByTestId("receipt-doc-total").textContent).toBe("₦1,688.13");

    const credits = screen.getByTestId("receipt-credit-notes");
    expect(within(credits).getByRole("link", { name: "NG-2027-000004" }).getAttribute("href")).toBe(
      "/receipts/NG-2027-000004",
    );
  });

  it("in French: a credit note names the receipt it reverses, and links the booking through it", async () => {
    const fake = api();
    await renderWithApp(<ReceiptView number={creditNote.number} />, { api: fake, language: "fr" });
    expect(await screen.findByRole("heading", { level: 1, name: `Avoir ${creditNote.number}` })).toBeTruthy();
    expect(screen.getByTestId("receipt-date").textContent).toBe(
      formatZonedDateTime(creditNote.issued_at, "fr", ZONE),
    );
    const reverses = screen.getByTestId("receipt-reverses");
    expect(reverses.textContent).toBe(`Cet avoir annule le reçu ${receipt.number}`);
    expect(within(reverses).getByRole("link").getAttribute("href")).toBe(`/receipts/${receipt.number}`);
    // The booking's page: the reversed receipt's kind says it is a booking.
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "PW-7K3MQ2" }).getAttribute("href")).toBe(
        "/booking-details/PW-7K3MQ2",
      ),
    );
    expect(screen.getByTestId("receipt-doc-total").textContent).toMatch(/^-750\s₦$/);
    expect(screen.getByText("Total remboursé")).toBeTruthy();
    expect(screen.queryByTestId("receipt-tax")).toBeNull();
  });

  it("shows the amount of an EV charger line whose charging was sold with the booking (per hour)", async () => {
    const sold: Receipt = {
      ...receipt,
      number: "NG-2026-000009",
      lines: [
        ...receipt.lines.slice(0, 3),
        { ...receipt.lines[3]!, detail: "Charging by the hour, paid with the booking", amount: 1000 },
      ],
      subtotal: 2675,
      total: 2688.13,
    };
    await renderWithApp(<ReceiptView number={sold.number} />, {
      api: new FakeApi().on(`GET /receipts/${sold.number}`, { json: sold }),
    });
    await screen.findByRole("heading", { level: 1, name: `Receipt ${sold.number}` });
    const charger = screen.getAllByTestId("receipt-line")[3]!;
    expect(charger.textContent).toBe(
      "EV chargerCCS2 · 60 kWCharging by the hour, paid with the booking₦1,000",
    );
  });

  it("shows a French tax line as the language writes it", async () => {
    await renderWithApp(<ReceiptView number={receipt.number} />, { api: api(), language: "fr" });
    await screen.findByRole("heading", { level: 1, name: `Reçu ${receipt.number}` });
    expect(screen.getByTestId("receipt-tax").textContent).toMatch(/^TVA 7,5\s%\ssur 175\s₦13,13\s₦$/);
  });

  it("writes a tax rate to the half basis point, unrounded (QST 9.975%), in English and in French", async () => {
    const shown = async (language: "en" | "fr") => {
      const { unmount } = await renderWithApp(<ReceiptView number={quebec.number} />, {
        api: api(),
        language,
      });
      await waitFor(() => expect(screen.getAllByTestId("receipt-tax")).toHaveLength(2));
      const texts = screen.getAllByTestId("receipt-tax").map((row) => row.querySelector("th")!.textContent);
      unmount();
      return texts;
    };
    const english = await shown("en");
    expect(english[0]).toMatch(/^GST 5% on /);
    expect(english[1]).toMatch(/^QST 9\.975% on /);
    const french = await shown("fr");
    expect(french[0]).toMatch(/^TPS 5\u00a0% sur /);
    expect(french[1]).toMatch(/^TVQ 9,975\u00a0% sur /);
  });

  it("downloads the PDF from pdf_url with the bearer token, and says so when it is not there yet", async () => {
    localStorage.setItem("parkwell_user_token", "tok-1");
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:receipt-1");
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    let pdfStatus = 200;
    const fake = api().on(`GET /receipts/${receipt.number}.pdf`, () =>
      pdfStatus === 200
        ? { json: "%PDF-1.7" }
        : { status: 404, json: { code: "not_found", message: "Not found" } },
    );
    await renderWithApp(<ReceiptView number={receipt.number} />, { api: fake });
    const button = await screen.findByRole("button", { name: "Download PDF" });
    await userEvent.click(button);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [call] = fake.callsTo(`GET /receipts/${receipt.number}.pdf`);
    expect(call!.headers.get("authorization")).toBe("Bearer tok-1");
    expect(call!.headers.get("accept")).toBe("application/pdf");
    expect(created).toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();

    pdfStatus = 404;
    await userEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The PDF of this receipt is not available yet. Please try again later.",
    );
  });

  it("says so for a receipt the account does not have", async () => {
    const fake = new FakeApi().on("GET /receipts/NG-2026-999999", {
      status: 404,
      json: { code: "not_found", message: "Receipt not found" },
    });
    await renderWithApp(<ReceiptView number="NG-2026-999999" />, { api: fake });
    expect(await screen.findByTestId("receipt-not-found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All receipts" }).getAttribute("href")).toBe("/receipts");
  });
});
