import type { Booking, EventLineTicket } from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createTestContext, type TestContext } from "../../test/harness";
import { createEvent } from "../../test/events";
import { ledgerViolations } from "../../test/ledger-invariants";
import { allDayParks, at, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { bookEvent, falselySoldOut, overAllocated } from "./event-bookings.test-kit";
import { LINE_DEFAULTS, MemoryLine, memoryLine } from "./event-line";

/**
 * The on-sale's waiting room (decision 051) with a window of one request at a time, its slot held
 * by the test: the requests that arrive meanwhile get their place in line at once (202), and the
 * same request with the same key later books or is told it is sold out. The order across processes is in
 * event-line.race.api.test.ts.
 */
let ctx: TestContext;
let db: Db;
let parks: number[];
/** The app's line, a window of one: a test holds the slot as a driver booking on another process would. */
const line = memoryLine(new MemoryLine({ ...LINE_DEFAULTS, window: 1 }));
async function holdSlot(eventCode: string) {
  const turn = await line.enter(eventCode, `elsewhere-${eventCode}`, Date.now());
  if (!turn.admitted) throw new Error("the slot is taken");
  return turn;
}
beforeAll(async () => {
  ctx = await createTestContext({}, { bookings: { eventLine: line } });
  db = ctx.database.db;
  parks = await allDayParks(db, 3);
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

describe("the on-sale's waiting room", () => {
  it("answers the requests past the window with their place at once; the same request later books", async () => {
    const park = parks[0]!;
    await setCapacity(db, park, 1, 10);
    const ev = await createEvent(db, {
      start: at(500 * HOUR),
      end: at(502 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 1 }] }],
    });
    const offer = { event_code: ev.code, park_id: park };
    const [a, b] = [await fundedUser(db), await fundedUser(db)];
    const keys = [{ "idempotency-key": `line-${ev.code}-a` }, { "idempotency-key": `line-${ev.code}-b` }];
    const held = await holdSlot(ev.code);
    const first = [await bookEvent(ctx.app, a, offer, keys[0]), await bookEvent(ctx.app, b, offer, keys[1])];
    expect(first.map((r) => r.statusCode)).toEqual([202, 202]);
    const tickets = first.map((r) => r.json<EventLineTicket>());
    expect(tickets.map((t) => t.place)).toEqual([1, 2]);
    expect(tickets[0]!.wait_seconds).toBeNull();
    expect(tickets[0]!.retry_after_seconds).toBe(0.25);
    expect(first[0]!.headers["retry-after"]).toBe("1");
    await held.leave();
    // b asks first, but a came first: b keeps waiting, second, and the wait is measured now.
    const early = await bookEvent(ctx.app, b, offer, keys[1]);
    expect(early.statusCode).toBe(202);
    expect(early.json<EventLineTicket>()).toMatchObject({ place: 2, wait_seconds: expect.any(Number) });
    const won = await bookEvent(ctx.app, a, offer, keys[0]);
    expect(won.statusCode).toBe(201);
    const refused = await bookEvent(ctx.app, b, offer, keys[1]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("event_sold_out");
    // a's retry with its key is its booking again.
    const replay = await bookEvent(ctx.app, a, offer, keys[0]);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<Booking>().booking_code).toBe(won.json<Booking>().booking_code);
  });

  it("keeps each driver's place while the driver asks again, whatever the order of asking", async () => {
    const park = parks[1]!;
    await setCapacity(db, park, 1, 10);
    const ev = await createEvent(db, {
      start: at(510 * HOUR),
      end: at(512 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 5 }] }],
    });
    const offer = { event_code: ev.code, park_id: park };
    const d = [await fundedUser(db), await fundedUser(db), await fundedUser(db)];
    const key = (i: number) => ({ "idempotency-key": `keep-${ev.code}-${i}` });
    const held = await holdSlot(ev.code);
    const answers = [];
    for (const i of [0, 1, 2]) answers.push(await bookEvent(ctx.app, d[i]!, offer, key(i)));
    expect(answers.map((r) => r.json<EventLineTicket>().place)).toEqual([1, 2, 3]);
    for (const i of [2, 1, 0]) {
      expect((await bookEvent(ctx.app, d[i]!, offer, key(i))).json<EventLineTicket>().place).toBe(i + 1);
    }
    await held.leave();
    for (const i of [0, 1, 2]) expect((await bookEvent(ctx.app, d[i]!, offer, key(i))).statusCode).toBe(201);
  });

  it("does not put a sold-out answer, an unknown event, a bad request or a hidden event in line", async () => {
    const park = parks[2]!;
    await setCapacity(db, park, 1, 10);
    const ev = await createEvent(db, {
      start: at(520 * HOUR),
      end: at(522 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 1 }] }],
    });
    const offer = { event_code: ev.code, park_id: park };
    const [a, b, c] = [await fundedUser(db), await fundedUser(db), await fundedUser(db)];
    expect((await bookEvent(ctx.app, a, offer)).statusCode).toBe(201);
    const held = await holdSlot(ev.code);
    const answers = [
      await bookEvent(ctx.app, b, offer),
      await bookEvent(ctx.app, c, offer),
      await bookEvent(ctx.app, c, { event_code: "EV-NONE1", park_id: park }),
      await bookEvent(ctx.app, c, { event_code: ev.code, park_id: parks[0]! }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([409, 409, 404, 422]);
    await held.leave();
    // A private event's line is not shown to a driver without its grant: as unknown as before.
    const hidden = await createEvent(db, {
      start: at(530 * HOUR),
      end: at(532 * HOUR),
      accessCode: "LINE-SECRET-1",
      parks: [{ parkId: park, offers: [{ allocation: 3 }] }],
    });
    const heldHidden = await holdSlot(hidden.code);
    expect((await bookEvent(ctx.app, c, { event_code: hidden.code, park_id: park })).statusCode).toBe(404);
    await heldHidden.leave();
  });
});
