// Paying with a company at checkout (decision 030, "Paying with a company"): a member's booking
// charged to the company's account under its policy and limits, each refusal in English and
// French, the receipt naming the company. On PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import type { Booking, BookingDetail } from "@parkwell/contract";
import {
  allDayPark,
  at,
  extend,
  fundedUser,
  HOUR,
  setCapacity,
  setStatus,
} from "../bookings/bookings.test-kit";
import { systemClock } from "../../lib/clock";
import { composeBookingMail } from "../bookings/bookings-mail.service";
import { servedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addMember, companyBalance, createCompany, setLimits, setPolicy } from "./companies.test-kit";
import { companyLedgerSum, fundCompany } from "./company-money.test-kit";
import { companyTopUps } from "./company-wallet.service";

let ctx: TestContext;
let db: Db;
let park: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  park = await allDayPark(db);
  await setCapacity(db, park, 1, 200);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

let plates = 0;
function bookWith(user: TestUser, companyId: number | null, hours = 2, language = "en", startIn = 2) {
  plates += 1;
  return ctx.app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: { ...bearer(user), "accept-language": language },
    payload: {
      park_id: park,
      vehicle_type_id: 1,
      plate_number: `CPY${String(plates).padStart(4, "0")}`,
      start_time: at(startIn * HOUR).toISOString(),
      end_time: at((startIn + hours) * HOUR).toISOString(),
      ...(companyId === null ? {} : { company_id: companyId }),
    },
  });
}

/** A funded company with one member (who has a personal wallet too). */
async function team(funds = 100_000_000) {
  const company = await createCompany(db);
  const member = await fundedUser(db, 1_000_000);
  const memberId = await addMember(db, company.id, member, "member", "Sales");
  if (funds > 0) await fundCompany(db, company.id, company.owner.id, funds, at(0));
  return { company, member: { ...member, memberId } };
}

/** The confirmation e-mail of a booking's change, composed as its mail job does. */
async function mailOf(b: { id: string; end_time: string }, key: string, template: "booked" | "cancelled") {
  const deps = {
    db,
    clock: systemClock,
    countries: servedCountries(db),
    publicUrl: "http://x",
    qrSecret: "q",
  };
  const job = { key, type: "booking" as const, template, bookingId: b.id, endTime: b.end_time };
  return (await composeBookingMail(deps, { ...job, paidMinor: 0, refundMinor: 1_000 }))!;
}

const chargesOf = async (companyId: number) =>
  (
    await queryRows<{
      kind: string;
      member_id: string;
      cost_centre: string;
      amount_minor: string;
      ledger_key: string;
    }>(
      db,
      sql`SELECT kind, member_id, cost_centre, amount_minor, ledger_key FROM company_charges
          WHERE company_id = ${companyId} AND kind <> 'topup' ORDER BY id`,
    )
  ).map((r) => ({ ...r, member_id: Number(r.member_id), amount_minor: Number(r.amount_minor) }));

describe("paying a booking with the company", () => {
  it("charges the company's account, leaves the personal wallet alone, writes the charge row and a receipt naming the company", async () => {
    const { company, member } = await team();
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await bookWith(member, company.id);
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<{ booking_code: string }>();
    const [row] = await queryRows<{ id: string; total_minor: string }>(
      db,
      sql`SELECT id, total_minor FROM bookings WHERE booking_code = ${booking.booking_code}`,
    );
    const total = Number(row!.total_minor);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before - total);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    const charges = await chargesOf(company.id);
    expect(charges).toEqual([
      {
        kind: "booking",
        member_id: member.memberId,
        cost_centre: "Sales",
        amount_minor: total,
        ledger_key: `booking:${row!.id}:1`,
      },
    ]);
    const [receipt] = await queryRows<{ buyer: { name: string; companyName: string | null } }>(
      db,
      sql`SELECT buyer FROM receipts WHERE ledger_key = ${`booking:${row!.id}:1`}`,
    );
    expect(receipt!.buyer.companyName).toBe(company.name);
    const mail = await mailOf(res.json<Booking>(), `booking:${row!.id}:1`, "booked");
    expect(mail.text).toContain(`paid by ${company.name}.`);
    expect(mail.text).not.toContain("wallet");
  });

  it("says who paid: the company's name on the booking, its list and its cancellation, null for the wallet", async () => {
    const { company, member } = await team();
    const paid = await bookWith(member, company.id, 2, "en", 48);
    expect(paid.statusCode, paid.body).toBe(201);
    const own = await bookWith(member, null, 2, "en", 48);
    expect(own.statusCode, own.body).toBe(201);
    expect(paid.json<Booking>().paid_by_company).toBe(company.name);
    expect(own.json<Booking>().paid_by_company).toBeNull();
    const read = (code: string) =>
      ctx.app.inject({ method: "GET", url: `/api/v1/bookings/${code}`, headers: bearer(member) });
    expect((await read(paid.json<Booking>().booking_code)).json<Booking>().paid_by_company).toBe(
      company.name,
    );
    expect((await read(own.json<Booking>().booking_code)).json<Booking>().paid_by_company).toBeNull();
    const list = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/bookings/list?size=100",
      headers: bearer(member),
    });
    expect(list.statusCode, list.body).toBe(200);
    const payers = new Map(list.json<{ items: Booking[] }>().items.map((b) => [b.id, b.paid_by_company]));
    expect(payers.get(paid.json<Booking>().id)).toBe(company.name);
    expect(payers.get(own.json<Booking>().id)).toBeNull();
    // The cancellation's answer (what the page shows after it) still names the company.
    const cancelled = await setStatus(ctx.app, member, paid.json<Booking>().id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Booking>().paid_by_company).toBe(company.name);
    // Its page lists the company's charge and refund, as a wallet's booking lists the wallet's.
    const detail = (await read(paid.json<Booking>().booking_code)).json<BookingDetail>();
    const refund = -(await chargesOf(company.id)).find(
      (c) => c.kind === "refund" && c.ledger_key.startsWith(`booking:${detail.id}:`),
    )!.amount_minor;
    expect(detail.payments.map((p) => p.amount)).toEqual([detail.amount]);
    expect(detail.refunds.map((r) => r.amount * 100)).toEqual([refund]);
  });

  it("refuses a stranger and a removed member before any money moves", async () => {
    const { company, member } = await team();
    const stranger = await fundedUser(db, 1_000_000);
    const res = await bookWith(stranger, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You are not an active member of this company");
    await queryRows(
      db,
      sql`UPDATE company_members SET removed_at = now() WHERE id = ${member.memberId} RETURNING id`,
    );
    const fr = await bookWith(member, company.id, 2, "fr");
    expect(fr.statusCode).toBe(403);
    expect(fr.json().message).toBe("Vous n'êtes pas membre actif de cette entreprise");
    expect(await chargesOf(company.id)).toEqual([]);
  });

  it("refuses an unverified company", async () => {
    const company = await createCompany(db, { verified: false });
    const member = await createUser(db);
    await addMember(db, company.id, member);
    const res = await bookWith(member, company.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The company's billing e-mail is not verified yet");
  });

  it("names the company when its account is short", async () => {
    const { company, member } = await team(0);
    const res = await bookWith(member, company.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(new RegExp(`^${company.name}'s balance is too low`));
    const fr = await bookWith(member, company.id, 2, "fr");
    expect(fr.json().message).toMatch(new RegExp(`^Le solde de ${company.name} est insuffisant`));
  });

  it("refuses a booking above the per-booking maximum, in English and French", async () => {
    const { company, member } = await team();
    await setLimits(db, company.id, "NGN", { perBookingMinor: 100 });
    const res = await bookWith(member, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Your company allows bookings up to ₦1");
    const fr = await bookWith(member, company.id, 2, "fr");
    expect(fr.json().message).toMatch(/^Votre entreprise autorise les réservations jusqu'à 1\s₦$/);
    expect(await chargesOf(company.id)).toEqual([]);
  });

  it("refuses past the monthly cap per member, saying what is spent", async () => {
    const { company, member } = await team();
    const first = await bookWith(member, company.id, 1);
    expect(first.statusCode, first.body).toBe(201);
    const [spent] = await chargesOf(company.id);
    await setLimits(db, company.id, "NGN", { perMemberMonthMinor: Number(spent!.amount_minor) + 1 });
    const res = await bookWith(member, company.id, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^Your company allows up to ₦[\d,.]+ per member each month; ₦[\d,.]+ is already spent$/,
    );
    const fr = await bookWith(member, company.id, 1, "fr");
    expect(fr.json().message).toMatch(
      /^Votre entreprise autorise jusqu'à .+ par membre et par mois ; .+ est déjà dépensé$/,
    );
  });

  it("refuses another country, park type and hours, each in English and French", async () => {
    const { company, member } = await team();
    const refusal = async (language: string) => {
      const res = await bookWith(member, company.id, 2, language);
      expect(res.statusCode).toBe(403);
      return res.json().message as string;
    };
    await setPolicy(db, company.id, { countryIds: [2] });
    expect(await refusal("en")).toBe("Your company does not pay for parking in Nigeria");
    expect(await refusal("fr")).toBe(
      "Votre entreprise ne paie pas le stationnement dans ce pays\u00a0: Nigeria",
    );
    await setPolicy(db, company.id, { countryIds: null, parkTypes: ["no-such-type"] });
    expect(await refusal("en")).toBe("Your company does not pay for this type of park");
    expect(await refusal("fr")).toBe("Votre entreprise ne paie pas ce type de parking");
    await setPolicy(db, company.id, {
      parkTypes: null,
      hours: [{ weekday: 1, start: "00:00", end: "00:01" }],
    });
    expect(await refusal("en")).toBe("Your company does not pay for parking at this time");
    expect(await refusal("fr")).toBe("Votre entreprise ne paie pas le stationnement à cette heure");
    expect(await chargesOf(company.id)).toEqual([]);
  });

  it("leaves the company's accounts as they were when it refuses a booking in another currency", async () => {
    // A Senegalese company (its account in CFA francs) and a booking at a Nigerian park, in naira.
    const company = await createCompany(db, { countryId: 3 });
    const member = await fundedUser(db, 1_000_000);
    await addMember(db, company.id, member, "member", "Sales");
    await db.transaction((tx) =>
      companyTopUps.credit(servedCountries(db), tx, {
        companyId: company.id,
        userId: company.owner.id,
        provider: "paystack",
        currency: "XOF",
        amountMinor: 500_000,
        idempotencyKey: `topup:paystack:XOF-${company.id}`,
        reference: `XOF-${company.id}`,
        at: at(0),
      }),
    );
    const accounts = () =>
      queryRows<{ key: string; currency: string; balance_minor: string }>(
        db,
        sql`SELECT key, trim(currency) AS currency, balance_minor::text AS balance_minor FROM wallet_accounts
          WHERE kind = 'company_wallet' AND key LIKE ${`company:${company.id}:%`} ORDER BY key`,
      );
    const before = await accounts();
    expect(before.map((a) => a.currency)).toEqual(["XOF"]);
    // No naira to pay with: the 402, and no naira account left behind.
    const short = await bookWith(member, company.id);
    expect(short.statusCode, short.body).toBe(402);
    expect(await accounts()).toEqual(before);
    // Refused by its policy (Senegal only): the 403, and still nothing.
    await setPolicy(db, company.id, { countryIds: [3] });
    const refused = await bookWith(member, company.id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await accounts()).toEqual(before);
    expect(await chargesOf(company.id)).toEqual([]);
  });

  it("charges an extension to the company, and refuses it when the policy does not pay for extensions", async () => {
    const { company, member } = await team();
    const res = await bookWith(member, company.id, 2);
    const b = res.json<Booking>();
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const before = await companyBalance(db, company.id, "NGN");
    const ok = await extend(ctx.app, member, b, at(5 * HOUR));
    expect(ok.statusCode, ok.body).toBe(200);
    const charges = await chargesOf(company.id);
    expect(charges.map((c) => c.kind)).toEqual(["booking", "extension"]);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before - charges[1]!.amount_minor);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    await setPolicy(db, company.id, { switches: { extensions: false } });
    const refused = await extend(ctx.app, member, b, at(6 * HOUR));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Your company does not pay for extensions");
    const refusedFr = await extend(ctx.app, member, b, at(6 * HOUR), "fr");
    expect(refusedFr.json().message).toBe("Votre entreprise ne paie pas les prolongations");
    expect((await chargesOf(company.id)).length).toBe(2);
  });

  it("gives a cancellation's refund back to the company, with a credit note naming it", async () => {
    const { company, member } = await team();
    const res = await bookWith(member, company.id, 2, "en", 48);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const afterBooking = await companyBalance(db, company.id, "NGN");
    const cancelled = await setStatus(ctx.app, member, b.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const charges = await chargesOf(company.id);
    expect(charges.map((c) => c.kind)).toEqual(["booking", "refund"]);
    const refund = -charges[1]!.amount_minor;
    expect(refund).toBeGreaterThan(0);
    expect(await companyBalance(db, company.id, "NGN")).toBe(afterBooking + refund);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    const [note] = await queryRows<{
      kind: string;
      total_minor: string;
      buyer: { companyName: string | null };
    }>(db, sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${charges[1]!.ledger_key}`);
    expect(note!.kind).toBe("credit_note");
    expect(Number(note!.total_minor)).toBe(-refund);
    expect(note!.buyer.companyName).toBe(company.name);
    const mail = await mailOf(b, charges[1]!.ledger_key, "cancelled");
    expect(mail.text).toContain(`Refunded to ${company.name}: `);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${member.id}`);
    expect((await mailOf(b, charges[1]!.ledger_key, "cancelled")).text).toContain(
      `Remboursé à ${company.name}\u00a0: `,
    );
    // A change with no company charge under its key (a wallet's) speaks of the wallet.
    expect((await mailOf(b, `booking:${b.id}:9`, "booked")).text).toContain("portefeuille");
  });

  it("a checkout's company purchase is on the month's statement, its total equal to the ledger", async () => {
    const { company, member } = await team();
    const res = await bookWith(member, company.id, 3);
    expect(res.statusCode, res.body).toBe(201);
    const [charge] = await chargesOf(company.id);
    // The month of the purchase on the company's clock (Lagos), as the statement reads it.
    const [month] = await queryRows<{ m: string }>(
      db,
      sql`SELECT to_char(at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS m FROM company_charges
          WHERE ledger_key = ${charge!.ledger_key}`,
    );
    const paid = -(await companyLedgerSum(db, company.id, [charge!.ledger_key]));
    expect(paid).toBe(charge!.amount_minor);
    const csv = await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}/statements/${month!.m}.csv`,
      headers: bearer(company.owner),
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(rows.filter((r) => r[0] === "purchase").map((r) => r[7])).toEqual(["Sales"]);
    expect(rows.find((r) => r[0] === "total")![12]).toBe((paid / 100).toFixed(2));
  });
});
