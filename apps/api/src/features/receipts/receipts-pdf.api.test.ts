import { formatMoney } from "@parkwell/contract";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import {
  bookingBody,
  bookingWithReceipt,
  buy,
  LAGOS_PARK_TAX,
  ledgerTaken,
  numberOf,
  topUpWithReceipt,
} from "./receipts.test-kit";
import { chargeWallet, refundToWallet } from "../wallet/ledger.service";
import { pricedBody, reversalOf } from "./receipts.domain";
import { bodiesOf, issueReceipt, numberReceipts, receiptIdOf } from "./receipts.service";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const AT = new Date("2026-12-31T22:30:00Z"); // 23:30 on 31 December in Lagos

/** How many pages a PDF has, as its page tree says. */
const pdfPages = (bytes: Buffer) =>
  Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(bytes.toString("latin1"))?.[1] ?? 0);

/** Spaces of any kind (French money's narrow ones too) as one plain space: how the lines are compared. */
const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/** The PDF's text, one string per line as drawn (items on the same baseline, left to right). */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const content = await (await pdf.getPage(p)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      const line = rows
        .get(y)!
        .sort((a, b) => a.x - b.x)
        .map((i) => i.s)
        .join(" ");
      lines.push(flat(line));
    }
  }
  await pdf.destroy();
  return lines;
}

async function getPdf(
  user: { token: string },
  number: string,
  headers: Record<string, string> = {},
  query = "",
) {
  return ctx.app.inject({
    method: "GET",
    url: `/api/v1/receipts/${number}.pdf${query}`,
    headers: { ...bearer(user), ...headers },
  });
}

describe("GET /receipts/{number}.pdf", () => {
  it("is a PDF tax invoice whose lines, tax and total are the ledger's, in English", async () => {
    const user = await createUser(db, {
      firstName: "Ada",
      lastName: "Obi",
      companyName: "Obi & Sons Ltd",
      companyAddress: "4 Broad Street\nLagos Island",
      companyTaxId: "TIN 1234",
    });
    await buy(db, user.id, "PDF-EN-1", AT);
    await numberReceipts(db, 1);
    const number = (await numberOf(db, "booking:PDF-EN-1"))!;
    const res = await getPdf(user, number);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const lines = await pdfLines(res.rawPayload);
    const text = lines.join("\n");
    const taken = await ledgerTaken(db, "booking:PDF-EN-1");
    expect(taken).toBe(1_688_13);
    const ngn = (minor: number) => flat(formatMoney(minor / 100, "NGN", "en"));
    expect(lines).toContain("Receipt");
    expect(text).toContain(`Number: ${number}`);
    // On Lagos's clock, month in words, zone named.
    expect(text).toContain("Date: December 31, 2026 at 11:30 PM GMT+1");
    expect(text).toContain("Time zone: Africa/Lagos");
    for (const s of [
      "Seller",
      "Parkwell Nigeria Ltd",
      "12 Admiralty Way, Lekki Phase 1",
      "Tax ID: TIN 24681357-0001",
      "receipts.ng@parkwell.test",
      "Buyer",
      "Obi & Sons Ltd",
      "Ada Obi",
      "4 Broad Street",
      "Lagos Island",
      "Tax ID: TIN 1234",
      user.email,
      "Reference: PDF-EN-1",
    ]) {
      expect(text).toContain(s);
    }
    // Every line of the ledger's receipt, with its amount; the period on Lagos's clock.
    const body = bookingBody(1);
    expect(lines).toContain(`Parking: Harbourview 1 ${ngn(1_500_00)}`);
    expect(lines).toContain(`Service fee ${ngn(100_00)}`);
    expect(lines).toContain(`Booking fee ${ngn(75_00)}`);
    expect(text).toContain("Dec 1, 2026, 9:00 AM – Dec 1, 2026, 11:00 AM");
    expect(text).toContain("LAG-123-XY");
    const subtotal = body.lines.reduce((s, l) => s + l.amountMinor, 0);
    expect(lines).toContain(`Subtotal ${ngn(subtotal)}`);
    expect(lines).toContain(`VAT 7.5% on ${ngn(175_00)} ${ngn(13_13)}`);
    expect(lines).toContain(`Total ${ngn(taken)}`);
    expect(text).toContain("₦");
  });

  it("speaks French with Accept-Language: fr or ?lang=fr: accents, French money, Reçu", async () => {
    const user = await createUser(db, { companyName: "Société Générale de Parcs", companyTaxId: "NINEA 1" });
    await buy(db, user.id, "PDF-FR-1", AT);
    await numberReceipts(db, 1);
    const number = (await numberOf(db, "booking:PDF-FR-1"))!;
    const taken = await ledgerTaken(db, "booking:PDF-FR-1");
    const ngn = (minor: number) => flat(formatMoney(minor / 100, "NGN", "fr"));
    for (const res of [
      await getPdf(user, number, { "accept-language": "fr-FR,fr;q=0.9" }),
      await getPdf(user, number, {}, "?lang=fr"),
    ]) {
      expect(res.statusCode).toBe(200);
      const lines = await pdfLines(res.rawPayload);
      const text = lines.join("\n");
      expect(lines).toContain("Reçu");
      expect(text).toContain(`Numéro : ${number}`);
      expect(text).toContain("Date d'émission : 31 décembre 2026 à 23:30 UTC+1");
      expect(text).toContain("1 déc. 2026, 09:00 – 1 déc. 2026, 11:00");
      expect(text).toContain("Société Générale de Parcs");
      expect(text).toContain("Identifiant fiscal : NINEA 1");
      expect(text).toContain("Référence : PDF-FR-1");
      expect(lines).toContain(`Stationnement : Harbourview 1 ${ngn(1_500_00)}`);
      expect(lines).toContain(`Frais de réservation ${ngn(75_00)}`);
      expect(lines).toContain(`Sous-total ${ngn(1_675_00)}`);
      expect(lines).toContain(`TVA 7,5 % sur ${ngn(175_00)} ${ngn(13_13)}`);
      expect(lines).toContain(`Total TTC ${ngn(taken)}`);
      expect(formatMoney(taken / 100, "NGN", "fr")).toBe("1\u202f688,13\u00a0₦");
      expect(text).toContain("₦");
      expect(text).toMatch(/é/);
    }
    // English when asked, whatever Accept-Language says.
    const en = await getPdf(user, number, { "accept-language": "fr" }, "?lang=en");
    expect(await pdfLines(en.rawPayload)).toContain("Receipt");
    expect((await getPdf(user, number, {}, "?lang=de")).statusCode).toBe(422);
  });

  it("writes CFA francs without decimals for a Senegal receipt", async () => {
    const user = await createUser(db, { countryId: 3 });
    await buy(db, user.id, "PDF-SN-1", AT, 3);
    await numberReceipts(db, 3);
    const number = (await numberOf(db, "booking:PDF-SN-1"))!;
    expect(number).toMatch(/^SN-2026-\d{6}$/);
    const res = await getPdf(user, number, {}, "?lang=fr");
    const lines = await pdfLines(res.rawPayload);
    const taken = await ledgerTaken(db, "booking:PDF-SN-1");
    expect(lines).toContain(`Total TTC ${flat(formatMoney(taken, "XOF", "fr"))}`);
    expect(lines.join("\n")).toContain("Parkwell Sénégal SARL");
    expect(lines).toContain("TVA 7,5 % sur 175 CFA 13 CFA");
  });

  it("is a credit note (Avoir) naming the receipt it reverses, its amounts negative", async () => {
    const user = await createUser(db);
    await buy(db, user.id, "PDF-CN-1", AT);
    await db.transaction(async (tx) => {
      const reversed = reversalOf(
        await bodiesOf(tx, user.id, "PDF-CN-1").then((b) => b.filter((r) => r.kind === "booking")),
      );
      await refundToWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 1_688_13,
        idempotencyKey: "booking:PDF-CN-1:refund",
      });
      await issueReceipt(tx, {
        kind: "credit_note",
        userId: user.id,
        ledgerKey: "booking:PDF-CN-1:refund",
        reference: "PDF-CN-1",
        countryId: 1,
        parkId: null,
        issuedAt: AT,
        currency: "NGN",
        decimals: 2,
        body: reversed,
        expectedMinor: -1_688_13,
        reversesId: await receiptIdOf(tx, "booking:PDF-CN-1"),
      });
    });
    await numberReceipts(db, 1);
    const receipt = (await numberOf(db, "booking:PDF-CN-1"))!;
    const note = (await numberOf(db, "booking:PDF-CN-1:refund"))!;
    const en = await pdfLines((await getPdf(user, note)).rawPayload);
    expect(en).toContain("Credit note");
    expect(en).toContain(`Reverses receipt ${receipt}`);
    expect(en).toContain(`Total ${flat(formatMoney(-1688.13, "NGN", "en"))}`);
    const fr = await pdfLines((await getPdf(user, note, { "accept-language": "fr" })).rawPayload);
    expect(fr).toContain("Avoir");
    expect(fr).toContain(`Annule le reçu ${receipt}`);
    expect(fr).toContain(`Total TTC ${flat(formatMoney(-1688.13, "NGN", "fr"))}`);
  });

  it("a booking's receipt (no line counted) has no empty Quantity column, and in French names the car and the tax in French", async () => {
    const user = await createUser(db);
    const body = pricedBody(
      { parkingMinor: 1_500_00, serviceFeeMinor: 100_00, bookingFeeMinor: 75_00, taxMinor: 13_13 },
      LAGOS_PARK_TAX,
      // As a booking's receipt writes its parking line (bookings/booking-receipts.service.ts).
      {
        kind: "parking",
        subject: "Harbourview",
        from: "2026-12-01T08:00:00.000Z",
        to: "2026-12-01T10:00:00.000Z",
        detail: "LAG-123-XY · Car",
      },
    );
    await db.transaction(async (tx) => {
      await topUpWithReceipt(db, tx, user.id, "PDF-NOQTY", AT);
      await bookingWithReceipt(tx, user.id, "PDF-NOQTY", AT, 1, body);
    });
    await numberReceipts(db, 1);
    const number = (await numberOf(db, "booking:PDF-NOQTY"))!;
    const en = await pdfLines((await getPdf(user, number)).rawPayload);
    expect(en).toContain("Description Amount");
    expect(en.join("\n")).not.toContain("Quantity");
    expect(en).toContain("LAG-123-XY · Car");
    const fr = await pdfLines((await getPdf(user, number, {}, "?lang=fr")).rawPayload);
    expect(fr).toContain("Désignation Montant");
    expect(fr).toContain("LAG-123-XY · Voiture");
    expect(fr).toContain(
      `TVA 7,5 % sur ${flat(formatMoney(175, "NGN", "fr"))} ${flat(formatMoney(13.13, "NGN", "fr"))}`,
    );
    // And the receipt as the web app reads it, in French.
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/receipts/${number}`,
      headers: { ...bearer(user), "accept-language": "fr" },
    });
    const receipt = read.json<{ lines: { detail: string | null }[]; taxes: { name: string }[] }>();
    expect(receipt.lines[0]!.detail).toBe("LAG-123-XY · Voiture");
    expect(receipt.taxes.map((t) => t.name)).toEqual(["TVA"]);
  });

  it("runs onto more pages when the lines do not fit, the table's header again on each", async () => {
    const user = await createUser(db);
    const lines = Array.from({ length: 70 }, (_, i) => ({
      kind: "item" as const,
      subject: `Article n°${i + 1} — crème brûlée`,
      quantity: 2,
      amountMinor: 1_000_00,
    }));
    await db.transaction(async (tx) => {
      for (let i = 0; i < 7; i += 1) await topUpWithReceipt(db, tx, user.id, `PDF-LONG-${i}`, AT);
      await chargeWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 70_000_00,
        idempotencyKey: "order:PDF-LONG:1",
        kind: "order_charge",
      });
      await issueReceipt(tx, {
        kind: "order",
        userId: user.id,
        ledgerKey: "order:PDF-LONG:1",
        reference: "PDF-LONG",
        countryId: 1,
        parkId: null,
        issuedAt: AT,
        currency: "NGN",
        decimals: 2,
        body: { lines, taxes: [] },
        expectedMinor: 70_000_00,
      });
    });
    await numberReceipts(db, 1);
    const res = await getPdf(user, (await numberOf(db, "order:PDF-LONG:1"))!);
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
    expect(pdf.numPages).toBeGreaterThan(1);
    await pdf.destroy();
    const text = await pdfLines(res.rawPayload);
    expect(text.filter((l) => l === "Description Quantity Amount").length).toBe(pdfPages(res.rawPayload));
    for (let i = 1; i <= 70; i += 1) {
      expect(text).toContain(`Item: Article n°${i} — crème brûlée 2 ${flat(formatMoney(1000, "NGN", "en"))}`);
    }
    expect(text).toContain(`Total ${flat(formatMoney(70_000, "NGN", "en"))}`);
  });

  it("is a 404 for another user's receipt, as for one that does not exist, and a 401 without a token", async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    await buy(db, owner.id, "PDF-404", AT);
    await numberReceipts(db, 1);
    const number = (await numberOf(db, "booking:PDF-404"))!;
    const theirs = await getPdf(other, number);
    const none = await getPdf(other, "NG-2026-999999");
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect(theirs.headers["content-type"]).toMatch(/json/);
    const anon = await ctx.app.inject({ method: "GET", url: `/api/v1/receipts/${number}.pdf` });
    expect(anon.statusCode).toBe(401);
  });

  it("is described in the OpenAPI document as a binary PDF", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<
        string,
        { get?: { operationId: string; responses: Record<string, { content: object }> } }
      >;
    };
    const op = doc.paths["/api/v1/receipts/{number}.pdf"]?.get;
    expect(op?.operationId).toBe("getReceiptPdf");
    expect(op?.responses["200"]?.content).toEqual({
      "application/pdf": { schema: { type: "string", format: "binary" } },
    });
  });
});
