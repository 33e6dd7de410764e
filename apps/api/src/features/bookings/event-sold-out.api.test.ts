import type { AdminEvent, Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { createEvent, lagosEventForm } from "../../test/events";
import { ledgerViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, fundedUser, HOUR, overbooked, setCapacity, setStatus } from "./bookings.test-kit";
import { bookEvent, falselySoldOut, overAllocated, soldOutFact } from "./event-bookings.test-kit";

/**
 * The offer's sold-out fact (decision 051): set with the allocation's last space, cleared by a
 * cancellation or an edit of the event, and read by a sold-out refusal without the booking's
 * transaction. Runs on PGlite and PostgreSQL; the concurrency is in event-sold-out.race.api.test.ts.
 */
let ctx: TestContext;
let db: Db;
let parks: number[];
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  parks = await allDayParks(db, 6);
  admin = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await overbooked(db)).toEqual([]);
  expect(await overAllocated(db)).toEqual([]);
  expect(await falselySoldOut(db)).toEqual([]);
});

async function spacesEvent(park: number, fromHour: number, allocation: number, accessCode?: string) {
  await setCapacity(db, park, 1, 10);
  return createEvent(db, {
    start: at(fromHour * HOUR),
    end: at((fromHour + 2) * HOUR),
    parks: [{ parkId: park, offers: [{ allocation }] }],
    ...(accessCode ? { accessCode } : {}),
  });
}

const setFact = (eventId: number, value: boolean) =>
  db.execute(sql`UPDATE event_rates SET sold_out = ${value} WHERE event_id = ${eventId}`);

const purchasesOf = async (userId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM purchases WHERE user_id = ${userId}`,
      )
    )[0]!.n,
  );

describe("the sold-out fact", () => {
  it("is set by the last space's sale; a refusal then comes from it alone, and a winner's retry is replayed", async () => {
    const park = parks[0]!;
    const ev = await spacesEvent(park, 300, 2);
    const offer = { event_code: ev.code, park_id: park };
    const [a, b, c] = [await fundedUser(db), await fundedUser(db), await fundedUser(db)];
    expect((await bookEvent(ctx.app, a, offer)).statusCode).toBe(201);
    expect(await soldOutFact(db, ev.id, park)).toBe(false);
    const key = { "idempotency-key": `last-${ev.code}` };
    const won = await bookEvent(ctx.app, b, offer, key);
    expect(won.statusCode).toBe(201);
    expect(await soldOutFact(db, ev.id, park)).toBe(true);

    const balance = await walletBalanceMinor(db, c.id, "NGN");
    const en = await bookEvent(ctx.app, c, offer, { "idempotency-key": `c-${ev.code}` });
    const fr = await bookEvent(ctx.app, c, offer, { "accept-language": "fr" });
    expect([en.statusCode, fr.statusCode]).toEqual([409, 409]);
    expect(en.json()).toMatchObject({
      code: "event_sold_out",
      message: "The spaces set aside for this event at this park are sold out",
    });
    expect(fr.json()).toMatchObject({
      code: "event_sold_out",
      message: "Les places réservées à cet événement dans ce parking sont toutes vendues",
    });
    expect(await walletBalanceMinor(db, c.id, "NGN")).toBe(balance);
    expect(await purchasesOf(c.id)).toBe(0);

    // The winner's retry with its key is its booking again, never "sold out".
    const again = await bookEvent(ctx.app, b, offer, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<Booking>().booking_code).toBe(won.json<Booking>().booking_code);
  });

  it("answers alone: a fact set by hand refuses with room left; unset, the same request books", async () => {
    const park = parks[1]!;
    const ev = await spacesEvent(park, 310, 3);
    const offer = { event_code: ev.code, park_id: park };
    const driver = await fundedUser(db);
    await setFact(ev.id, true);
    const refused = await bookEvent(ctx.app, driver, offer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("event_sold_out");
    expect(await purchasesOf(driver.id)).toBe(0);
    await setFact(ev.id, false);
    expect((await bookEvent(ctx.app, driver, offer)).statusCode).toBe(201);
  });

  it("keeps every earlier answer: a private event without its grant is unknown, an ended one has ended", async () => {
    const park = parks[2]!;
    const hidden = await spacesEvent(park, 320, 1, "SECRET-CODE-1");
    await setFact(hidden.id, true);
    const driver = await fundedUser(db);
    const res = await bookEvent(ctx.app, driver, { event_code: hidden.code, park_id: park });
    expect(res.statusCode).toBe(404);
    await setFact(hidden.id, false);
    const ended = await createEvent(db, {
      start: at(-5 * HOUR),
      end: at(-3 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 1 }] }],
    });
    await setFact(ended.id, true);
    const late = await bookEvent(ctx.app, driver, { event_code: ended.code, park_id: park });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe("event_ended");
    await setFact(ended.id, false);
  });

  it("a cancellation reopens the sale at once, and the next sale closes it again", async () => {
    const park = parks[3]!;
    const ev = await spacesEvent(park, 330, 1);
    const offer = { event_code: ev.code, park_id: park };
    const [a, c] = [await fundedUser(db), await fundedUser(db)];
    const first = (await bookEvent(ctx.app, a, offer)).json<Booking>();
    expect((await bookEvent(ctx.app, c, offer)).json().code).toBe("event_sold_out");
    expect((await setStatus(ctx.app, a, first.id, "cancelled")).statusCode).toBe(200);
    expect(await soldOutFact(db, ev.id, park)).toBe(false);
    expect((await bookEvent(ctx.app, c, offer)).statusCode).toBe(201);
    expect(await soldOutFact(db, ev.id, park)).toBe(true);
    expect((await bookEvent(ctx.app, a, offer)).json().code).toBe("event_sold_out");
  });

  it("stays set while a booking keeps its space: a check-out's completed booking still holds it", async () => {
    const park = parks[5]!;
    const ev = await spacesEvent(park, 340, 1);
    const offer = { event_code: ev.code, park_id: park };
    const [a, c] = [await fundedUser(db), await fundedUser(db)];
    const first = (await bookEvent(ctx.app, a, offer)).json<Booking>();
    expect(await soldOutFact(db, ev.id, park)).toBe(true);
    await db.execute(sql`UPDATE bookings SET status = 'completed' WHERE id = ${first.id}`);
    expect(await soldOutFact(db, ev.id, park)).toBe(true);
    expect((await bookEvent(ctx.app, c, offer)).json().code).toBe("event_sold_out");
    // A booking that leaves it (cancelled after all) still reopens the sale.
    await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${first.id}`);
    expect(await soldOutFact(db, ev.id, park)).toBe(false);
  });

  it("spaces added by the back office reopen the sale at once", async () => {
    const park = parks[4]!;
    await setCapacity(db, park, 1, 10);
    const form = lagosEventForm(Math.ceil(Date.now() / HOUR) * HOUR + 400 * HOUR, [
      { park_id: park, allocation: 1 },
    ]);
    const call = (method: "POST" | "PATCH", url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: bearer(admin),
        ...(payload ? { payload } : {}),
      });
    const draft = (await call("POST", "/admin/events", form)).json<AdminEvent>();
    const published = await call("POST", `/admin/events/${draft.event_code}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const offer = { event_code: draft.event_code, park_id: park };
    const [a, c] = [await fundedUser(db), await fundedUser(db)];
    expect((await bookEvent(ctx.app, a, offer)).statusCode).toBe(201);
    expect((await bookEvent(ctx.app, c, offer)).json().code).toBe("event_sold_out");
    const more = await call("PATCH", `/admin/events/${draft.event_code}`, {
      parks: [{ park_id: park, prices: [{ vehicle_type_id: 1, price: 2500, allocation: 2 }] }],
    });
    expect(more.statusCode, more.body).toBe(200);
    expect((await bookEvent(ctx.app, c, offer)).statusCode).toBe(201);
    expect((await bookEvent(ctx.app, admin, offer)).json().code).toBe("event_sold_out");
  });
});
