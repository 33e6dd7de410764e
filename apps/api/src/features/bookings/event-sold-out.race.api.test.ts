import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { createEvent } from "../../test/events";
import { ledgerViolations } from "../../test/ledger-invariants";
import { allDayParks, at, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { falselySoldOut, overAllocated, soldOutFact } from "./event-bookings.test-kit";

/**
 * The sold-out fact (decision 051) under real concurrency, through HTTP on two app instances
 * (two pools) sharing one PostgreSQL: drivers race for an allocation's last spaces while its
 * winners cancel. Never more sold than the allocation, and never "sold out" while a space is free.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "the sold-out fact under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let close: () => Promise<void>;
    let users: TestUser[];
    let parks: number[];

    const send = async (base: string, user: TestUser, method: string, url: string, payload?: object) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...bearer(user), ...(payload ? { "content-type": "application/json" } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      const body = (await res.json()) as { id?: string; code?: string };
      return { status: res.status, body };
    };

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      parks = await allDayParks(db, 4);
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      close = async () => (await a.close(), await b.close());
      users = [];
      for (let i = 0; i < 50; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      await close?.();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
      expect(await overAllocated(db)).toEqual([]);
      expect(await falselySoldOut(db)).toEqual([]);
    });

    it("30 drivers for 3 spaces, then the 3 winners cancel while 15 more race: never oversold, never falsely sold out (4 rounds)", async () => {
      for (let r = 0; r < 4; r += 1) {
        const park = parks[r]!;
        await setCapacity(db, park, 1, 10);
        const ev = await createEvent(db, {
          start: at((40 + r * 10) * HOUR),
          end: at((42 + r * 10) * HOUR),
          parks: [{ parkId: park, offers: [{ allocation: 3 }] }],
        });
        const offer = { event_code: ev.code, park_id: park, vehicle_type_id: 1 };
        const first = await Promise.all(
          users.slice(0, 30).map((u, i) => send(bases[i % 2]!, u, "POST", "/bookings", offer)),
        );
        const winners = first.flatMap((a, i) =>
          a.status === 201 ? [{ user: users[i]!, id: a.body.id! }] : [],
        );
        expect(winners, `round ${r}`).toHaveLength(3);
        expect(first.filter((a) => a.status === 409 && a.body.code === "event_sold_out")).toHaveLength(27);
        expect(await soldOutFact(db, ev.id, park)).toBe(true);

        const cancels = winners.map((w, i) =>
          send(bases[i % 2]!, w.user, "PUT", `/bookings/${w.id}/status?status=cancelled`),
        );
        const racers = users
          .slice(30, 45)
          .map((u, i) => send(bases[(i + 1) % 2]!, u, "POST", "/bookings", offer));
        expect((await Promise.all(cancels)).map((c) => c.status)).toEqual([200, 200, 200]);
        const second = await Promise.all(racers);
        const won = second.filter((a) => a.status === 201).length;
        expect(second.every((a) => a.status === 201 || a.body.code === "event_sold_out")).toBe(true);
        expect(won, `round ${r}`).toBeLessThanOrEqual(3);
        expect(await soldOutFact(db, ev.id, park)).toBe(won === 3);
        expect(await falselySoldOut(db)).toEqual([]);
        // Whatever the race left free sells now, one after another, and then it is sold out.
        for (let i = won; i < 3; i += 1) {
          const late = await send(bases[i % 2]!, users[45 + i]!, "POST", "/bookings", offer);
          expect(late.status, `round ${r}: ${JSON.stringify(late.body)}`).toBe(201);
        }
        expect(await soldOutFact(db, ev.id, park)).toBe(true);
        const after = await send(bases[0]!, users[49]!, "POST", "/bookings", offer);
        expect(after.body.code).toBe("event_sold_out");
      }
    });
  },
);
