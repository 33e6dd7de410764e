// One tap at checkout (decision 069): a saved card pays a short wallet's difference at once, through
// the one pay-the-difference start and the one settle; the demo provider keeps cards as a real one.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import {
  allDayParks,
  at,
  book,
  holdWindow,
  HOUR,
  overbooked,
  setCapacity,
} from "../bookings/bookings.test-kit";

describe("one tap at checkout with a saved card (demo provider)", () => {
  let ctx: TestContext;
  let db: Db;
  let parks: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    parks = await allDayParks(db, 3);
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    expect(await overbooked(db)).toEqual([]);
  });

  const wallet = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data;
  const cards = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet/cards", headers: bearer(u) })).json().data;
  const payments = (userId: string) =>
    queryRows<{ status: string; saved_card_id: string | null; failure_reason: string | null }>(
      db,
      sql`SELECT status, saved_card_id, failure_reason FROM payments WHERE user_id = ${userId} ORDER BY created_at`,
    );

  /** A driver who topped up once with "save my card": the demo's Visa ending 4242 is kept. */
  async function driverWithCard() {
    const u = await createUser(db);
    const started = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(u), "idempotency-key": randomUUID() },
      payload: { amount: 500, save_card: true },
    });
    expect(started.statusCode).toBe(200);
    const { reference } = started.json().data;
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(u),
      query: { payment_reference: reference, payment_provider: "demo" },
    });
    expect(paid.json().data.credited).toBe(true);
    // The card is asked of the provider by a job, after the credit.
    expect((await cards(u)).cards).toEqual([]);
    await ctx.app.jobs.runDue(["saved-card"]);
    const kept = await cards(u);
    expect(kept).toMatchObject({ available: true, provider: "demo", auto_reload: null });
    expect(kept.cards).toEqual([
      expect.objectContaining({ provider: "demo", brand: "visa", last4: "4242", exp_month: 12 }),
    ]);
    // The job again (at least once) keeps one card.
    await ctx.app.jobs.runDue(["saved-card"]);
    expect((await cards(u)).cards).toHaveLength(1);
    return { u, cardId: kept.cards[0].id as string };
  }

  it("books a window the wallet is short of at once: the card pays the difference, the space is booked", async () => {
    const park = parks[0]!;
    await setCapacity(db, park, 1, 1);
    const { u, cardId } = await driverWithCard();
    const start = at(3 * HOUR);
    const end = at(30 * HOUR);
    const short = await book(ctx.app, u, { park_id: park, start, end });
    expect(short.statusCode).toBe(402);
    const key = randomUUID();
    const res = await holdWindow(
      ctx.app,
      u,
      park,
      start,
      end,
      { card_id: cardId },
      { "idempotency-key": key },
    );
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h.payment.payment_info).toMatchObject({ charged: true, card: { brand: "visa", last4: "4242" } });
    // Booked in the same request: no provider page, no wait.
    const booking = await ctx.app.inject({ url: `/api/v1/bookings/${h.booking_code}`, headers: bearer(u) });
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({ status: "active", paid: h.total });
    expect((await wallet(u)).balance).toBeCloseTo(500 + h.top_up_amount - h.total, 6);
    // The same key again answers the same hold and charges nothing more.
    const again = await holdWindow(
      ctx.app,
      u,
      park,
      start,
      end,
      { card_id: cardId },
      { "idempotency-key": key },
    );
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().booking_code).toBe(h.booking_code);
    const rows = await payments(u.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: "succeeded", saved_card_id: cardId });
    // The same key with another card is another request: refused.
    const other = await holdWindow(
      ctx.app,
      u,
      park,
      start,
      end,
      { card_id: randomUUID() },
      { "idempotency-key": key },
    );
    expect(other.statusCode).toBe(422);
  });

  it("refuses a card that is not the driver's, keeping nothing (no hold, no payment)", async () => {
    const park = parks[1]!;
    const { cardId } = await driverWithCard();
    const stranger = await createUser(db);
    const res = await holdWindow(ctx.app, stranger, park, at(3 * HOUR), at(30 * HOUR), { card_id: cardId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "card_not_found", message: "This card was not found" });
    expect(await payments(stranger.id)).toEqual([]);
    const holds = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM booking_holds WHERE user_id = ${stranger.id}`,
    );
    expect(holds[0]!.n).toBe(0);
  });

  it("a removed card no longer pays; its reload stops with it", async () => {
    const { u, cardId } = await driverWithCard();
    const reload = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/wallet/auto-reload",
      headers: bearer(u),
      payload: { card_id: cardId, threshold: 1000, amount: 2000 },
    });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().data.auto_reload).toMatchObject({ card_id: cardId, threshold: 1000, amount: 2000 });
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/wallet/cards/${cardId}`,
      headers: bearer(u),
    });
    expect(removed.statusCode).toBe(204);
    expect(await cards(u)).toMatchObject({ cards: [], auto_reload: null });
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(u), "idempotency-key": randomUUID() },
      payload: { amount: 1000, card_id: cardId },
    });
    expect(paid.statusCode).toBe(404);
    expect((await wallet(u)).balance).toBe(500);
    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/wallet/cards/${cardId}`,
      headers: bearer(u),
    });
    expect(again.statusCode).toBe(404);
  });
});
