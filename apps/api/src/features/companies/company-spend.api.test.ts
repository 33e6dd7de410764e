// What a company spent (decision 030): spend per member and cost centre, the bookings and receipts
// it paid, its monthly statement. On PGlite and PostgreSQL; the providers are local fakes
// (test/payments-context).
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { CompanyBookingsQuerySchema } from "@parkwell/contract";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { usePaymentsContext } from "../../test/payments-context";
import { addMember, companyBalance, createCompany } from "./companies.test-kit";
import { bookingsCsv } from "./company-dashboard.service";
import { companyBooking, companyLedgerSum, fundCompany } from "./company-money.test-kit";

const payments = usePaymentsContext();
const db = () => payments.ctx.database.db;
const app = () => payments.ctx.app;

const base = (c: { id: number }) => `/api/v1/business/companies/${c.id}`;
const get = (u: TestUser, url: string, headers: Record<string, string> = {}) =>
  app().inject({ url, headers: { ...bearer(u), ...headers } });

/** 14 November 2026, 10:00 in Lagos (UTC+1). */
const NOV = new Date("2026-11-14T09:00:00Z");
/** 31 October 2026, 23:30 in Lagos: still October there (22:30 UTC). */
const LATE_OCT = new Date("2026-10-31T22:30:00Z");
/** 30 November 2026, 23:30 UTC: already 1 December in Lagos. */
const EARLY_DEC = new Date("2026-11-30T23:30:00Z");

async function team() {
  const company = await createCompany(db());
  const alice = await createUser(db());
  const bob = await createUser(db());
  const admin = await createUser(db());
  const aliceId = await addMember(db(), company.id, alice, "member", "Sales");
  const bobId = await addMember(db(), company.id, bob, "member", "Ops");
  await addMember(db(), company.id, admin, "admin");
  return {
    company,
    admin,
    alice: { ...alice, memberId: aliceId },
    bob: { ...bob, memberId: bobId },
  };
}

describe("the dashboard", () => {
  it("totals the month's spend per member and per cost centre, on the company's clock, top-ups apart", async () => {
    const { company, admin, alice, bob } = await team();
    await fundCompany(db(), company.id, admin.id, 10_000_00, LATE_OCT);
    const a1 = await companyBooking(db(), {
      companyId: company.id,
      member: alice,
      costCentre: "Sales",
      at: NOV,
    });
    await companyBooking(db(), { companyId: company.id, member: alice, costCentre: "Sales", at: NOV });
    await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: NOV });
    await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: LATE_OCT });
    await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: EARLY_DEC });
    const each = a1.totalMinor / 100;

    const res = await get(admin, `${base(company)}/spend?month=2026-11`);
    expect(res.statusCode).toBe(200);
    const spend = res.json();
    expect(spend).toMatchObject({
      month: "2026-11",
      time_zone: "Africa/Lagos",
      totals: [{ currency: "NGN", amount: 3 * each }],
    });
    expect(spend.members).toEqual([
      expect.objectContaining({ member_id: alice.memberId, cost_centre: "Sales", amount: 2 * each }),
      expect.objectContaining({ member_id: bob.memberId, cost_centre: "Ops", amount: each }),
    ]);
    expect(spend.cost_centres).toEqual([
      { cost_centre: "Sales", currency: "NGN", amount: 2 * each },
      { cost_centre: "Ops", currency: "NGN", amount: each },
    ]);
    const oct = (await get(company.owner, `${base(company)}/spend?month=2026-10`)).json();
    expect(oct.totals).toEqual([{ currency: "NGN", amount: each }]);
    expect((await get(admin, `${base(company)}/spend?month=2026-13`)).statusCode).toBe(422);
  });

  it("is for owners and admins: members get 403, strangers and unknown companies 404", async () => {
    const { company, alice } = await team();
    const stranger = await createUser(db());
    for (const path of [
      "spend",
      "bookings",
      "receipts",
      "wallet",
      "statements/2026-11.pdf",
      "statements/2026-11.csv",
    ]) {
      expect((await get(alice, `${base(company)}/${path}`)).statusCode, path).toBe(403);
      expect((await get(stranger, `${base(company)}/${path}`)).statusCode, path).toBe(404);
    }
    expect((await get(company.owner, `/api/v1/business/companies/999999/spend`)).statusCode).toBe(404);
  });

  it("lists the company-paid bookings with filters and as CSV", async () => {
    const { company, admin, alice, bob } = await team();
    await fundCompany(db(), company.id, admin.id, 10_000_00, NOV);
    const a = await companyBooking(db(), {
      companyId: company.id,
      member: alice,
      costCentre: "Sales",
      at: NOV,
    });
    const b = await companyBooking(db(), {
      companyId: company.id,
      member: bob,
      costCentre: "Ops",
      at: LATE_OCT,
      status: "cancelled",
    });
    const list = (q: string) => get(admin, `${base(company)}/bookings?${q}`);
    const all = (await list("")).json();
    expect(all).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.items.map((i: { booking_code: string }) => i.booking_code)).toEqual([
      a.bookingCode,
      b.bookingCode,
    ]);
    expect(all.items[0]).toMatchObject({
      member_name: expect.any(String),
      cost_centre: "Sales",
      paid: a.totalMinor / 100,
    });
    expect((await list(`member_id=${bob.memberId}`)).json().items).toHaveLength(1);
    expect((await list("status=cancelled")).json().items[0].booking_code).toBe(b.bookingCode);
    expect((await list("from=2026-11-01&to=2026-11-30")).json().items[0].booking_code).toBe(a.bookingCode);
    expect((await list("size=1&page=2")).json()).toMatchObject({
      total: 2,
      pages: 2,
      items: [{ booking_code: b.bookingCode }],
    });
    expect((await list("from=2026-11-30&to=2026-11-01")).statusCode).toBe(422);
    const csv = await list("format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("booking_code,park,start,end,time_zone,status,member,cost_centre,currency,paid");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([a.bookingCode, b.bookingCode]);
    // Times on the park's clock with its offset, next to the zone's name.
    const [, , start, , zone] = lines[1]!.split(",");
    expect(zone).toBe("Africa/Lagos");
    expect(Date.parse(start!)).toBe(NOV.getTime() + 3_600_000);
    expect(start).toMatch(/\+01:00$/);
    // Read one row per batch, the export gives the same file: each batch starts after the last key.
    const byOne = await bookingsCsv(
      { db: db(), clock: () => NOV },
      company.id,
      admin.id,
      CompanyBookingsQuerySchema.parse({ format: "csv" }),
      1,
    );
    let text = "";
    for await (const chunk of byOne.chunks) text += chunk;
    expect(text).toBe(csv.body);
  });

  it("lists the company's receipts, numbered, top-ups included", async () => {
    const { company, admin, alice } = await team();
    await fundCompany(db(), company.id, admin.id, 10_000_00, NOV);
    await companyBooking(db(), { companyId: company.id, member: alice, costCentre: "Sales", at: NOV });
    const res = (await get(admin, `${base(company)}/receipts`)).json();
    expect(res.total).toBe(2);
    for (const r of res.items) expect(r.number).toMatch(/^NG-2026-\d{6}$/);
    expect(res.items.map((r: { charge_kind: string }) => r.charge_kind).sort()).toEqual(["booking", "topup"]);
    // One of them as its PDF, for the company's admins; not through another company.
    const number = res.items[0].number as string;
    const pdf = await get(admin, `${base(company)}/receipts/${number}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const other = await createCompany(db());
    expect((await get(other.owner, `${base(other)}/receipts/${number}.pdf`)).statusCode).toBe(404);
    expect((await get(alice, `${base(company)}/receipts/${number}.pdf`)).statusCode).toBe(403);
  });
});

/** The PDF's text, one string per line as drawn (as receipts-pdf.api.test.ts reads it). */
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
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((i) => i.s)
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    }
  }
  await pdf.destroy();
  return lines;
}

describe("the monthly statement", () => {
  it("lists each receipt of the month with member and cost centre, and its totals equal the ledger", async () => {
    const { company, admin, alice, bob } = await team();
    await fundCompany(db(), company.id, admin.id, 10_000_00, NOV);
    const inMonth = [
      await companyBooking(db(), { companyId: company.id, member: alice, costCentre: "Sales", at: NOV }),
      await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: NOV }),
    ];
    const outside = await companyBooking(db(), {
      companyId: company.id,
      member: bob,
      costCentre: "Ops",
      at: EARLY_DEC,
    });
    const numbers = (await get(admin, `${base(company)}/receipts?size=50`)).json().items as {
      number: string;
      reference: string;
    }[];
    const numberOf = (code: string) => numbers.find((n) => n.reference === code)!.number;

    // What the company's account paid for the month's purchases, from the ledger itself.
    const paid = -(await companyLedgerSum(
      db(),
      company.id,
      inMonth.map((p) => p.ledgerKey),
    ));
    expect(paid).toBe(inMonth.reduce((s, p) => s + p.totalMinor, 0));
    const major = (minor: number) => (minor / 100).toFixed(2);

    const csv = await get(admin, `${base(company)}/statements/2026-11.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain(`statement-${company.id}-2026-11.csv`);
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    const purchases = rows.filter((r) => r[0] === "purchase");
    expect(purchases.map((r) => r[1]).sort()).toEqual(inMonth.map((p) => numberOf(p.bookingCode)).sort());
    expect(purchases.map((r) => r[7]).sort()).toEqual(["Ops", "Sales"]);
    // Issued on the company's clock (Lagos, UTC+1), with the offset that keeps it one instant.
    for (const r of purchases) expect(r[4]).toMatch(/^2026-11-\d\dT\d\d:\d\d:\d\d\+01:00$/);
    expect(rows.some((r) => r[1] === numberOf(outside.bookingCode))).toBe(false);
    expect(rows.filter((r) => r[0] === "topup")).toHaveLength(1);
    const total = rows.find((r) => r[0] === "total")!;
    expect(total[8]).toBe("NGN");
    expect(total[12]).toBe(major(paid));
    const tax = rows.find((r) => r[0] === "tax_total")!;
    expect(tax[9]).toBe("VAT 7.5%");
    expect(tax[11]).toBe(major(2 * 13_13));
    expect(tax[10]).toBe(major(2 * 175_00));

    const pdf = await get(admin, `${base(company)}/statements/2026-11.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const lines = await pdfLines(pdf.rawPayload);
    expect(lines[0]).toBe("Statement November 2026");
    for (const p of inMonth) expect(lines.some((l) => l.includes(numberOf(p.bookingCode)))).toBe(true);
    expect(lines.some((l) => l.includes(numberOf(outside.bookingCode)))).toBe(false);
    expect(lines).toContain("VAT 7.5% on ₦350 ₦26.26");
    expect(lines).toContain(`Total NGN ₦${(paid / 100).toLocaleString("en", { minimumFractionDigits: 2 })}`);

    const fr = await get(admin, `${base(company)}/statements/2026-11.pdf?lang=fr`);
    expect((await pdfLines(fr.rawPayload))[0]).toBe("Relevé novembre 2026");
  });

  it("opens and closes with the account's balance: opening + money in - money out = closing, as the ledger", async () => {
    const { company, admin, alice, bob } = await team();
    const october = [
      await fundCompany(db(), company.id, admin.id, 10_000_00, LATE_OCT),
      (await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: LATE_OCT }))
        .ledgerKey,
    ];
    const november = [
      await fundCompany(db(), company.id, admin.id, 2_000_00, NOV),
      (await companyBooking(db(), { companyId: company.id, member: alice, costCentre: "Sales", at: NOV }))
        .ledgerKey,
      (await companyBooking(db(), { companyId: company.id, member: bob, costCentre: "Ops", at: NOV }))
        .ledgerKey,
    ];
    const december = await companyBooking(db(), {
      companyId: company.id,
      member: bob,
      costCentre: "Ops",
      at: EARLY_DEC,
    });
    const major = (minor: number) => minor / 100;
    // From the ledger itself: the account's entries of the moves before and in November.
    const opening = await companyLedgerSum(db(), company.id, october);
    const closing = await companyLedgerSum(db(), company.id, [...october, ...november]);

    const res = await get(admin, `${base(company)}/statements/2026-11/balances`);
    expect(res.statusCode).toBe(200);
    const [nov] = res.json().balances as {
      currency: string;
      opening: number;
      money_in: number;
      money_out: number;
      closing: number;
    }[];
    expect(nov).toMatchObject({ currency: "NGN", opening: major(opening), closing: major(closing) });
    expect(nov!.money_in).toBe(2_000);
    expect(nov!.opening + nov!.money_in - nov!.money_out).toBeCloseTo(nov!.closing, 2);
    // December closes on the account's balance now; it opens where November closed.
    const [dec] = (await get(admin, `${base(company)}/statements/2026-12/balances`)).json().balances;
    expect(dec.opening).toBe(nov!.closing);
    expect(dec.money_out).toBe(major(december.totalMinor));
    expect(dec.closing).toBe(major(await companyBalance(db(), company.id, "NGN")));
    // A member is refused; a stranger is told nothing.
    expect((await get(alice, `${base(company)}/statements/2026-11/balances`)).statusCode).toBe(403);

    const lines = await pdfLines((await get(admin, `${base(company)}/statements/2026-11.pdf`)).rawPayload);
    const naira = (minor: number) => `₦${major(minor).toLocaleString("en", { minimumFractionDigits: 2 })}`;
    expect(lines).toContain(`Opening balance NGN ${naira(opening)}`);
    expect(lines).toContain(`Closing balance NGN ${naira(closing)}`);
    const fr = await pdfLines(
      (await get(admin, `${base(company)}/statements/2026-11.pdf?lang=fr`)).rawPayload,
    );
    expect(fr.some((l) => l.startsWith("Solde d'ouverture en NGN"))).toBe(true);
  });

  it("refuses a month that is not YYYY-MM with a 422", async () => {
    const { company, admin } = await team();
    expect((await get(admin, `${base(company)}/statements/2026-1.csv`)).statusCode).toBe(422);
  });
});
