import type { Booking, BookingDetail } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { at, book, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

/**
 * What a cancellation gives back and keeps, line by line (parking back, parking kept, service fee,
 * booking fee, tax), before it (the preview) and after it (the flash), against the ledger.
 */
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

const cents = (n: number) => Math.round(n * 100);
const detail = async (user: { token: string }, code: string) =>
  (await ctx.app.inject({ url: `/api/v1/bookings/${code}`, headers: bearer(user) })).json<BookingDetail>();

describe("a cancellation's lines", () => {
  it.each([
    { when: "an hour or more before the start", startIn: 3 * HOUR, percent: 100 },
    { when: "inside the last hour", startIn: 30 * 60_000, percent: 50 },
  ])(
    "$when: what comes back and what is kept add up to what was paid, before and after",
    async ({ startIn, percent }) => {
      const user = await fundedUser(db);
      const before = await walletBalanceMinor(db, user.id, "NGN");
      const res = await book(ctx.app, user, { start: at(startIn), end: at(startIn + 3 * HOUR) });
      expect(res.statusCode).toBe(201);
      const b = res.json<Booking>();
      const br = b.breakdown;
      const back = Math.floor((cents(br.parking) * percent) / 100) / 100;
      const keptParking = Math.round((br.parking - back) * 100) / 100;
      const keptTotal = Math.round((b.paid - back) * 100) / 100;
      const lines = {
        refund: { parking: back, service_fee: 0, booking_fee: 0, tax: 0, total: back },
        kept: {
          parking: keptParking,
          service_fee: br.service_fee,
          booking_fee: br.booking_fee,
          tax: br.tax,
          total: keptTotal,
        },
      };
      // Before: the preview the page shows.
      expect(b.cancellation).toMatchObject({
        allowed: true,
        refund_percent: percent,
        refund_amount: back,
        ...lines,
      });
      expect(cents(keptParking) + cents(br.service_fee) + cents(br.booking_fee) + cents(br.tax)).toBe(
        cents(keptTotal),
      );

      expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
      // After: the same lines, and the ledger agrees: the refund is the wallet's move, the kept the paid.
      const d = await detail(user, b.booking_code);
      expect(d.cancellation).toMatchObject({ allowed: false, ...lines });
      expect(d.refunds.map((r) => r.amount)).toEqual([back]);
      expect(d.paid).toBe(keptTotal);
      expect(before - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(cents(keptTotal));
    },
  );
});
