import type { Booking, BookingDetail } from "@parkwell/contract";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { bearer } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { MAIL_WAIT, readMailbox } from "../../test/mailbox";
import { chargeWallet, walletBalanceMinor } from "../wallet/ledger.service";
import { completeEndedBookings } from "./bookings.service";
import { at, book, extend, fundedUser, HOUR, overbooked, setCapacity, setStatus } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-bookings-life-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
const subjects = async (email: string) =>
  (await readMailbox(ctx)).filter((m) => m.to.includes(email)).map((m) => m.subject);
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbooked(db)).toEqual([]);
});

const minor = (major: number) => Math.round(major * 100);
const detail = async (user: { token: string }, b: Booking) =>
  (
    await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) })
  ).json<BookingDetail>();

describe("extend", () => {
  it("charges the difference between the new total and what was paid, capacity checked over the new part", async () => {
    await setCapacity(db, 3, 1, 1);
    const user = await fundedUser(db);
    const b = (
      await book(ctx.app, user, { park_id: 3, start: at(2 * HOUR), end: at(4 * HOUR) })
    ).json<Booking>();
    const blocker = await fundedUser(db);
    expect(
      (await book(ctx.app, blocker, { park_id: 3, start: at(6 * HOUR), end: at(7 * HOUR) })).statusCode,
    ).toBe(201);
    const before = await walletBalanceMinor(db, user.id, "NGN");
    const res = await extend(ctx.app, user, b, at(5 * HOUR));
    expect(res.statusCode).toBe(200);
    const e = res.json<Booking>();
    expect(e.end_time).toBe(at(5 * HOUR).toISOString());
    expect(e.paid).toBe(e.amount);
    expect(before - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(minor(e.amount) - minor(b.amount));
    // [5h,7h) would meet the blocker at 6h with capacity 1.
    const blocked = await extend(ctx.app, user, e, at(7 * HOUR));
    expect(blocked.statusCode).toBe(409);
    expect((await extend(ctx.app, user, e, at(5 * HOUR))).statusCode).toBe(422);
    const d = await detail(user, e);
    expect(d.payments.map((p) => p.kind)).toEqual(["booking_charge", "booking_extension"]);
    await vi.waitFor(
      async () =>
        expect(await subjects(user.email)).toContain(`Your Parkwell booking ${b.booking_code} is extended`),
      MAIL_WAIT,
    );
  });

  it("refuses to extend a cancelled booking, and answers 402 when the wallet cannot pay the difference", async () => {
    const user = await fundedUser(db);
    const b = (await book(ctx.app, user, { start: at(2 * HOUR), end: at(3 * HOUR) })).json<Booking>();
    const drain = await walletBalanceMinor(db, user.id, "NGN");
    await db.transaction(async (tx) => {
      await chargeWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: drain,
        idempotencyKey: `drain:${user.id}`,
        // A test's own move, not a purchase: no receipt documents it.
        kind: "adjustment",
      });
    });
    const poor = await extend(ctx.app, user, b, at(6 * HOUR));
    expect(poor.statusCode).toBe(402);
    expect((await detail(user, b)).end_time).toBe(b.end_time);
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    expect((await extend(ctx.app, user, b, at(6 * HOUR))).statusCode).toBe(422);
  });
});

describe("cancel and renew", () => {
  it("refunds 100% of parking an hour or more ahead, fees kept; renew charges the refund again", async () => {
    const user = await fundedUser(db);
    const b = (await book(ctx.app, user, { start: at(3 * HOUR), end: at(5 * HOUR) })).json<Booking>();
    const paidBalance = await walletBalanceMinor(db, user.id, "NGN");
    const c = await setStatus(ctx.app, user, b.id, "cancelled");
    expect(c.statusCode).toBe(200);
    expect(c.json<Booking>()).toMatchObject({ status: "cancelled", cancellation: { allowed: false } });
    const refunded = (await walletBalanceMinor(db, user.id, "NGN")) - paidBalance;
    expect(refunded).toBe(minor(b.breakdown.parking));
    await vi.waitFor(
      async () =>
        expect(await subjects(user.email)).toContain(`Your Parkwell booking ${b.booking_code} is cancelled`),
      MAIL_WAIT,
    );
    const d = await detail(user, b);
    expect(d.refunds).toEqual([expect.objectContaining({ kind: "refund", amount: b.breakdown.parking })]);
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(422);
    const r = await setStatus(ctx.app, user, b.id, "active");
    expect(r.statusCode).toBe(200);
    expect(r.json<Booking>()).toMatchObject({ status: "active", paid: b.amount });
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(paidBalance);
  });

  it("refunds 50% less than an hour ahead, and refuses to cancel once started", async () => {
    const user = await fundedUser(db);
    const soon = (await book(ctx.app, user, { start: at(30 * 60_000), end: at(2 * HOUR) })).json<Booking>();
    expect(soon.cancellation).toMatchObject({ allowed: true, refund_percent: 50 });
    const before = await walletBalanceMinor(db, user.id, "NGN");
    expect((await setStatus(ctx.app, user, soon.id, "cancelled")).statusCode).toBe(200);
    expect((await walletBalanceMinor(db, user.id, "NGN")) - before).toBe(
      Math.floor(minor(soon.breakdown.parking) / 2),
    );
    const started = (await book(ctx.app, user, { start: at(-2 * 60_000), end: at(HOUR) })).json<Booking>();
    const late = await setStatus(ctx.app, user, started.id, "cancelled");
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toBe(
      "A booking cannot be cancelled after it has started",
    );
    expect((await setStatus(ctx.app, user, started.id, "completed")).statusCode).toBe(422);
    expect((await setStatus(ctx.app, user, "not-a-uuid", "cancelled")).statusCode).toBe(404);
  });

  it("renews only while space is free", async () => {
    await setCapacity(db, 4, 1, 1);
    const user = await fundedUser(db);
    const other = await fundedUser(db);
    const w = { park_id: 4, start: at(5 * HOUR), end: at(6 * HOUR) };
    const b = (await book(ctx.app, user, w)).json<Booking>();
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    expect((await book(ctx.app, other, w)).statusCode).toBe(201);
    const renew = await setStatus(ctx.app, user, b.id, "active");
    expect(renew.statusCode).toBe(409);
  });
});

describe("completion job", () => {
  it("moves ended active bookings to completed, once, and leaves the rest", async () => {
    const user = await fundedUser(db);
    const b = (await book(ctx.app, user, { start: at(HOUR), end: at(2 * HOUR) })).json<Booking>();
    const later = new Date(Date.now() + 400 * 24 * HOUR);
    const first = await completeEndedBookings(db, () => later);
    expect(first).toBeGreaterThan(0);
    expect(await completeEndedBookings(db, () => later)).toBe(0);
    expect((await detail(user, b)).status).toBe("completed");
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(422);
  });
});

describe("money property", () => {
  it("random sequences of book/extend/cancel/renew keep the ledger balanced and wallets equal to charges minus refunds", async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("book" as const),
        start: fc.integer({ min: 1, max: 40 }),
        len: fc.integer({ min: 1, max: 30 }),
      }),
      fc.record({ kind: fc.constant("extend" as const), i: fc.nat(), by: fc.integer({ min: 1, max: 10 }) }),
      fc.record({ kind: fc.constant("cancel" as const), i: fc.nat() }),
      fc.record({ kind: fc.constant("renew" as const), i: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await setCapacity(db, 5, 1, 2);
        const start = 100_000_000;
        const user = await fundedUser(db, start);
        const mine: Booking[] = [];
        for (const o of ops) {
          const pick = (i: number) => mine[i % Math.max(1, mine.length)];
          let res;
          if (o.kind === "book") {
            res = await book(ctx.app, user, {
              park_id: 5,
              start: at(o.start * HOUR),
              end: at((o.start + o.len) * HOUR),
            });
          } else if (!pick(o.i)) continue;
          else if (o.kind === "extend") {
            const b = pick(o.i)!;
            res = await extend(ctx.app, user, b, new Date(new Date(b.end_time).getTime() + o.by * HOUR));
          } else
            res = await setStatus(ctx.app, user, pick(o.i)!.id, o.kind === "cancel" ? "cancelled" : "active");
          expect([200, 201, 409, 422]).toContain(res.statusCode);
          if (res.statusCode < 300) {
            const b = res.json<Booking>();
            const idx = mine.findIndex((m) => m.id === b.id);
            if (idx >= 0) mine[idx] = b;
            else mine.push(b);
          }
        }
        const held = mine.reduce((sum, b) => sum + minor(b.paid), 0);
        expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start - held);
        expect(await ledgerViolations(db)).toEqual([]);
        expect(await receiptViolations(db)).toEqual([]);
        expect(await overbooked(db)).toEqual([]);
        await db.execute(
          sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = 5 AND status = 'active'`,
        );
      }),
      { numRuns: 15 },
    );
  });
});
