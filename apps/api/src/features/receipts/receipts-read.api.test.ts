import type { Receipt, ReceiptSummary } from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { QUEUES } from "../../feature-jobs";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { buy, ledgerTaken, numberOf } from "./receipts.test-kit";

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

const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), ...headers },
  });

interface Page {
  items: ReceiptSummary[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

describe("GET /receipts", () => {
  it("numbers what is pending, then lists newest first, by day on each receipt's clock, kind and purchase, paged", async () => {
    const user = await createUser(db);
    // 23:30 UTC on 9 March is 00:30 on 10 March in Lagos: the receipt's day is the 10th.
    await buy(db, user.id, "L-0310", new Date("2026-03-09T23:30:00Z"));
    await buy(db, user.id, "L-0312", new Date("2026-03-12T10:00:00Z"));
    // 23:30 UTC on 9 March is still the 9th in Dakar.
    await buy(db, user.id, "D-0309", new Date("2026-03-09T23:30:00Z"), 3);
    await buy(db, user.id, "L-FAIL", new Date("2026-03-11T10:00:00Z"), 1, true);

    const all = (await get(user, "/receipts?size=100")).json() as Page;
    expect(all.total).toBe(6);
    expect(all.items.map((r) => r.reference)).toEqual([
      "L-0312",
      "L-0312",
      // Issued at the same instant as L-0310, later in order of issue.
      "D-0309",
      "D-0309",
      "L-0310",
      "L-0310",
    ]);
    expect(all.items.every((r) => /^(NG|SN)-2026-\d{6}$/.test(r.number))).toBe(true);
    const booking = all.items.find((r) => r.reference === "L-0310" && r.kind === "booking")!;
    expect(booking).toMatchObject({
      time_zone: "Africa/Lagos",
      currency: "NGN",
      subject: "Harbourview",
      total: (await ledgerTaken(db, "booking:L-0310")) / 100,
      reverses: null,
    });

    const refs = async (query: string) =>
      ((await get(user, `/receipts?${query}`)).json() as Page).items.map((r) => `${r.reference}/${r.kind}`);
    expect(await refs("from=2026-03-10&to=2026-03-10")).toEqual(["L-0310/booking", "L-0310/topup"]);
    expect(await refs("to=2026-03-09")).toEqual(["D-0309/booking", "D-0309/topup"]);
    expect(await refs("from=2026-03-11")).toEqual(["L-0312/booking", "L-0312/topup"]);
    expect((await refs("kind=topup&size=100")).sort()).toEqual([
      "D-0309/topup",
      "L-0310/topup",
      "L-0312/topup",
    ]);
    expect(await refs("reference=L-0312&kind=booking")).toEqual(["L-0312/booking"]);
    expect(await refs("reference=L-FAIL")).toEqual([]);

    const page2 = (await get(user, "/receipts?size=4&page=2")).json() as Page;
    expect(page2).toMatchObject({ total: 6, page: 2, size: 4, pages: 2 });
    expect(page2.items.map((r) => r.number)).toEqual(all.items.slice(4).map((r) => r.number));
    expect(page2.items.map((r) => r.reference)).toEqual(["L-0310", "L-0310"]);
    const past = (await get(user, "/receipts?size=4&page=3")).json() as Page;
    expect(past).toMatchObject({ items: [], total: 6 });

    // Another user sees none of them.
    const other = await createUser(db);
    expect(((await get(other, "/receipts")).json() as Page).total).toBe(0);
  });

  it("refuses bad filters with a 422 in the reader's language, and wants a token", async () => {
    const user = await createUser(db);
    const res = await get(user, "/receipts?from=2026-03-12&to=2026-03-10", { "accept-language": "fr" });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.to).toBe("Le premier jour doit précéder le dernier ou lui être égal");
    expect((await get(user, "/receipts?kind=gift")).statusCode).toBe(422);
    expect((await get(user, "/receipts?from=2026-02-30")).statusCode).toBe(422);
    expect((await get(null, "/receipts")).statusCode).toBe(401);
  });
});

describe("GET /receipts/{number}", () => {
  it("answers the owner's receipt, worded in French with Accept-Language: fr, and a 404 to anyone else", async () => {
    const user = await createUser(db);
    await buy(db, user.id, "ONE-1", new Date("2026-05-02T09:00:00Z"));
    await get(user, "/receipts"); // a read numbers what is pending
    const number = (await numberOf(db, "booking:ONE-1"))!;
    const en = (await get(user, `/receipts/${number}`)).json() as Receipt;
    expect(en.lines.map((l) => l.label)).toEqual(["Parking", "Service fee", "Booking fee"]);
    expect(en).toMatchObject({
      number,
      subtotal: 1675,
      tax_total: 13.13,
      total: 1688.13,
      taxes: [{ name: "VAT", rate: 7.5, base: 175, amount: 13.13 }],
      pdf_url: `/api/v1/receipts/${number}.pdf`,
    });
    const fr = (await get(user, `/receipts/${number}`, { "accept-language": "fr-CA" })).json() as Receipt;
    expect(fr.lines.map((l) => l.label)).toEqual([
      "Stationnement",
      "Frais de service",
      "Frais de réservation",
    ]);
    // The lower-case number is the same receipt.
    expect((await get(user, `/receipts/${number.toLowerCase()}`)).json().number).toBe(number);
    // Its PDF is where pdf_url says.
    expect((await get(user, en.pdf_url.replace("/api/v1", ""))).headers["content-type"]).toBe(
      "application/pdf",
    );

    const other = await createUser(db);
    const theirs = await get(other, `/receipts/${number}`, { "accept-language": "fr" });
    const none = await get(other, "/receipts/NG-2026-999999", { "accept-language": "fr" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: "Reçu introuvable", code: "not_found" });
    expect(none.json()).toEqual(theirs.json());
    expect(theirs.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a malformed number as the contract's params schema does: 422, Receipt not found", async () => {
    const user = await createUser(db);
    for (const bad of ["NG-26-1", "XX", "NG-2026-12345", "ng_2026_000001"]) {
      const res = await get(user, `/receipts/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toMatchObject({ code: "validation_error", message: "Receipt not found" });
    }
    const fr = await get(user, "/receipts/NG-26-1", { "accept-language": "fr" });
    expect(fr.json().message).toBe("Reçu introuvable");
    expect((await get(user, "/receipts/NG-26-1.pdf")).statusCode).toBe(422);
  });
});

describe("the buyer's company on the profile", () => {
  const patch = (user: TestUser, body: object, language = "en") =>
    ctx.app.inject({
      method: "PATCH",
      url: "/api/v1/users/profile",
      headers: { ...bearer(user), "accept-language": language },
      payload: body,
    });

  it("trims, clears when empty, refuses too long in English and French, and is the buyer of the next receipt", async () => {
    const user = await createUser(db);
    const ok = await patch(user, {
      company_name: "  Obi & Sons Ltd  ",
      company_address: " 4 Broad Street\nLagos Island ",
      company_tax_id: " TIN 1234 ",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      company_name: "Obi & Sons Ltd",
      company_address: "4 Broad Street\nLagos Island",
      company_tax_id: "TIN 1234",
    });
    const long = await patch(user, { company_tax_id: "x".repeat(51) });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.company_tax_id).toBe("Must be at most 50 characters");
    const longFr = await patch(user, { company_name: "x".repeat(201) }, "fr");
    expect(longFr.statusCode).toBe(422);
    expect(longFr.json().fields.company_name).toBe("Doit contenir au plus 200 caractères");

    await buy(db, user.id, "CO-1", new Date("2026-06-01T09:00:00Z"));
    expect((await patch(user, { company_address: "   " })).json().company_address).toBeNull();
    await buy(db, user.id, "CO-2", new Date("2026-06-02T09:00:00Z"));
    await get(user, "/receipts");
    const buyerOf = async (key: string) =>
      ((await get(user, `/receipts/${(await numberOf(db, key))!}`)).json() as Receipt).buyer;
    // Each receipt keeps the buyer as they were when it was issued.
    expect(await buyerOf("booking:CO-1")).toMatchObject({
      name: "Ada Obi",
      company_name: "Obi & Sons Ltd",
      address: "4 Broad Street\nLagos Island",
      tax_id: "TIN 1234",
      email: user.email,
    });
    expect(await buyerOf("booking:CO-2")).toMatchObject({
      company_name: "Obi & Sons Ltd",
      address: null,
      tax_id: "TIN 1234",
    });
  });
});

describe("the receipts-number job", () => {
  it("runs each minute and numbers every country's pending receipts", async () => {
    expect(QUEUES["receipts-number"].cron).toBe("* * * * *");
    const user = await createUser(db);
    await buy(db, user.id, "JOB-NG", new Date("2026-07-01T09:00:00Z"));
    await buy(db, user.id, "JOB-SN", new Date("2026-07-01T09:00:00Z"), 3);
    expect(await numberOf(db, "booking:JOB-NG")).toBeNull();
    await ctx.app.jobs.send(db, "receipts-number", {});
    expect(await ctx.app.jobs.runDue(["receipts-number"])).toBe(1);
    expect(await numberOf(db, "booking:JOB-NG")).toMatch(/^NG-2026-\d{6}$/);
    expect(await numberOf(db, "topup:JOB-SN")).toMatch(/^SN-2026-\d{6}$/);
    expect(await numberOf(db, "booking:JOB-SN")).toMatch(/^SN-2026-\d{6}$/);
  });
});
