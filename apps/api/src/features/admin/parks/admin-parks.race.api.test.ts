import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import {
  anotherApp,
  createTestContext,
  listenApi,
  sendApi as send,
  TEST_ENGINE,
  type TestContext,
} from "../../../test/harness";
import { lagosEventForm } from "../../../test/events";
import { allDayParks, at, book, fundedUser, HOUR, overbooked } from "../../bookings/bookings.test-kit";
import {
  createCategory,
  createItem,
  createSlots,
  resetDeliverySetup,
  setSwitches,
} from "../../marketplace/marketplace.test-kit";
import { walletBalanceMinor } from "../../wallet/ledger.service";

/**
 * Changes of a park racing what drivers and staff do there, through HTTP on two app instances (two
 * pools) on one PostgreSQL database. A capacity lowered while drivers book the same park and type:
 * the change takes the capacity rows' lock the bookings take and reads the peak after it, so either
 * a booking commits first (and the change sees it: 409 or a capacity that still fits) or it waits
 * and then finds the new capacity; never more bookings than spaces. A park moved to another country:
 * the move holds the park's row FOR UPDATE and counts what is unfinished there, and a booking, an
 * event or an order takes the row FOR KEY SHARE before it reads the park, so either it commits first
 * (and the move is a 409) or it waits and then sees the park moved; never a booking in the old
 * currency after the move. PGlite runs one query at a time, so no such race can happen there:
 * PostgreSQL only (TEST_DB_ENGINE=postgres, `npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "park changes racing bookings, events and orders (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let manager: TestUser;
    let drivers: TestUser[];
    let parkId: number;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const own = new Set(await parksOf(db, harbourview));
      parkId = (await allDayParks(db, 200)).find((id) => own.has(id))!;
      manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
      drivers = [];
      for (let i = 0; i < 20; i += 1) drivers.push(await fundedUser(db, 100_000_000));
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      closers.push(a.close, b.close);
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });

    it("a lower capacity and 20 bookings at once never overbook; a 409 names real bookings, a confirmed cut moves them (6 rounds)", async () => {
      for (let round = 0; round < 6; round += 1) {
        // Every other round the cut is confirmed: the bookings it leaves without a space are offered the guarantee.
        const confirm = round % 2 === 1;
        const start = at((30 + round * 4) * HOUR);
        const end = at((32 + round * 4) * HOUR);
        await db.execute(
          sql`UPDATE park_capacities SET capacity = 12 WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
        );
        // 4 spaces already held in the window.
        for (let i = 0; i < 4; i += 1) {
          const res = await book(ctx.app, drivers[i]!, {
            park_id: parkId,
            start,
            end,
            plate_number: `RND ${round}${i} AA`,
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const window = {
          park_id: parkId,
          vehicle_type_id: 1,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
        };
        const [change, ...bookings] = await Promise.all([
          send(bases[round % 2]!, manager, "PUT", `/admin/parks/${parkId}/capacities`, {
            capacities: [{ vehicle_type_id: 1, capacity: 6 }],
            ...(confirm ? { confirm_capacity: true } : {}),
          }),
          ...drivers.map((d, i) =>
            send(bases[i % 2]!, d, "POST", "/bookings", { ...window, plate_number: `RCE ${round}${i} BB` }),
          ),
        ]);
        const won = bookings.filter((b) => b.status === 201).length;
        expect(
          bookings.every((b) => b.status === 201 || b.status === 409),
          `round ${round}`,
        ).toBe(true);
        const [row] = await queryRows<{ capacity: number }>(
          db,
          sql`SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
        );
        const held = 4 + won;
        const [moved] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
            WHERE b.park_id = ${parkId} AND b.start_time = ${start.toISOString()}::timestamptz
              AND o.cause = 'capacity' AND o.status = 'open'`,
        );
        if (change.status === 200) {
          // The change went through: it counted every booking before it (moving those past 6 when
          // confirmed), and none came after past 6.
          expect(row!.capacity).toBe(6);
          expect(held - moved!.n).toBeLessThanOrEqual(6);
          expect(moved!.n === 0 || confirm).toBe(true);
        } else {
          // Refused: the bookings that won came first, and it says which the cut would move.
          expect(change.status, JSON.stringify(change.body)).toBe(409);
          expect(confirm).toBe(false);
          expect(row!.capacity).toBe(12);
          const [conflict] = change.body.conflicts as {
            peak: number;
            bookings: { booking_code: string }[];
          }[];
          expect(conflict!.peak).toBeGreaterThan(6);
          expect(conflict!.bookings.length).toBe(conflict!.peak - 6);
          expect(held).toBeGreaterThanOrEqual(conflict!.peak);
        }
        expect(await overbooked(db), `round ${round}`).toEqual([]);
        await db.execute(
          sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parkId} AND start_time = ${start.toISOString()}::timestamptz`,
        );
      }
    });

    /** Harbourview's Nigerian parks open all day other than the capacity test's, by id. */
    /** Parks of the manager's with no monthly plan (a plan on sale holds a park: no move races). */
    async function otherParks(n: number): Promise<number[]> {
      const own = new Set(await parksOf(db, await operatorId(db, "Harbourview Parking Ltd")));
      const planned = new Set(
        (await queryRows<{ park_id: number }>(db, sql`SELECT DISTINCT park_id FROM parking_plans`)).map((r) =>
          Number(r.park_id),
        ),
      );
      // A park that lists chargers cannot move country (their prices are in its currency).
      const charging = new Set(
        (await queryRows<{ park_id: number }>(db, sql`SELECT DISTINCT park_id FROM park_chargers`)).map((r) =>
          Number(r.park_id),
        ),
      );
      return (await allDayParks(db, 200))
        .filter((id) => own.has(id) && id !== parkId && !planned.has(id) && !charging.has(id))
        .slice(0, n);
    }
    /** The park's bookings not cancelled whose currency is not the park's own: none, ever. */
    const mixed = (id: number) =>
      queryRows<{ booking_code: string; currency: string; park_currency: string }>(
        db,
        sql`SELECT b.booking_code, b.currency, c.currency AS park_currency FROM bookings b
          JOIN parks p ON p.id = b.park_id JOIN countries c ON c.id = p.country_id
          WHERE b.park_id = ${id} AND b.status <> 'cancelled' AND b.currency <> c.currency`,
      );
    const toToronto = { country: "CA", time_zone: "America/Toronto" };

    /** Takes `statement`'s lock in a transaction of its own, held until the returned release. */
    async function hold(statement: ReturnType<typeof sql>): Promise<() => Promise<void>> {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const done = db.transaction(async (tx) => {
        await tx.execute(statement);
        locked();
        await released;
      });
      await isLocked;
      return async () => {
        release();
        await done;
      };
    }
    /** Waits until `n` lock requests of this database's sessions wait (a row lock's is on a transaction id). */
    async function waiting(n: number) {
      for (let i = 0; i < 400; i += 1) {
        const [w] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE a.datname = current_database() AND NOT l.granted`,
        );
        if (w!.n >= n) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`fewer than ${n} lock requests waiting`);
    }

    it("a booking priced in NGN that reaches book_space while the park moves to Canada waits for the move, then is refused", async () => {
      const [moving] = await otherParks(1);
      const driver = drivers[0]!;
      const balance = await walletBalanceMinor(db, driver.id, "NGN");
      const window = {
        park_id: moving!,
        vehicle_type_id: 1,
        start_time: at(60 * HOUR).toISOString(),
        end_time: at(62 * HOUR).toISOString(),
        plate_number: "LAG 777 MV",
      };
      // 1. The booking prices the park in NGN, then waits before book_space (its confirmation mail is
      // queued first, and the job table is held).
      const releaseJobs = await hold(sql`LOCK TABLE pgboss.job IN EXCLUSIVE MODE`);
      const booking = send(bases[0]!, driver, "POST", "/bookings", window);
      await waiting(1);
      // 2. The manager removes the rates; then moves the park, which stops before its commit (the
      // audit log is held) with the park's row locked and changed.
      const rates = await send(bases[1]!, manager, "PUT", `/admin/parks/${moving}/rates`, { rates: [] });
      expect(rates.status, JSON.stringify(rates.body)).toBe(200);
      const releaseAudit = await hold(sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`);
      const move = send(bases[1]!, manager, "PATCH", `/admin/parks/${moving}`, toToronto);
      await waiting(2);
      // 3. The booking goes on into book_space while the move is uncommitted: it must wait for it.
      await releaseJobs();
      await waiting(2);
      await releaseAudit();
      const moved = await move;
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const res = await booking;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe("park_currency_changed");
      expect(await mixed(moving!)).toEqual([]);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
    });

    it("an event created at a park while the park moves to Canada waits for the move, then is refused", async () => {
      const [moving] = await otherParks(2).then((ids) => ids.slice(1));
      const rates = await send(bases[1]!, manager, "PUT", `/admin/parks/${moving}/rates`, { rates: [] });
      expect(rates.status, JSON.stringify(rates.body)).toBe(200);
      const event = lagosEventForm(at(72 * HOUR).getTime(), [{ park_id: moving!, allocation: 2 }]);
      // The move stops before its commit (the audit log is held), the park's row locked and changed;
      // the event, created meanwhile, must wait for it and then see the park in Canada.
      const releaseAudit = await hold(sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`);
      const move = send(bases[1]!, manager, "PATCH", `/admin/parks/${moving}`, toToronto);
      await waiting(1);
      const created = send(bases[0]!, manager, "POST", "/admin/events", event);
      await waiting(2);
      await releaseAudit();
      expect((await move).status).toBe(200);
      const res = await created;
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.fields).toEqual({ "parks.0.park_id": "Choose a park in the event's country" });
      const [held] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM event_parks WHERE park_id = ${moving}`,
      );
      expect(held!.n).toBe(0);
    });

    it("an order to pick up at a park while the park moves to Canada waits for the move, then is refused", async () => {
      const [moving] = await otherParks(3).then((ids) => ids.slice(2));
      const rates = await send(bases[1]!, manager, "PUT", `/admin/parks/${moving}/rates`, { rates: [] });
      expect(rates.status, JSON.stringify(rates.body)).toBe(200);
      await resetDeliverySetup(db);
      await setSwitches(db, false, true);
      const slot = await createSlots(db);
      const item = await createItem(db, { categoryId: (await createCategory(db)).id });
      const driver = drivers[1]!;
      const balance = await walletBalanceMinor(db, driver.id, "NGN");
      const order = {
        country: "NG",
        order_type: "takeaway",
        park_id: moving,
        time_slot: slot,
        lines: [{ item_id: item.id, quantity: 1 }],
      };
      const releaseAudit = await hold(sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`);
      const move = send(bases[1]!, manager, "PATCH", `/admin/parks/${moving}`, toToronto);
      await waiting(1);
      const placed = send(bases[0]!, driver, "POST", "/orders", order);
      await waiting(2);
      await releaseAudit();
      expect((await move).status).toBe(200);
      const res = await placed;
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const [held] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM orders WHERE park_id = ${moving}`,
      );
      expect(held!.n).toBe(0);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
    });

    it("a move and 20 bookings at once: the move is refused when one was booked, else none was (3 rounds)", async () => {
      const parks = await otherParks(6);
      for (let round = 0; round < 3; round += 1) {
        const id = parks[round + 3]!;
        const window = {
          park_id: id,
          vehicle_type_id: 1,
          start_time: at((70 + round * 4) * HOUR).toISOString(),
          end_time: at((72 + round * 4) * HOUR).toISOString(),
        };
        const [move, ...bookings] = await Promise.all([
          (async () => {
            await send(bases[round % 2]!, manager, "PUT", `/admin/parks/${id}/rates`, { rates: [] });
            return send(bases[(round + 1) % 2]!, manager, "PATCH", `/admin/parks/${id}`, toToronto);
          })(),
          ...drivers.map((d, i) =>
            send(bases[i % 2]!, d, "POST", "/bookings", { ...window, plate_number: `MOV ${round}${i} CC` }),
          ),
        ]);
        const won = bookings.filter((b) => b.status === 201).length;
        expect(
          bookings.every((b) => [201, 409, 422].includes(b.status)),
          JSON.stringify(bookings.filter((b) => ![201, 409, 422].includes(b.status))),
        ).toBe(true);
        if (move.status === 200) expect(won, `round ${round}`).toBe(0);
        else {
          expect(move.status, JSON.stringify(move.body)).toBe(409);
          expect(move.body.code).toBe("park_in_use");
          // It counted the bookings that committed before it: at least one, and at most those that won
          // (a booking that waited on the park's row goes on once the refused move lets it go).
          const counted = (move.body.holdings as { bookings: number }).bookings;
          expect(counted).toBeGreaterThanOrEqual(1);
          expect(counted).toBeLessThanOrEqual(won);
        }
        expect(await mixed(id), `round ${round}`).toEqual([]);
      }
    });
  },
);
