/**
 * The space guarantee for a booking a company paid (decision 058): its offer lists the parks nearby
 * as a wallet's does, and the rebooking moves on the company's account: the first booking's money
 * back to it, the guarantee's difference credited to it, the new booking charged to it for the same
 * member and cost centre; the driver's wallet never moves. On PGlite and PostgreSQL.
 */
import type { Booking, BookingDetail, BookingOffer } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, HOUR } from "../bookings/bookings.test-kit";
import { addMember, companyBalance, createCompany } from "../companies/companies.test-kit";
import { fundCompany } from "../companies/company-money.test-kit";
import { monthOn } from "../companies/company-statement.domain";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { localDays, parkZone } from "./guarantee.test-kit";

let ctx: TestContext;
let db: Db;
let manager: TestUser;
let parks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const own = new Set(await parksOf(db, harbourview));
  parks = (await allDayParks(db, 200)).filter((id) => own.has(id));
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
});
afterAll(async () => {
  await ctx?.close();
});

const call = (
  user: TestUser,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
  headers = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(user), ...headers },
    ...(payload ? { payload } : {}),
  });

/** The member's company_charges rows, in order: what the member's month counts. */
const memberRows = (companyId: number, userId: string) =>
  queryRows<{ kind: string; amount: number; cost_centre: string }>(
    db,
    sql`SELECT kind, amount_minor::int AS amount, cost_centre FROM company_charges
      WHERE company_id = ${companyId} AND user_id = ${userId} ORDER BY id`,
  );

describe("the space guarantee for a booking a company paid", () => {
  it("offers the parks nearby and moves the booking on the company's account, the difference paid by the guarantee", async () => {
    const parkId = parks[0]!;
    const zone = await parkZone(db, parkId);
    const company = await createCompany(db);
    const driver = await createUser(db);
    await addMember(db, company.id, driver, "member", "Field sales");
    await fundCompany(db, company.id, company.owner.id, 50_000_000, new Date());
    const res = await call(driver, "POST", "/bookings", {
      park_id: parkId,
      vehicle_type_id: 1,
      plate_number: "GCO 101 AA",
      start_time: at(26 * HOUR).toISOString(),
      end_time: at(28 * HOUR).toISOString(),
      company_id: company.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<Booking>();
    expect(first.paid_by_company).toBe(company.name);

    const saved = await call(manager, "PATCH", `/admin/parks/${parkId}`, {
      closures: localDays(zone, [at(26 * HOUR)]),
      confirm_closures: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const offer = (await call(driver, "GET", `/booking-offers/${first.booking_code}`)).json<BookingOffer>();
    expect(offer).toMatchObject({ status: "open", cause: "closure" });
    expect(offer.alternatives.length).toBeGreaterThan(0);
    const target = offer.alternatives[0]!;
    // The nearest park costs more than was paid: the guarantee pays the difference, to the company.
    await db.execute(sql`UPDATE park_rates SET hourly_minor = hourly_minor * 3, daily_max_minor = daily_max_minor * 3
      WHERE park_id = ${target.park_id} AND vehicle_type_id = 1 AND kind = 'standard'`);
    const priced = (await call(driver, "GET", `/booking-offers/${first.booking_code}`)).json<BookingOffer>();
    const choice = priced.alternatives.find((a) => a.park_id === target.park_id)!;
    expect(choice.covered).toBeGreaterThan(0);

    const wallet = await walletBalanceMinor(db, driver.id, "NGN");
    const account = await companyBalance(db, company.id, "NGN");
    const moved = await call(
      driver,
      "POST",
      `/booking-offers/${first.booking_code}/rebook`,
      { park_id: target.park_id },
      { "idempotency-key": "company-rebook-0001" },
    );
    expect(moved.statusCode, moved.body).toBe(201);
    const rebooked = moved.json<Booking>();
    expect(rebooked).toMatchObject({ paid_by_company: company.name, start_time: first.start_time });
    expect(rebooked.amount).toBeCloseTo(choice.price, 6);
    // The company's account is where it was (its money back, the difference credited, the new
    // booking charged); the driver's wallet never moved.
    expect(await companyBalance(db, company.id, "NGN")).toBe(account);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet);
    // The member's month counts what the company paid: the first booking, net of everything since.
    const rows = await memberRows(company.id, driver.id);
    const paidMinor = Math.round(first.paid * 100);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(paidMinor);
    expect(rows.map((r) => [r.kind, r.cost_centre])).toEqual([
      ["booking", "Field sales"],
      ["refund", "Field sales"],
      ["booking", "Field sales"],
      ["refund", "Field sales"],
    ]);
    // The new booking's page says the company paid; its receipt names it.
    const page = await call(driver, "GET", `/bookings/${rebooked.booking_code}`);
    expect(page.json<BookingDetail>()).toMatchObject({ paid_by_company: company.name, open_offer: null });
    const [receipt] = await queryRows<{ buyer: string }>(
      db,
      sql`SELECT buyer::text AS buyer FROM receipts WHERE ledger_key = ${`booking:${rebooked.id}:1`}`,
    );
    expect(receipt?.buyer).toContain(company.name);
    // The month's statement lists the guarantee's credit apart (no receipt: nothing was sold).
    const month = monthOn(new Date(), "Africa/Lagos");
    const csv = await call(company.owner, "GET", `/business/companies/${company.id}/statements/${month}.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const credit = csv.body.split("\r\n").filter((l) => l.startsWith("guarantee_credit,"));
    expect(credit).toHaveLength(1);
    expect(credit[0]).toContain(rebooked.booking_code);
    expect(credit[0]!.endsWith(`,${choice.covered.toFixed(2)}`)).toBe(true);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("takes no rebooking on the account of a company the driver has left (403): the refund stays", async () => {
    const parkId = parks[1]!;
    const zone = await parkZone(db, parkId);
    const company = await createCompany(db);
    const driver = await createUser(db);
    await addMember(db, company.id, driver);
    await fundCompany(db, company.id, company.owner.id, 50_000_000, new Date());
    const res = await call(driver, "POST", "/bookings", {
      park_id: parkId,
      vehicle_type_id: 1,
      plate_number: "GCO 202 AA",
      start_time: at(50 * HOUR).toISOString(),
      end_time: at(52 * HOUR).toISOString(),
      company_id: company.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<Booking>();
    expect(
      (
        await call(manager, "PATCH", `/admin/parks/${parkId}`, {
          closures: localDays(zone, [at(50 * HOUR)]),
          confirm_closures: true,
        })
      ).statusCode,
    ).toBe(200);
    await db.execute(
      sql`UPDATE company_members SET removed_at = now() WHERE company_id = ${company.id} AND user_id = ${driver.id}`,
    );
    const offer = (await call(driver, "GET", `/booking-offers/${first.booking_code}`)).json<BookingOffer>();
    const moved = await call(driver, "POST", `/booking-offers/${first.booking_code}/rebook`, {
      park_id: offer.alternatives[0]!.park_id,
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect((await call(driver, "GET", `/booking-offers/${first.booking_code}`)).json()).toMatchObject({
      status: "open",
    });
    const account = await companyBalance(db, company.id, "NGN");
    const refunded = await call(driver, "POST", `/booking-offers/${first.booking_code}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await companyBalance(db, company.id, "NGN")).toBe(account + Math.round(first.paid * 100));
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });
});
