import {
  addDays,
  ALLOCATION_CONFLICT_MESSAGE,
  BOOKING_FULL_MESSAGE,
  dayOnClock,
  EVENT_SOLD_OUT_MESSAGE,
  PASS_FULL_MESSAGE,
  PASS_SOLD_OUT_MESSAGE,
  POS_FULL_MESSAGE,
  type AdminPlan,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createEvent } from "../../test/events";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, fundedUser, HOUR, setCapacity } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

const ZONE = "Africa/Lagos";
/** Lagos keeps West Africa Time all year (UTC+1, no summer time): the count below relies on it. */
const LAGOS_OFFSET = HOUR;
const DAY = 24 * HOUR;
const CAPACITY = 6;
const FUNDS = 100_000_000;
/** How far ahead the count looks: past the first month of every pass sold. */
const HORIZON = 40 * DAY;

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));
const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
type Kind = "pass" | "booking" | "drive-up" | "event booking" | "allocation raise";
interface Racer {
  kind: Kind;
  /** The driver who pays (none for a drive-up, paid at the gate, or the back office's raise). */
  driver?: TestUser;
  send(bases: string[]): Promise<Answer>;
}
interface Interval {
  start: number;
  end: number;
  n: number;
  what: string;
}

/**
 * Monthly passes racing everything else that holds a park's spaces, through HTTP on two app
 * instances (two pools) on one PostgreSQL database: pass purchases on a weekday plan and a 24/7
 * plan, hourly bookings in the plan's hours, drive-up sales at the gate, bookings of an event at the
 * park and a raise of the event's allocation, all sent at once for a park of 6 spaces. Afterwards
 * the test counts, from the tables themselves (not with space_holds or booking_peak, which are what
 * it tests), what is held at every boundary of every hold over the next weeks: never more than the
 * capacity. Each winner paid once, each loser nothing. The negative control runs the same race with
 * the capacity locks taken out of book_space and the drive-up sale (as the bookings' and the gate's
 * race tests do) and pass_fits answering "fits" always, in this test's own database: it must
 * overbook, or the count could not see an overbooking. PGlite runs one query at a time, so these
 * races cannot happen there: PostgreSQL only (TEST_DB_ENGINE=postgres, `npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "monthly passes racing bookings, drive-ups and events (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let manager: TestUser;
    let admin: TestUser;
    let parks: number[];
    const closers: (() => Promise<void>)[] = [];

    async function instances(unsafe: boolean): Promise<string[]> {
      const extra = unsafe ? { bookings: { unsafeSkipCapacityLock: true } } : {};
      const a = await anotherApp(ctx, extra, 10);
      const b = await anotherApp(ctx, extra, 10);
      closers.push(a.close, b.close);
      return [await listenApi(a.app), await listenApi(b.app)];
    }
    const send = (base: string, user: TestUser, method: string, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const call = (user: TestUser, method: "POST" | "PATCH", url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), payload });

    /** The instant of `time` ("HH:MM") on the park's calendar day `date`. */
    const lagos = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00Z`) - LAGOS_OFFSET);
    const isoWeekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

    async function plan(parkId: number, windows: typeof weekdays, name: string): Promise<AdminPlan> {
      const res = await call(manager, "POST", "/admin/plans", {
        park_id: parkId,
        name: { en: name, fr: name },
        windows,
        prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
        allocation: CAPACITY,
        status: "on_sale",
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AdminPlan>();
    }

    /**
     * A park of 6 spaces with a weekday plan, a 24/7 plan and an event (allocation 1), and the
     * racers for it: 16 passes from tomorrow, 12 bookings on a weekday ahead within the plan's
     * hours, 8 drive-ups from now (half for 24 hours, half for 2), 4 bookings of the event and a raise of its
     * allocation to 3. Each driver has a wallet of their own.
     */
    async function contest(parkId: number, round: number): Promise<Racer[]> {
      await setCapacity(db, parkId, 1, CAPACITY);
      const byWeek = await plan(parkId, weekdays, `Weekdays ${round}`);
      const always = await plan(parkId, allWeek, `Always ${round}`);
      // Tomorrow on the park's clock, so that a request crossing midnight still starts a pass today or later.
      const tomorrow = addDays(dayOnClock(new Date(), ZONE), 1);
      let day = addDays(tomorrow, 1);
      while (isoWeekday(day) > 5) day = addDays(day, 1);
      const eventStart = lagos(day, "12:00");
      const event = await createEvent(db, {
        start: eventStart,
        end: new Date(eventStart.getTime() + 2 * HOUR),
        parks: [{ parkId, before: 60, after: 60, offers: [{ allocation: 1 }] }],
      });
      const racers: Racer[] = [];
      for (let i = 0; i < 16; i += 1) {
        const driver = await fundedUser(db, FUNDS);
        racers.push({
          kind: "pass",
          driver,
          send: (bases) =>
            send(bases[i % 2]!, driver, "POST", "/passes", {
              plan_id: i % 2 === 0 ? always.id : byWeek.id,
              vehicle_type_id: 1,
              plates: [`PR${round}P${i}AA`],
              start_date: tomorrow,
            }),
        });
      }
      for (let i = 0; i < 12; i += 1) {
        const driver = await fundedUser(db, FUNDS);
        const start = lagos(day, `${String(7 + (i % 6)).padStart(2, "0")}:00`);
        racers.push({
          kind: "booking",
          driver,
          send: (bases) =>
            send(bases[(i + 1) % 2]!, driver, "POST", "/bookings", {
              park_id: parkId,
              vehicle_type_id: 1,
              start_time: start.toISOString(),
              end_time: new Date(start.getTime() + 2 * HOUR).toISOString(),
            }),
        });
      }
      for (let i = 0; i < 8; i += 1) {
        racers.push({
          kind: "drive-up",
          send: (bases) =>
            send(bases[i % 2]!, admin, "POST", "/admin/pos-sales", {
              park_id: parkId,
              vehicle_type_id: 1,
              plate_number: `DR${round}U${i}BB`,
              // Half stay a day (into the passes' first day), half two hours.
              expected_minutes: i % 2 === 0 ? 24 * 60 : 120,
            }),
        });
      }
      for (let i = 0; i < 4; i += 1) {
        const driver = await fundedUser(db, FUNDS);
        racers.push({
          kind: "event booking",
          driver,
          send: (bases) =>
            send(bases[(i + 1) % 2]!, driver, "POST", "/bookings", {
              event_code: event.code,
              park_id: parkId,
              vehicle_type_id: 1,
            }),
        });
      }
      racers.push({
        kind: "allocation raise",
        send: (bases) =>
          send(bases[round % 2]!, admin, "PATCH", `/admin/events/${event.code}`, {
            parks: [
              {
                park_id: parkId,
                arrive_before_minutes: 60,
                depart_after_minutes: 60,
                prices: [{ vehicle_type_id: 1, price: 5_000, allocation: 3 }],
              },
            ],
          }),
      });
      return racers;
    }

    /** Sends every racer at once (interleaved kinds) and answers each one's reply, in the racers' order. */
    async function race(racers: Racer[], bases: string[]): Promise<Answer[]> {
      // Each kind spread over the whole volley rather than sent in a block.
      const spread = (i: number) => (i * 7919) % racers.length;
      const order = racers.map((_, i) => i).sort((a, b) => spread(a) - spread(b));
      const answers: Answer[] = new Array<Answer>(racers.length);
      await Promise.all(
        order.map(async (i) => {
          answers[i] = await racers[i]!.send(bases);
        }),
      );
      return answers;
    }

    /** The kinds' answers other than a success: a 409 with the project's words for a full park, nothing else. */
    const refusals: Record<Kind, Record<string, string>> = {
      pass: { full: PASS_FULL_MESSAGE, plan_sold_out: PASS_SOLD_OUT_MESSAGE },
      booking: { no_capacity: BOOKING_FULL_MESSAGE },
      "drive-up": { no_capacity: POS_FULL_MESSAGE },
      "event booking": { event_sold_out: EVENT_SOLD_OUT_MESSAGE },
      "allocation raise": { allocation_conflict: ALLOCATION_CONFLICT_MESSAGE },
    };
    const success = (kind: Kind) => (kind === "allocation raise" ? 200 : 201);

    /**
     * Everything that holds one of the park's Car spaces from `from` to `to`, read from the tables:
     * bookings (an event's own inside its allocation while the event is published), holds not
     * expired, parked drive-ups, published events' allocations over their windows, and each valid
     * pass's plan hours from its start to the end of its hold, laid on the Lagos calendar here.
     */
    async function holdsAt(parkId: number, from: number, to: number): Promise<Interval[]> {
      const [park] = await queryRows<{ time_zone: string }>(
        db,
        sql`SELECT time_zone FROM parks WHERE id = ${parkId}`,
      );
      expect(park!.time_zone).toBe(ZONE);
      const ms = (t: string | Date) => new Date(t).getTime();
      const out: Interval[] = [];
      const simple = await queryRows<{ what: string; s: string; e: string; n: number }>(
        db,
        sql`SELECT 'booking ' || b.booking_code AS what, b.start_time AS s, b.end_time AS e, 1 AS n FROM bookings b
            WHERE b.park_id = ${parkId} AND b.vehicle_type_id = 1 AND b.status = 'active'
              AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = b.event_id AND e.status = 'published')
          UNION ALL
          SELECT 'hold ' || h.booking_code, h.start_time, h.end_time, 1 FROM booking_holds h
            WHERE h.park_id = ${parkId} AND h.vehicle_type_id = 1 AND h.status = 'held' AND h.expires_at > now()
          UNION ALL
          SELECT 'drive-up ' || s.sale_code, s.start_time, s.end_time, 1 FROM pos_sales s
            WHERE s.park_id = ${parkId} AND s.vehicle_type_id = 1 AND s.status = 'parked'
          UNION ALL
          SELECT 'event ' || e.event_code, ep.window_start, ep.window_end, r.allocation FROM event_rates r
            JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
            JOIN events e ON e.id = r.event_id
            WHERE r.park_id = ${parkId} AND r.vehicle_type_id = 1 AND e.status = 'published'`,
      );
      for (const r of simple) out.push({ start: ms(r.s), end: ms(r.e), n: Number(r.n), what: r.what });
      const passes = await queryRows<{ code: string; plan_id: number; s: string; held: string }>(
        db,
        sql`SELECT pass_code AS code, plan_id, starts_at AS s, held_until::text AS held FROM passes
            WHERE park_id = ${parkId} AND vehicle_type_id = 1 AND status IN ('active', 'grace')`,
      );
      const windows = await queryRows<{ plan_id: number; weekday: number; s: number; e: number }>(
        db,
        sql`SELECT plan_id, weekday, start_minute AS s, end_minute AS e FROM plan_windows
            WHERE plan_id IN (SELECT id FROM parking_plans WHERE park_id = ${parkId})`,
      );
      for (const p of passes) {
        const start = Math.max(ms(p.s), from);
        const end = Math.min(p.held === "infinity" ? Infinity : ms(p.held), to);
        // Each Lagos calendar day from the one before the start (a window past midnight) to the end.
        for (let d = Math.floor((start + LAGOS_OFFSET) / DAY) - 1; d * DAY - LAGOS_OFFSET < end; d += 1) {
          const midnight = d * DAY - LAGOS_OFFSET;
          const weekday = new Date(d * DAY).getUTCDay() || 7;
          for (const w of windows) {
            if (Number(w.plan_id) !== Number(p.plan_id) || Number(w.weekday) !== weekday) continue;
            const s = midnight + Number(w.s) * 60_000;
            const e = midnight + Number(w.e) * 60_000 + (Number(w.e) <= Number(w.s) ? DAY : 0);
            const clipped = { start: Math.max(s, start), end: Math.min(e, end) };
            if (clipped.start < clipped.end) out.push({ ...clipped, n: 1, what: `pass ${p.code}` });
          }
        }
      }
      return out.filter((h) => h.start < to && h.end > from);
    }

    /** The most spaces held at once over [now, now + HORIZON): the sum at every hold's start (ends first). */
    async function peakHeld(parkId: number): Promise<{ peak: number; at: string; holds: string[] }> {
      const from = Date.now();
      const holds = await holdsAt(parkId, from, from + HORIZON);
      const edges = holds
        .flatMap((h) => [
          { t: Math.max(h.start, from), d: h.n },
          { t: h.end, d: -h.n },
        ])
        .sort((a, b) => a.t - b.t || a.d - b.d);
      let held = 0;
      let best = { peak: 0, at: "" };
      for (const e of edges) {
        held += e.d;
        if (held > best.peak) best = { peak: held, at: new Date(e.t).toISOString() };
      }
      const at = Date.parse(best.at || new Date(from).toISOString());
      return { ...best, holds: holds.filter((h) => h.start <= at && h.end > at).map((h) => h.what) };
    }

    /** Ledger entries on each driver's wallets: the top-up, and the one charge of a winner. */
    async function walletEntries(drivers: TestUser[]): Promise<Map<string, number>> {
      const rows = await queryRows<{ owner: string; n: number }>(
        db,
        sql`SELECT a.owner_user_id AS owner, count(e.id)::int AS n FROM wallet_accounts a
            JOIN ledger_entries e ON e.account_id = a.id
            WHERE a.kind = 'user_wallet' AND a.owner_user_id = ANY(${sql.param(drivers.map((d) => d.id))}::uuid[])
            GROUP BY a.owner_user_id`,
      );
      return new Map(rows.map((r) => [r.owner, Number(r.n)]));
    }

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      parks = await allDayParks(db, 3, { operatorId: harbourview, timeZone: ZONE });
      expect(parks).toHaveLength(3);
      manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
      admin = await createStaff(db, "admin");
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    it("passes, bookings, drive-ups and an event sent at once never hold more than the park's spaces; each winner pays once (2 rounds)", async () => {
      const bases = await instances(false);
      for (let round = 0; round < 2; round += 1) {
        const parkId = parks[round]!;
        const racers = await contest(parkId, round);
        const answers = await race(racers, bases);
        const won = racers.map((r, i) => answers[i]!.status === success(r.kind));
        for (const [i, r] of racers.entries()) {
          const a = answers[i]!;
          if (won[i]) continue;
          const context = `round ${round}, ${r.kind}: ${a.status} ${JSON.stringify(a.body)}`;
          expect(a.status, context).toBe(409);
          expect(a.body.message, context).toBe(refusals[r.kind][a.body.code as string]);
        }
        // Far more was asked than the park holds: passes lost, and many more besides.
        expect(
          won.filter((w, i) => !w && racers[i]!.kind === "pass").length,
          `round ${round}`,
        ).toBeGreaterThan(0);
        expect(won.filter((w) => !w).length, `round ${round}`).toBeGreaterThanOrEqual(10);
        const { peak, at, holds } = await peakHeld(parkId);
        expect(peak, `round ${round}: ${peak} held at ${at}: ${holds.join(", ")}`).toBeLessThanOrEqual(
          CAPACITY,
        );
        expect(peak, `round ${round}: the race filled the park`).toBe(CAPACITY);

        // Money: each winner's wallet paid what it was told, in one ledger move; each loser's is untouched.
        const paying = racers.filter((r) => r.driver);
        const entries = await walletEntries(paying.map((r) => r.driver!));
        for (const [i, r] of racers.entries()) {
          if (!r.driver) continue;
          const a = answers[i]!;
          const context = `round ${round}, ${r.kind} ${i}: ${a.status}`;
          const charged = !won[i]
            ? 0
            : r.kind === "pass"
              ? Math.round((a.body.charged as { amount: number }).amount * 100)
              : Math.round((a.body.amount as number) * 100);
          if (won[i]) expect(charged, context).toBeGreaterThan(0);
          expect(await walletBalanceMinor(db, r.driver.id, "NGN"), context).toBe(FUNDS - charged);
          expect(entries.get(r.driver.id), context).toBe(won[i] ? 2 : 1);
        }
        const passWinners = racers
          .map((r, i) => ({ r, a: answers[i]!, w: won[i] }))
          .filter((x) => x.r.kind === "pass" && x.w);
        for (const { a } of passWinners) {
          const [moves] = await queryRows<{ n: number; charges: number }>(
            db,
            sql`SELECT (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key LIKE ${`pass:${a.body.id as string}:%`}) AS n,
              (SELECT count(*)::int FROM pass_charges WHERE pass_id = ${a.body.id as string}) AS charges`,
          );
          expect(moves).toEqual({ n: 1, charges: 1 });
        }
        const [sold] = await queryRows<{ passes: number; bookings: number; sales: number }>(
          db,
          sql`SELECT (SELECT count(*)::int FROM passes WHERE park_id = ${parkId}) AS passes,
            (SELECT count(*)::int FROM bookings WHERE park_id = ${parkId}) AS bookings,
            (SELECT count(*)::int FROM pos_sales WHERE park_id = ${parkId}) AS sales`,
        );
        const count = (...kinds: Kind[]) => racers.filter((r, i) => won[i] && kinds.includes(r.kind)).length;
        expect(sold).toEqual({
          passes: count("pass"),
          bookings: count("booking", "event booking"),
          sales: count("drive-up"),
        });
      }
    });

    /** `name`'s definition in this test's database, rewritten by `change` until `restore`. */
    async function rewrite(name: string, change: (def: string) => string): Promise<() => Promise<void>> {
      const [row] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef(${name}::regproc) AS def`,
      );
      const original = row!.def;
      const changed = change(original);
      expect(changed).not.toBe(original);
      await db.execute(sql.raw(changed));
      return () => db.execute(sql.raw(original)).then(() => undefined);
    }

    it("negative control: without the capacity locks and with a fit check that always fits, the same race overbooks", async () => {
      const parkId = parks[2]!;
      const bases = await instances(true);
      const restores = [
        await rewrite("book_space", (def) => def.replace(/\s+FOR UPDATE;/, ";")),
        await rewrite("pass_fits", (def) => def.replace(/RETURN NOT EXISTS \(/, "RETURN true OR EXISTS (")),
      ];
      try {
        const racers = await contest(parkId, 2);
        const answers = await race(racers, bases);
        for (const [i, r] of racers.entries()) {
          const a = answers[i]!;
          expect([success(r.kind), 409], `${r.kind}: ${a.status} ${JSON.stringify(a.body)}`).toContain(
            a.status,
          );
        }
        const { peak, at, holds } = await peakHeld(parkId);
        expect(peak, `${peak} held at ${at}: ${holds.join(", ")}`).toBeGreaterThan(CAPACITY);
      } finally {
        for (const restore of restores) await restore();
        // Take the overbooked park's holds away: nothing later counts them.
        await db.execute(
          sql`UPDATE passes SET status = 'ended', ended_reason = 'cancelled' WHERE park_id = ${parkId}`,
        );
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parkId}`);
        await db.execute(
          sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${parkId} AND status = 'parked'`,
        );
      }
    });
  },
);
