// Pay the difference (docs/decisions/026-pay-the-difference.md): a short wallet holds the window
// under the capacity lock while a top-up of what is missing is paid; paid, it is booked.
import { createCoupon } from "../../test/coupons";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bookingHolds } from "../../db/schema/index";
import { bearer, createStaff, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { usePaymentsContext } from "../../test/payments-context";
import { createEvent } from "../../test/events";
import { bookEvent } from "./event-bookings.test-kit";
import { expireHolds, lockForCompletion } from "./hold.service";
import {
  allDayParks,
  at,
  book,
  fund,
  fundedUser,
  holdWindow,
  HOUR,
  overbooked,
  setCapacity,
} from "./bookings.test-kit";

const MINUTE = 60_000;
const minor = (major: number) => Math.round(major * 100);

describe("pay the difference (demo provider)", () => {
  let ctx: TestContext;
  let db: Db;
  let parks: number[];
  /** The app's clock runs this far ahead of the process's (a hold's expiry is tested by moving it). */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    db = ctx.database.db;
    parks = await allDayParks(db, 10);
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    shift = 0;
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    expect(await overbooked(db)).toEqual([]);
  });

  const hold = (u: TestUser, parkId: number, start: Date, end: Date, extra: object = {}, headers = {}) =>
    holdWindow(ctx.app, u, parkId, start, end, extra, headers);
  const verify = (u: TestUser, reference: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(u),
      query: { payment_reference: reference, payment_provider: "demo" },
    });
  const wallet = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data;
  const history = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet/transactions?page=1&size=50", headers: bearer(u) })).json()
      .data.items as { type: string; amount: number }[];
  const count = async (table: "booking_holds" | "payments" | "bookings", userId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${userId}`,
        )
      )[0]!.n,
    );

  it("holds the window, and the demo payment of the difference books it; the ledger balances", async () => {
    const park = parks[0]!;
    await setCapacity(db, park, 1, 1);
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(5 * HOUR);
    // An empty wallet: booking is the 402 naming what is missing.
    const short = await book(ctx.app, u, { park_id: park, start, end });
    expect(short.statusCode).toBe(402);
    const missing = Number(short.json().fields.amount_missing);

    const res = await hold(u, park, start, end);
    expect(res.statusCode).toBe(201);
    const h = res.json();
    const { min_topup } = await wallet(u);
    expect(h).toMatchObject({
      status: "held",
      currency: "NGN",
      balance: 0,
      amount_missing: missing,
      total: missing,
      top_up_amount: Math.max(missing, min_topup),
      raised_to_minimum: min_topup > missing,
      payment: { provider: "demo", amount: Math.max(missing, min_topup), currency: "NGN" },
    });
    expect(h.payment.payment_info.payment_url).toBe(
      `/payment?reference=${h.payment.reference}&provider=demo`,
    );
    expect(Date.parse(h.expires_at) - clock().getTime()).toBeGreaterThan(29 * MINUTE);
    // Held, not booked: the driver's bookings do not list it, its page is not found.
    expect(
      (await ctx.app.inject({ url: `/api/v1/bookings/${h.booking_code}`, headers: bearer(u) })).statusCode,
    ).toBe(404);
    expect(await count("bookings", u.id)).toBe(0);

    const paid = await verify(u, h.payment.reference);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "success",
      data: { credited: true, booking: { booking_code: h.booking_code, status: "booked" } },
    });
    const booking = (
      await ctx.app.inject({ url: `/api/v1/bookings/${h.booking_code}`, headers: bearer(u) })
    ).json();
    expect(booking).toMatchObject({
      booking_code: h.booking_code,
      status: "active",
      amount: missing,
      paid: missing,
    });
    const after = await wallet(u);
    expect(after.balance).toBeCloseTo(h.top_up_amount - missing, 6);
    expect(paid.json().data.new_balance).toBeCloseTo(after.balance, 6);
    const lines = await history(u);
    expect(lines.map((l) => l.type).sort()).toEqual(["booking_charge", "topup"]);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBeCloseTo(after.balance, 6);

    // Again: nothing more is credited or charged.
    const again = await verify(u, h.payment.reference);
    expect(again.json()).toMatchObject({
      status: "success",
      data: { credited: false, booking: { status: "booked" } },
    });
    expect((await wallet(u)).balance).toBe(after.balance);
    expect(await history(u)).toHaveLength(2);
    expect(await count("bookings", u.id)).toBe(1);
  });

  it("holds at the coupon's price: the top-up pays the discounted total and its booking counts the use once", async () => {
    const park = parks[9]!;
    await setCapacity(db, park, 1, 5);
    const admin = await createStaff(db, "admin");
    const c = await createCoupon(ctx.app, admin, { kinds: ["booking"], discount: 50 });
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(5 * HOUR);
    const full = Number((await book(ctx.app, u, { park_id: park, start, end })).json().fields.amount_missing);
    const short = await book(ctx.app, u, { park_id: park, start, end, coupon_code: c.code });
    expect(short.statusCode).toBe(402);
    const missing = Number(short.json().fields.amount_missing);
    expect(missing).toBeLessThan(full);
    // A code that does not apply is refused before anything is held.
    const refused = await hold(u, park, start, end, { coupon_code: "NOPE-123" });
    expect(refused.statusCode).toBe(422);
    expect(await count("booking_holds", u.id)).toBe(0);

    const res = await hold(u, park, start, end, { coupon_code: c.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json();
    expect(h.total).toBe(missing);
    // Verified twice (a retried settle): one booking, one use.
    expect((await verify(u, h.payment.reference)).statusCode).toBe(200);
    expect((await verify(u, h.payment.reference)).statusCode).toBe(200);
    const booking = (
      await ctx.app.inject({ url: `/api/v1/bookings/${h.booking_code}`, headers: bearer(u) })
    ).json();
    expect(booking).toMatchObject({ amount: missing, breakdown: { coupon_code: c.code } });
    const uses = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = ${c.id} AND purchase_id = ${booking.id}`,
    );
    expect(uses[0]!.n).toBe(1);
    // The settle's lock step run again on the booked hold (a retried completion): the coupon's one
    // use per driver is the hold's own, which is not counted, so it still finds its use left.
    const [row] = await db.select().from(bookingHolds).where(eq(bookingHolds.id, booking.id));
    const locked = await db.transaction((tx) => lockForCompletion(tx, row!));
    expect(locked.coupon).toEqual({ couponId: c.id, useLeft: true });
    expect(locked.park).toMatchObject({ id: park, countryId: expect.any(Number) });
  });

  it("two holds quoted with a coupon's last use, both paid: one is booked, the other books nothing and the money stays", async () => {
    const park = parks[8]!;
    await setCapacity(db, park, 1, 5);
    const admin = await createStaff(db, "admin");
    const c = await createCoupon(ctx.app, admin, { kinds: ["booking"], discount: 50, limit_per_user: 1 });
    const u = await createUser(db);
    // Both quoted before either is paid: the use is counted when a payment books one.
    const first = (await hold(u, park, at(3 * HOUR), at(4 * HOUR), { coupon_code: c.code })).json();
    const second = (await hold(u, park, at(6 * HOUR), at(7 * HOUR), { coupon_code: c.code })).json();
    expect([first.status, second.status]).toEqual(["held", "held"]);
    expect((await verify(u, first.payment.reference)).json()).toMatchObject({
      data: { booking: { status: "booked" } },
    });
    const late = await verify(u, second.payment.reference);
    expect(late.json()).toMatchObject({
      data: { credited: true, booking: { status: "not_booked", reason: "coupon_used_up" } },
    });
    expect(late.json().message).toBe(
      "Payment verified, but your coupon was used as many times as it allows meanwhile, so nothing was booked: the money is in your wallet",
    );
    // Verified again: still one booking and one use; the second top-up is in the wallet.
    expect((await verify(u, second.payment.reference)).json()).toMatchObject({
      data: { booking: { status: "not_booked", reason: "coupon_used_up" } },
    });
    expect(await count("bookings", u.id)).toBe(1);
    const uses = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = ${c.id}`,
    );
    expect(uses[0]!.n).toBe(1);
    // What the first top-up left over (raised to the minimum top-up), and the whole second one.
    const kept = minor(first.top_up_amount) - minor(first.total) + minor(second.top_up_amount);
    expect(minor((await wallet(u)).balance)).toBe(kept);
  });

  it("a difference below the country's minimum top-up is raised to it, and the rest stays in the wallet", async () => {
    const park = parks[7]!;
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const missing = Number(
      (await book(ctx.app, u, { park_id: park, start, end })).json().fields.amount_missing,
    );
    // The driver has all but 1 NGN; the country's minimum top-up is more than that.
    await fund(db, u.id, Math.round((missing - 1) * 100));
    const min = Number(
      (
        await queryRows<{ min: number }>(
          db,
          sql`SELECT min_topup_minor::int AS min FROM fees WHERE country_id = 1`,
        )
      )[0]!.min,
    );
    expect(min).toBeGreaterThan(100);
    const res = await hold(u, park, start, end);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount_missing: 1,
      top_up_amount: min / 100,
      raised_to_minimum: true,
      payment: { amount: min / 100 },
    });
    await verify(u, res.json().payment.reference);
    expect((await wallet(u)).balance).toBeCloseTo(min / 100 - 1, 6);
    expect(await count("bookings", u.id)).toBe(1);
  });

  it("a live hold takes the space: another driver is refused until it expires, then books it", async () => {
    const park = parks[1]!;
    await setCapacity(db, park, 1, 1);
    const a = await createUser(db);
    const b = await fundedUser(db);
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const h = (await hold(a, park, start, end)).json();
    expect(h.status).toBe("held");
    const refused = await book(ctx.app, b, { park_id: park, start, end });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("no_capacity");
    const avail = await ctx.app.inject({
      url: `/api/v1/front/parks/${park}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
    });
    expect(avail.json().available).toBe(0);
    // A second hold of the space is refused the same way.
    const c = await createUser(db);
    expect((await hold(c, park, start, end)).json().code).toBe("no_capacity");

    // Past its expiry the hold counts for nothing, before any job has marked it.
    shift = 31 * MINUTE;
    const booked = await book(ctx.app, b, { park_id: park, start, end });
    expect(booked.statusCode).toBe(201);
    // The late payment is credited, but the space is gone: the money stays in the wallet.
    const late = await verify(a, h.payment.reference);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({
      status: "success",
      data: { credited: true, booking: { status: "not_booked", reason: "full" } },
    });
    expect(late.json().message).toMatch(/money is in your wallet/);
    // Asked again, in French: the same outcome, said in the request's language.
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: { ...bearer(a), "accept-language": "fr" },
      query: { payment_reference: h.payment.reference, payment_provider: "demo" },
    });
    expect(fr.json()).toMatchObject({ data: { credited: false, booking: { status: "not_booked" } } });
    expect(fr.json().message).toMatch(/^Paiement vérifié, mais la place a été prise/);
    expect((await wallet(a)).balance).toBe(h.top_up_amount);
    expect(await count("bookings", a.id)).toBe(0);
  });

  it("an expired hold paid late is booked when the space is still free", async () => {
    const park = parks[2]!;
    await setCapacity(db, park, 1, 1);
    const u = await createUser(db);
    const h = (await hold(u, park, at(3 * HOUR), at(4 * HOUR))).json();
    shift = 31 * MINUTE;
    expect(await expireHolds(db, clock)).toBeGreaterThanOrEqual(1);
    const late = await verify(u, h.payment.reference);
    expect(late.json().data.booking).toEqual({ booking_code: h.booking_code, status: "booked" });
    expect(await count("bookings", u.id)).toBe(1);
  });

  it("a payment never made: the hold expires, frees the space and nothing is charged", async () => {
    const park = parks[3]!;
    await setCapacity(db, park, 1, 1);
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const h = (await hold(u, park, start, end)).json();
    shift = 31 * MINUTE;
    // The every-minute job marks it (as its cron tick would send it).
    await ctx.app.jobs.send(db, "bookings-complete", {});
    await ctx.app.jobs.runDue(["bookings-complete"]);
    const [row] = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM booking_holds WHERE booking_code = ${h.booking_code}`,
    );
    expect(row!.status).toBe("expired");
    expect((await wallet(u)).balance).toBe(0);
    expect(await history(u)).toEqual([]);
    const other = await fundedUser(db);
    expect((await book(ctx.app, other, { park_id: park, start, end })).statusCode).toBe(201);
  });

  it("bad input is a clear 4xx and writes nothing", async () => {
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const unknown = await hold(u, 999_999, start, end);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields.park_id).toBe("Park not found");
    const backwards = await hold(u, parks[4]!, end, start);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().code).toBe("window_not_bookable");
    const past = await hold(u, parks[4]!, at(-3 * HOUR), at(-2 * HOUR));
    expect(past.statusCode).toBe(422);
    const noTimes = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/hold",
      headers: bearer(u),
      payload: { park_id: parks[4], vehicle_type_id: 1 },
    });
    expect(noTimes.statusCode).toBe(422);
    expect(await count("booking_holds", u.id)).toBe(0);
    expect(await count("payments", u.id)).toBe(0);
    // A wallet that covers the price books directly.
    const rich = await fundedUser(db);
    const covered = await hold(rich, parks[4]!, start, end);
    expect(covered.statusCode).toBe(409);
    expect(covered.json().code).toBe("funds_available");
    expect(await count("payments", rich.id)).toBe(0);
    // Without a token: 401.
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/v1/bookings/hold", payload: {} })).statusCode,
    ).toBe(401);
  });

  it("a held plate is busy for its window; the same Idempotency-Key answers the same hold", async () => {
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const key = { "idempotency-key": `hold-${u.id}` };
    const first = await hold(u, parks[5]!, start, end, { plate_number: "LAG-123-AB" }, key);
    expect(first.statusCode).toBe(201);
    const twin = await hold(u, parks[5]!, start, end, { plate_number: "LAG-123-AB" }, key);
    expect(twin.statusCode).toBe(201);
    expect(twin.headers["idempotent-replayed"]).toBe("true");
    expect(twin.json().booking_code).toBe(first.json().booking_code);
    expect(twin.json().payment.reference).toBe(first.json().payment.reference);
    const other = await hold(u, parks[5]!, start, at(5 * HOUR), { plate_number: "LAG-123-AB" }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("idempotency_key_reused");
    // The same plate elsewhere in the window: busy, whether held or booked.
    const busyHold = await hold(u, parks[6]!, start, end, { plate_number: "LAG-123-AB" });
    expect(busyHold.json().code).toBe("vehicle_busy");
    await fund(db, u.id, 10_000_000);
    const busyBooking = await book(ctx.app, u, {
      park_id: parks[6]!,
      start,
      end,
      plate_number: "LAG-123-AB",
    });
    expect(busyBooking.statusCode).toBe(409);
    expect(busyBooking.json().code).toBe("vehicle_busy");
    // An event's parking in the window too: book_event_space checks the driver's live holds.
    const ev = await createEvent(db, { start, end, parks: [{ parkId: parks[7]! }] });
    const busyEvent = await bookEvent(ctx.app, u, {
      event_code: ev.code,
      park_id: parks[7]!,
      plate_number: "LAG-123-AB",
    });
    expect(busyEvent.statusCode, busyEvent.body).toBe(409);
    expect(busyEvent.json().code).toBe("vehicle_busy");
    expect(await count("bookings", u.id)).toBe(0);
    expect(await count("booking_holds", u.id)).toBe(1);
  });

  it("POST /api/create-payment-intent answers in demo mode through the demo provider", async () => {
    const us = await createUser(db, { countryId: 4 });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { ...bearer(us), "idempotency-key": randomUUID() },
      payload: { amount: 25, currency: "USD" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      provider: "demo",
      amount: 25,
      currency: "USD",
      payment_intent_id: body.reference,
      client_secret: `${body.reference}_secret_demo`,
      payment_url: `/payment?reference=${body.reference}&provider=demo`,
    });
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(us),
      query: { payment_reference: body.reference },
    });
    expect(paid.json()).toMatchObject({ status: "success", data: { credited: true, new_balance: 25 } });
    // Card payments are for card wallets, in demo mode too.
    const ng = await ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { ...bearer(await createUser(db)), "idempotency-key": randomUUID() },
      payload: { amount: 1000, currency: "NGN" },
    });
    expect(ng.statusCode).toBe(422);
  });
});

describe("pay the difference through a provider's webhook (Paystack fake)", () => {
  const payments = usePaymentsContext();
  const holdAt = (u: TestUser, park: number, start: Date) =>
    holdWindow(payments.ctx.app, u, park, start, new Date(start.getTime() + HOUR));

  it("a provider that cannot be reached: a clear 502, and the space is not kept", async () => {
    const ctx = payments.ctx;
    const db = ctx.database.db;
    const [, park] = await allDayParks(db, 2);
    await setCapacity(db, park!, 1, 1);
    const start = at(5 * HOUR);
    ctx.paystack.behaviour.mode = "down";
    const down = await holdAt(await createUser(db), park!, start);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe("provider_unavailable");
    ctx.paystack.behaviour.mode = "ok";
    const other = await fundedUser(db);
    expect(
      (await book(ctx.app, other, { park_id: park!, start, end: new Date(start.getTime() + HOUR) }))
        .statusCode,
    ).toBe(201);
  });

  it("the webhook books the hold; verify afterwards charges nothing more", async () => {
    const ctx = payments.ctx;
    const db = ctx.database.db;
    const [park] = await allDayParks(db, 1);
    const u = await createUser(db);
    const start = at(3 * HOUR);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/hold",
      headers: bearer(u),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + HOUR).toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h.payment.provider).toBe("paystack");
    // Paystack's checkout is payable for a day: the hold lasts as long.
    expect(Date.parse(h.expires_at) - Date.now()).toBeGreaterThan(23 * HOUR);
    ctx.paystack.complete(h.payment.reference);
    expect(await ctx.paystack.sendWebhook(h.payment.reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await ctx.paystack.sendWebhook(h.payment.reference, ctx.webhookUrl("paystack"))).toBe(200);
    const verified = await payments.verify(u, h.payment.reference, "paystack");
    expect(verified.json()).toMatchObject({
      status: "success",
      data: { credited: false, booking: { booking_code: h.booking_code, status: "booked" } },
    });
    const charges = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions
            WHERE reference = ${h.booking_code} AND kind = 'booking_charge'`,
    );
    expect(Number(charges[0]!.n)).toBe(1);
    expect(await payments.balance(u)).toBeCloseTo(h.top_up_amount - h.total, 6);
  });
});
