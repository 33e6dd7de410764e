/**
 * The rate a sale and its refund take (issue #65): each sale keeps the rate in force when it was
 * made, so a rate added later never changes it, and a cancellation's refund reverses the sale's
 * share at the sale's rate, not today's. Through the real booking and cancellation routes; after
 * each test the ledger's invariants hold, operators' accounts included.
 */
import type { Booking } from "@parkwell/contract";
import { dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayPark, book, fundedUser, HOUR, setStatus } from "../bookings/bookings.test-kit";

const DAY = 24 * HOUR;
let shift = 0;
const clock = () => new Date(Date.now() + shift);
let ctx: TestContext;
let db: Db;
let park: number;
let harbourview: number;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview });
  admin = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

interface Line {
  kind: string;
  gross_minor: string;
  commission_bps: number;
  commission_minor: string;
  amount_minor: string;
}
const linesOf = (code: string) =>
  queryRows<Line>(
    db,
    sql`SELECT kind, gross_minor::text, commission_bps, commission_minor::text, amount_minor::text
      FROM operator_lines WHERE reference = ${code} ORDER BY id`,
  );

/** A two-hour booking starting `startsIn` from the app's now, whole minutes. */
async function booked(driver: TestUser, startsIn: number): Promise<Booking> {
  const start = new Date(Math.ceil((clock().getTime() + startsIn) / 60_000) * 60_000);
  const res = await book(ctx.app, driver, {
    park_id: park,
    start,
    end: new Date(start.getTime() + 2 * HOUR),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ booking: Booking }>().booking ?? res.json<Booking>();
}

describe("a sale's rate", () => {
  it("is the one in force when it was made: a refund after a rate change reverses at the sale's rate", async () => {
    let driver = await fundedUser(db);
    const b = await booked(driver, 4 * DAY);
    const [sale] = await linesOf(b.booking_code);
    expect(sale).toMatchObject({ kind: "sale", commission_bps: 1500 });
    const gross = Number(sale!.gross_minor);
    expect(Number(sale!.commission_minor)).toBe(Math.round((gross * 1500) / 10_000));

    // From tomorrow, 5 % on hourly bookings: today's sale is not touched.
    const tomorrow = dayOnClock(new Date(clock().getTime() + DAY), "Africa/Lagos");
    const set = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/operators/${harbourview}/commission`,
      headers: bearer(admin),
      payload: { rate_bps: 500, product: "hourly", effective_from: tomorrow },
    });
    expect(set.statusCode).toBe(200);
    expect(await linesOf(b.booking_code)).toEqual([sale]);

    // Two days on, the new rate is in force; the booking is cancelled and refunded.
    shift = 2 * DAY;
    driver = await signInAgain(db, driver);
    const cancelled = await setStatus(ctx.app, driver, String(b.id), "cancelled");
    expect(cancelled.statusCode).toBe(200);
    const lines = await linesOf(b.booking_code);
    expect(lines).toHaveLength(2);
    const refund = lines[1]!;
    expect(refund.kind).toBe("refund");
    expect(refund.commission_bps).toBe(1500);
    const back = Number(refund.gross_minor);
    expect(back).toBeLessThan(0);
    expect(Number(refund.commission_minor)).toBe(-Math.round((-back * 1500) / 10_000));
    expect(Number(refund.amount_minor)).toBe(back - Number(refund.commission_minor));

    // A sale made now takes the new rate.
    const later = await booked(driver, 3 * DAY);
    expect((await linesOf(later.booking_code))[0]).toMatchObject({ kind: "sale", commission_bps: 500 });
  });
});
