import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REBOOK_FULL_MESSAGE } from "@parkwell/contract";
import { queryRows, type Db } from "../../db/client";
import { createStaff, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createEvent } from "../../test/events";
import {
  anotherApp,
  createTestContext,
  listenApi,
  sendApi as send,
  TEST_ENGINE,
  type TestContext,
} from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import {
  allDayParks,
  at,
  book,
  fundedUser,
  holdWindow,
  HOUR,
  overbooked,
} from "../bookings/bookings.test-kit";
import { localDays, parkZone } from "./guarantee.test-kit";

/**
 * The space guarantee racing drivers, through HTTP on two app instances (two pools) on one
 * PostgreSQL database. A closure confirmed while drivers book its window (a space, an event's
 * space, a hold or a hold's completion): the closure holds the park's row FOR UPDATE, which every
 * booking writer shares first (book_space, book_event_space, hold_check, complete_hold), and lists
 * what it hits under it; a writer that waited reads the closure in its statement and is refused. So every booking is
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

    /** How many of the bookings `codes` have an offer. */
    const offersOf = async (codes: string[]) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
          WHERE b.booking_code = ANY(${sql.param(codes)}::text[])`,
      );
      return Number(row!.n);
    };

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
        expect(await offersOf(made)).toBe(made.length);
      }
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    /**
     * `request` sent while a closure of `days` is held open (the park's row FOR UPDATE, its days
     * written, not committed) until it waits on a lock (its share of the park's row); then the
     * closure commits, and is taken back once the answer is in (the days stay out of `closed`).
     */
    const duringClosure = async <T>(days: string[], request: () => Promise<T>): Promise<T> => {
      let answer: Promise<T> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM parks WHERE id = ${parkId} FOR UPDATE`);
        await tx.execute(
          sql`UPDATE parks SET closures = ${sql.param([...closed, ...days])}::date[] WHERE id = ${parkId}`,
        );
        answer = request();
        // Until the request waits on the park's row (its receipt's or its statement's share of it).
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

    /**
     * Runs `during` with the closure check taken out of the database function `fn` (the part
     * `check` matches), then puts the function back: the negative control of each writer's check.
     */
    const withoutCheck = async <T>(fn: string, check: RegExp, during: () => Promise<T>): Promise<T> => {
      const [row] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef(${`public.${fn}`}::regproc) AS def`,
      );
      const unsafe = row!.def.replace(check, "");
      expect(unsafe).not.toBe(row!.def);
      await db.execute(sql.raw(unsafe));
      try {
        return await during();
      } finally {
        await db.execute(sql.raw(row!.def));
      }
    };
    /** The closure check of book_space, book_event_space and hold_check. */
    const SPACE_CHECK =
      /IF EXISTS \(SELECT 1 FROM parks p WHERE p\.id = p_park[\s\S]*?RETURN 'closed';\s*END IF;/;

    it("a booking priced before a closure and waiting on its lock is refused; without book_space's check it is lost (negative control)", async () => {
      const start = at(300 * HOUR);
      const end = at(302 * HOUR);
      const days = localDays(zone, [start, new Date(end.getTime() - 1)]);
      const bookDuringClosure = (driver: TestUser, plate: string) =>
        duringClosure(days, () =>
          send(bases[0]!, driver, "POST", "/bookings", {
            park_id: parkId,
            vehicle_type_id: 1,
            plate_number: plate,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
          }),
        );
      const refused = await bookDuringClosure(drivers[12]!, "NEG 100 AA");
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code).toBe("window_not_bookable");
      const lost = await withoutCheck("book_space", SPACE_CHECK, () =>
        bookDuringClosure(drivers[13]!, "NEG 200 AA"),
      );
      expect(lost.status, JSON.stringify(lost.body)).toBe(201);
    });

    it("a drive-up sold at the gate while a closure of today commits is refused; sold once it is lifted", async () => {
      // The sale's window starts now: the closure is of today (and tomorrow, when the stay crosses midnight).
      const now = at(0);
      const days = localDays(zone, [now, new Date(now.getTime() + 30 * 60_000)]);
      const sale = (plate: string) => () =>
        send(bases[1]!, manager, "POST", "/admin/pos-sales", {
          park_id: parkId,
          vehicle_type_id: 1,
          plate_number: plate,
          expected_minutes: 30,
        });
      const refused = await duringClosure(days, sale("POS 100 CL"));
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code).toBe("window_not_bookable");
      const sold = await sale("POS 100 CL")();
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      await send(
        bases[1]!,
        manager,
        "POST",
        `/admin/pos-sales/${(sold.body as { sale_code: string }).sale_code}/void`,
        {},
      );
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

    /** A Lagos event at the park whose parking window is [from - 2 h, from + 3 h), with room for 20. */
    const eventAt = (from: number) =>
      createEvent(db, {
        start: at(from),
        end: at(from + 2 * HOUR),
        parks: [{ parkId, offers: [{ allocation: 20 }] }],
      });
    /** A driver with an empty wallet holding [from, from + 2 h) to pay the difference: the hold's payment. */
    const heldBy = async (from: number) => {
      const holder = await createUser(db);
      const res = await holdWindow(ctx.app, holder, parkId, at(from), at(from + 2 * HOUR));
      expect(res.statusCode, res.body).toBe(201);
      return {
        holder,
        code: res.json().booking_code as string,
        reference: res.json().payment.reference as string,
      };
    };
    const verify = (base: string, h: { holder: TestUser; reference: string }) =>
      send(
        base,
        h.holder,
        "POST",
        `/wallet/verify-payment?payment_reference=${h.reference}&payment_provider=demo`,
      );

    it("a closure racing event spaces and paid holds of its days: each is booked and offered, or refused (3 rounds)", async () => {
      const fans: TestUser[] = [];
      for (let i = 0; i < 6; i += 1) fans.push(await fundedUser(db, 100_000_000));
      for (let round = 0; round < 3; round += 1) {
        const from = (500 + round * 48) * HOUR;
        const event = await eventAt(from);
        const holds = [];
        for (let i = 0; i < 4; i += 1) holds.push(await heldBy(from));
        closed.push(...localDays(zone, [at(from - 2 * HOUR), at(from + 3 * HOUR - 1)]));
        // The writers sent a little after the closure, with it, then the closure a little after
        // them: so that they land after it, around it, and before it.
        const later = <T>(ms: number, f: () => Promise<T>) =>
          new Promise((go) => setTimeout(go, Math.max(0, ms))).then(f);
        const spaces = fans.map((fan, i) =>
          later((1 - round) * 40, () =>
            send(bases[i % 2]!, fan, "POST", "/bookings", {
              event_code: event.code,
              park_id: parkId,
              vehicle_type_id: 1,
              plate_number: `EVR ${round}${i}0 AA`,
            }),
          ),
        );
        const paid = holds.map((h, i) => later((1 - round) * 40, () => verify(bases[(i + 1) % 2]!, h)));
        const closure = later((round - 1) * 40, () =>
          send(bases[round % 2]!, manager, "PATCH", `/admin/parks/${parkId}`, {
            closures: [...closed],
            confirm_closures: true,
          }),
        );
        const [saved, ...answers] = await Promise.all([closure, ...spaces, ...paid]);
        expect(saved!.status, JSON.stringify(saved!.body)).toBe(200);
        const made: string[] = [];
        for (const a of answers.slice(0, spaces.length)) {
          expect([201, 422], JSON.stringify(a.body)).toContain(a.status);
          if (a.status === 422) expect(a.body.code).toBe("window_not_bookable");
          else made.push(a.body.booking_code as string);
        }
        for (const [i, a] of answers.slice(spaces.length).entries()) {
          expect(a.status, JSON.stringify(a.body)).toBe(200);
          const booking = (a.body.data as { booking: { status: string; reason?: string } }).booking;
          if (booking.status === "booked") made.push(holds[i]!.code);
          else
            expect(booking).toEqual({ booking_code: holds[i]!.code, status: "not_booked", reason: "closed" });
        }
        // No booking in a closed day without its offer; each made is offered once.
        expect(await lostBookings()).toEqual([]);
        expect(await offersOf(made)).toBe(made.length);
      }
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    it("an event space, a hold and a hold's completion waiting on a closure's lock are refused; without their checks they are lost (negative controls)", async () => {
      const from = 700 * HOUR;
      const days = localDays(zone, [at(from - 2 * HOUR), at(from + 3 * HOUR - 1)]);
      const event = await eventAt(from);
      const space = (fan: TestUser, plate: string) => () =>
        send(bases[0]!, fan, "POST", "/bookings", {
          event_code: event.code,
          park_id: parkId,
          vehicle_type_id: 1,
          plate_number: plate,
        });
      const fans = [await fundedUser(db, 100_000_000), await fundedUser(db, 100_000_000)];
      const refused = await duringClosure(days, space(fans[0]!, "NEV 100 AA"));
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code).toBe("window_not_bookable");
      const lost = await withoutCheck("book_event_space", SPACE_CHECK, () =>
        duringClosure(days, space(fans[1]!, "NEV 200 AA")),
      );
      expect(lost.status, JSON.stringify(lost.body)).toBe(201);

      // A hold taken while the closure commits.
      const holding = (holder: TestUser) => () =>
        send(bases[1]!, holder, "POST", "/bookings/hold", {
          park_id: parkId,
          vehicle_type_id: 1,
          start_time: at(from).toISOString(),
          end_time: at(from + 2 * HOUR).toISOString(),
        });
      const noHold = await duringClosure(days, holding(await createUser(db)));
      expect(noHold.status, JSON.stringify(noHold.body)).toBe(422);
      expect(noHold.body.code).toBe("window_not_bookable");
      const nextHolder = await createUser(db);
      const heldAnyway = await withoutCheck("hold_check", SPACE_CHECK, () =>
        duringClosure(days, holding(nextHolder)),
      );
      expect(heldAnyway.status, JSON.stringify(heldAnyway.body)).toBe(201);

      // A hold paid while the closure commits.
      const first = await heldBy(from);
      const notBooked = await duringClosure(days, () => verify(bases[0]!, first));
      expect((notBooked.body.data as { booking: object }).booking).toEqual({
        booking_code: first.code,
        status: "not_booked",
        reason: "closed",
      });
      const second = await heldBy(from);
      const COMPLETE_CHECK =
        /ELSIF EXISTS \(SELECT 1 FROM parks p WHERE p\.id = h\.park_id[\s\S]*?v_status := 'closed';/;
      const booked = await withoutCheck("complete_hold", COMPLETE_CHECK, () =>
        duringClosure(days, () => verify(bases[0]!, second)),
      );
      expect((booked.body.data as { booking: { status: string } }).booking.status).toBe("booked");
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });
  },
);
