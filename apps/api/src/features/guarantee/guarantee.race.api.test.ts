import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REBOOK_FULL_MESSAGE } from "@parkwell/contract";
import { queryRows, type Db } from "../../db/client";
import { createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import {
  anotherApp,
  createTestContext,
  listenApi,
  sendApi as send,
  TEST_ENGINE,
  type TestContext,
} from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, book, fundedUser, HOUR, overbooked } from "../bookings/bookings.test-kit";
import { localDays, parkZone } from "./guarantee.test-kit";

/**
 * The space guarantee racing drivers, through HTTP on two app instances (two pools) on one
 * PostgreSQL database. A closure confirmed while drivers book its window: the closure holds the
 * park's row FOR UPDATE, which every booking shares first (book_space), and lists what it hits under
 * it; a booking that waited reads the closure in book_space and is refused. So every booking is
 * either refused or offered the guarantee, never left in a closed window. Two drivers rebooking
 * the last space of the same park: book_space's capacity lock lets one in; the other's whole
 * rebooking rolls back (409), its booking and offer untouched, and its refund still works.
 * PGlite runs one query at a time: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "the space guarantee racing bookings and rebookings (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let manager: TestUser;
    let drivers: TestUser[];
    let parkId: number;
    let otherPark: number;
    let zone: string;
    const closers: (() => Promise<void>)[] = [];
    const closed: string[] = [];

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const own = new Set(await parksOf(db, harbourview));
      const allDay = await allDayParks(db, 200);
      parkId = allDay.find((id) => own.has(id))!;
      otherPark = allDay.find((id) => id !== parkId)!;
      zone = await parkZone(db, parkId);
      await db.execute(
        sql`UPDATE park_capacities SET capacity = 50 WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
      );
      manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
      drivers = [];
      for (let i = 0; i < 14; i += 1) drivers.push(await fundedUser(db, 100_000_000));
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      closers.push(a.close, b.close);
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });

    /** Active bookings at the park whose window meets a closure day and that have no offer. */
    const lostBookings = () =>
      queryRows<{ booking_code: string }>(
        db,
        sql`SELECT b.booking_code FROM bookings b JOIN parks p ON p.id = b.park_id
          LEFT JOIN booking_offers o ON o.booking_id = b.id
          WHERE b.park_id = ${parkId} AND b.status = 'active' AND o.id IS NULL
            AND window_hits_closure(p.closures, p.time_zone, p.overnight_stays, b.start_time, b.end_time)`,
      );

    it("a closure racing bookings of its window: each booking is refused or offered the guarantee (3 rounds)", async () => {
      for (let round = 0; round < 3; round += 1) {
        const from = (40 + round * 48) * HOUR;
        const start = at(from);
        const end = at(from + 2 * HOUR);
        const days = localDays(zone, [start, new Date(end.getTime() - 1)]);
        closed.push(...days);
        const bookings = drivers.slice(0, 10).map((d, i) =>
          send(bases[i % 2]!, d, "POST", "/bookings", {
            park_id: parkId,
            vehicle_type_id: 1,
            plate_number: `RCE ${round}${i}0 AA`,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
          }),
        );
        const closure = send(bases[round % 2]!, manager, "PATCH", `/admin/parks/${parkId}`, {
          closures: [...closed],
          confirm_closures: true,
        });
        const [saved, ...answers] = await Promise.all([closure, ...bookings]);
        expect(saved!.status, JSON.stringify(saved!.body)).toBe(200);
        for (const a of answers) {
          expect([201, 422], JSON.stringify(a.body)).toContain(a.status);
          if (a.status === 422) expect(a.body.code).toBe("window_not_bookable");
        }
        expect(await lostBookings()).toEqual([]);
        // Every booking made is offered once.
        const made = answers.filter((a) => a.status === 201).map((a) => a.body.booking_code as string);
        const offered = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
            WHERE b.booking_code = ANY(${sql.param(made)}::text[])`,
        );
        expect(Number(offered[0]!.n)).toBe(made.length);
      }
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    it("a booking priced before a closure and waiting on its lock is refused; without book_space's check it is lost (negative control)", async () => {
      const start = at(300 * HOUR);
      const end = at(302 * HOUR);
      const days = localDays(zone, [start, new Date(end.getTime() - 1)]);
      /** The closure held open (the park's row FOR UPDATE, its days written) while a booking reaches book_space. */
      const bookDuringClosure = async (driver: TestUser, plate: string) => {
        let answer: ReturnType<typeof send> | undefined;
        await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT id FROM parks WHERE id = ${parkId} FOR UPDATE`);
          await tx.execute(
            sql`UPDATE parks SET closures = ${sql.param([...closed, ...days])}::date[] WHERE id = ${parkId}`,
          );
          answer = send(bases[0]!, driver, "POST", "/bookings", {
            park_id: parkId,
            vehicle_type_id: 1,
            plate_number: plate,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
          });
          // Until the booking waits on the park's row (its receipt's or book_space's share of it).
          await expect
            .poll(
              async () =>
                (
                  await queryRows<{ n: number }>(
                    db,
                    sql`SELECT count(*)::int AS n FROM pg_stat_activity
                      WHERE wait_event_type = 'Lock' AND datname = current_database()`,
                  )
                )[0]!.n,
              { timeout: 15_000, interval: 50 },
            )
            .toBeGreaterThan(0);
        });
        const res = await answer!;
        await db.execute(
          sql`UPDATE parks SET closures = ${sql.param([...closed])}::date[] WHERE id = ${parkId}`,
        );
        return res;
      };
      const refused = await bookDuringClosure(drivers[12]!, "NEG 100 AA");
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code).toBe("window_not_bookable");

      const [fn] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef('public.book_space'::regproc) AS def`,
      );
      const unsafe = fn!.def.replace(
        /IF EXISTS \(SELECT 1 FROM parks p WHERE p\.id = p_park[\s\S]*?RETURN 'closed';\s*END IF;/,
        "",
      );
      expect(unsafe).not.toBe(fn!.def);
      await db.execute(sql.raw(unsafe));
      try {
        const lost = await bookDuringClosure(drivers[13]!, "NEG 200 AA");
        expect(lost.status, JSON.stringify(lost.body)).toBe(201);
      } finally {
        await db.execute(sql.raw(fn!.def));
      }
    });

    it("two drivers rebooking the last space of a park: one gets it, the other a clear 409 and the refund still open", async () => {
      const from = 200 * HOUR;
      const start = at(from);
      const end = at(from + 3 * HOUR);
      const two = drivers.slice(10, 12);
      const codes: string[] = [];
      for (const [i, d] of two.entries()) {
        const res = await book(ctx.app, d, { park_id: parkId, start, end, plate_number: `LST ${i}00 AA` });
        expect(res.statusCode, res.body).toBe(201);
        codes.push(res.json().booking_code);
      }
      closed.push(...localDays(zone, [start, new Date(end.getTime() - 1)]));
      const saved = await send(bases[0]!, manager, "PATCH", `/admin/parks/${parkId}`, {
        closures: [...closed],
        confirm_closures: true,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // One space left at the other park over the window.
      await db.execute(sql`UPDATE park_capacities SET capacity = booking_peak(${otherPark}, 1,
          ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, NULL) + 1
        WHERE park_id = ${otherPark} AND vehicle_type_id = 1`);

      const answers = await Promise.all(
        two.map((d, i) =>
          send(bases[i]!, d, "POST", `/booking-offers/${codes[i]}/rebook`, { park_id: otherPark }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const lost = answers.findIndex((a) => a.status === 409);
      expect(answers[lost]!.body).toMatchObject({ code: "no_capacity", message: REBOOK_FULL_MESSAGE });
      // The loser's booking and offer are untouched; the refund path is open, and settles once.
      const offer = await send(bases[0]!, two[lost]!, "GET", `/booking-offers/${codes[lost]}`);
      expect(offer.body).toMatchObject({ status: "open" });
      const refunds = await Promise.all(
        bases.map((base) => send(base, two[lost]!, "POST", `/booking-offers/${codes[lost]}/refund`)),
      );
      expect(refunds.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await overbooked(db)).filter((r) => Number(r.park_id) === otherPark)).toEqual([]);
      const statuses = await queryRows<{ status: string }>(
        db,
        sql`SELECT o.status FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
          WHERE b.booking_code = ANY(${sql.param(codes)}::text[]) ORDER BY o.status`,
      );
      expect(statuses.map((s) => s.status)).toEqual(["rebooked", "refunded"]);
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });
  },
);
