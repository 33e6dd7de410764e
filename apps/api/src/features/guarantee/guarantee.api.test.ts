import {
  addDays,
  allocate,
  windowVerdict,
  type Booking,
  type BookingOffer,
  type ParkClock,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import { allDayParks, at, book, fundedUser, holdWindow, HOUR } from "../bookings/bookings.test-kit";
import { bookEvent } from "../bookings/event-bookings.test-kit";
import { PASS_ZONE, passRequest, planAtPark } from "../passes/passes.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { localDays, parkZone } from "./guarantee.test-kit";

let ctx: TestContext;
let db: Db;
let manager: TestUser;
let otherManager: TestUser;
let harbourview: number;
let parkId: number;
/** Harbourview's other Lagos parks open all day: a closure of their own for each test below. */
let lagosParks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const own = new Set(await parksOf(db, harbourview));
  parkId = (await allDayParks(db, 200)).find((id) => own.has(id))!;
  lagosParks = (await allDayParks(db, 200, { timeZone: PASS_ZONE, operatorId: harbourview })).filter(
    (id) => id !== parkId,
  );
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  const [other] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM operators WHERE id <> ${harbourview} ORDER BY id LIMIT 1`,
  );
  otherManager = await createStaff(db, "branch_manager", { operatorId: Number(other!.id) });
});
afterAll(async () => {
  await ctx?.close();
});

const call = (
  user: TestUser,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
  headers = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(user), ...headers },
    ...(payload ? { payload } : {}),
  });

const offerRows = () =>
  queryRows<{
    code: string;
    status: string;
    payer: string;
    refunded_minor: number;
    difference_minor: number;
  }>(
    db,
    sql`SELECT b.booking_code AS code, o.status, o.payer, o.refunded_minor, o.difference_minor
      FROM booking_offers o JOIN bookings b ON b.id = o.booking_id WHERE o.park_id = ${parkId} ORDER BY b.booking_code`,
  );

describe("the space guarantee", () => {
  it("lists what a closure hits, offers each booking a space elsewhere or a refund, and settles each once", async () => {
    const zone = await parkZone(db, parkId);
    const drivers = [
      await fundedUser(db, 50_000_000),
      await fundedUser(db, 50_000_000),
      await fundedUser(db, 50_000_000),
    ];
    const windows = [
      [26, 28],
      [27, 30],
      [26 + 96, 28 + 96], // four days later: not hit
    ] as const;
    const booked: Booking[] = [];
    for (const [i, [from, to]] of windows.entries()) {
      const res = await book(ctx.app, drivers[i]!, {
        park_id: parkId,
        start: at(from * HOUR),
        end: at(to * HOUR),
        plate_number: `GTE ${100 + i} AA`,
      });
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json<Booking>());
    }
    const closures = localDays(zone, [at(26 * HOUR), at(30 * HOUR - 1)]);

    // The preview: a 409 listing the two bookings hit and who pays; nothing saved.
    const preview = await call(manager, "PATCH", `/admin/parks/${parkId}`, { closures });
    expect(preview.statusCode, preview.body).toBe(409);
    expect(preview.json()).toMatchObject({
      code: "closure_conflict",
      affected: { total: 2, payer: "operator" },
    });
    expect(
      preview
        .json()
        .affected.bookings.map((b: { booking_code: string }) => b.booking_code)
        .sort(),
    ).toEqual([booked[0]!.booking_code, booked[1]!.booking_code].sort());
    expect((await call(manager, "GET", `/admin/parks/${parkId}`)).json().closures).toEqual([]);
    expect(await offerRows()).toEqual([]);

    // Confirmed: saved, two offers, each driver told by e-mail with the offer's link.
    const saved = await call(manager, "PATCH", `/admin/parks/${parkId}`, {
      closures,
      confirm_closures: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().closures).toEqual(closures);
    expect((await offerRows()).map((o) => [o.code, o.status, o.payer])).toEqual(
      [booked[0]!.booking_code, booked[1]!.booking_code].sort().map((c) => [c, "open", "operator"]),
    );
    const mails = await readMailbox(ctx);
    const offerMail = mails.find((m) => m.body.includes(`/booking-offers/${booked[0]!.booking_code}`));
    expect(offerMail?.subject).toContain(booked[0]!.booking_code);
    // The closed window takes no new booking.
    const late = await book(ctx.app, drivers[2]!, {
      park_id: parkId,
      start: at(26 * HOUR),
      end: at(27 * HOUR),
      plate_number: "GTE 900 AA",
    });
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json().code).toBe("window_not_bookable");

    // Another driver's booking has no offer for them.
    const code0 = booked[0]!.booking_code;
    expect((await call(drivers[1]!, "GET", `/booking-offers/${code0}`)).json().code).toBe(
      "booking_offer_not_found",
    );
    const first = await call(drivers[0]!, "GET", `/booking-offers/${code0}`);
    expect(first.statusCode, first.body).toBe(200);
    const offer = first.json<BookingOffer>();
    expect(offer).toMatchObject({ status: "open", cause: "closure", paid: booked[0]!.paid });
    expect(offer.alternatives.length).toBeGreaterThan(0);
    const target = offer.alternatives[0]!;
    expect(target.park_id).not.toBe(parkId);
    // The nearest park costs more than was paid now: the guarantee pays the difference.
    await db.execute(sql`UPDATE park_rates SET hourly_minor = hourly_minor * 5, daily_max_minor = daily_max_minor * 5
      WHERE park_id = ${target.park_id} AND vehicle_type_id = 1 AND kind = 'standard'`);
    const normal = (await call(drivers[0]!, "GET", `/booking-offers/${code0}`)).json<BookingOffer>();
    const normalPrice = normal.alternatives.find((a) => a.park_id === target.park_id)!.price;
    // And it prices by a busy-time rule now (decision 059): the offer and the rebooking say so.
    const admin = await createStaff(db, "admin");
    const rule = await call(admin, "POST", `/admin/parks/${target.park_id}/rate-rules`, {
      name: "Always busy",
      adjustment_percent: 100,
      days: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const priced = (await call(drivers[0]!, "GET", `/booking-offers/${code0}`)).json<BookingOffer>();
    const again = priced.alternatives.find((a) => a.park_id === target.park_id)!;
    expect(again.price).toBeGreaterThan(normalPrice);
    expect(again.covered).toBeGreaterThan(0);
    expect(again.covered).toBeCloseTo(again.price - booked[0]!.paid, 6);

    const wallet = await walletBalanceMinor(db, drivers[0]!.id, "NGN");
    const key = { "idempotency-key": "rebook-test-key-0001" };
    const moved = await call(
      drivers[0]!,
      "POST",
      `/booking-offers/${code0}/rebook`,
      { park_id: target.park_id },
      key,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    const rebooked = moved.json<Booking>();
    expect(rebooked).toMatchObject({
      status: "active",
      start_time: booked[0]!.start_time,
      end_time: booked[0]!.end_time,
    });
    expect(rebooked.park.id).toBe(target.park_id);
    expect(rebooked.amount).toBeCloseTo(again.price, 6);
    expect(rebooked.breakdown.busy_time).toMatchObject({ rule: "Always busy" });
    expect(await walletBalanceMinor(db, drivers[0]!.id, "NGN")).toBe(wallet);
    // The same key replays the rebooking; nothing moves again.
    const replay = await call(
      drivers[0]!,
      "POST",
      `/booking-offers/${code0}/rebook`,
      { park_id: target.park_id },
      key,
    );
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json<Booking>().booking_code).toBe(rebooked.booking_code);
    // Another key: the first booking is closed already.
    const twice = await call(
      drivers[0]!,
      "POST",
      `/booking-offers/${code0}/rebook`,
      { park_id: target.park_id },
      {
        "idempotency-key": "rebook-test-key-0002",
      },
    );
    expect(twice.statusCode, twice.body).toBe(409);
    expect((await call(drivers[0]!, "POST", `/booking-offers/${code0}/refund`)).statusCode).toBe(409);
    const settled = (await call(drivers[0]!, "GET", `/booking-offers/${code0}`)).json<BookingOffer>();
    expect(settled).toMatchObject({
      status: "rebooked",
      rebooked_booking_code: rebooked.booking_code,
      alternatives: [],
    });
    // The credit note gives the first booking back in full; the operator paid the difference.
    const [note] = await queryRows<{ total: number }>(
      db,
      sql`SELECT total_minor AS total FROM receipts WHERE reference = ${code0} AND kind = 'credit_note'`,
    );
    expect(Number(note!.total)).toBe(-Math.round(booked[0]!.paid * 100));
    const [line] = await queryRows<{ amount: number }>(
      db,
      sql`SELECT amount_minor AS amount FROM operator_lines WHERE kind = 'guarantee' AND reference = ${code0}`,
    );
    expect(Number(line!.amount)).toBe(-Math.round(again.covered * 100));

    // The second driver takes the refund: everything back, fees included, once.
    const code1 = booked[1]!.booking_code;
    const before1 = await walletBalanceMinor(db, drivers[1]!.id, "NGN");
    const refunded = await call(drivers[1]!, "POST", `/booking-offers/${code1}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<BookingOffer>()).toMatchObject({ status: "refunded", refunded: booked[1]!.paid });
    expect(await walletBalanceMinor(db, drivers[1]!.id, "NGN")).toBe(
      before1 + Math.round(booked[1]!.paid * 100),
    );
    expect((await call(drivers[1]!, "POST", `/booking-offers/${code1}/refund`)).statusCode).toBe(409);

    // The third booking is hit by a later closure; left alone, it is refunded when its window starts.
    const code2 = booked[2]!.booking_code;
    const later = localDays(zone, [at(windows[2][0] * HOUR)]);
    const closeLater = await call(manager, "PATCH", `/admin/parks/${parkId}`, {
      closures: [...closures, ...later],
      confirm_closures: true,
    });
    expect(closeLater.statusCode, closeLater.body).toBe(200);
    await db.execute(
      sql`UPDATE bookings SET start_time = ${at(-60_000).toISOString()}::timestamptz WHERE booking_code = ${code2}`,
    );
    const before2 = await walletBalanceMinor(db, drivers[2]!.id, "NGN");
    for (let run = 0; run < 2; run += 1) {
      await ctx.app.jobs.send(db, "guarantee-refund", {});
      await ctx.app.jobs.runDue(["guarantee-refund"]);
    }
    expect(await walletBalanceMinor(db, drivers[2]!.id, "NGN")).toBe(
      before2 + Math.round(booked[2]!.paid * 100),
    );
    expect((await offerRows()).find((o) => o.code === code2)?.status).toBe("refunded");

    // What the closures cost, on the park's list; another operator's staff do not see it.
    const list = await call(manager, "GET", `/admin/parks/${parkId}/guarantee-offers?size=10`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toHaveLength(3);
    const [totals] = list.json().totals;
    expect(totals).toMatchObject({ currency: "NGN", parkwell_paid: 0, open: 0 });
    expect(totals.refunded).toBeCloseTo(booked[0]!.paid + booked[1]!.paid + booked[2]!.paid, 6);
    expect(totals.operator_paid).toBeCloseTo(again.covered, 6);
    expect((await call(otherManager, "GET", `/admin/parks/${parkId}/guarantee-offers`)).statusCode).toBe(404);

    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("refunds every due offer though one of them fails, and that one on a later run", async () => {
    const own = new Set(await parksOf(db, harbourview));
    const otherPark = (await allDayParks(db, 200)).find((id) => own.has(id) && id !== parkId)!;
    const zone = await parkZone(db, otherPark);
    const drivers = [await fundedUser(db, 50_000_000), await fundedUser(db, 50_000_000)];
    const codes: string[] = [];
    for (const [i, driver] of drivers.entries()) {
      const res = await book(ctx.app, driver, {
        park_id: otherPark,
        start: at((50 + i) * HOUR),
        end: at((51 + i) * HOUR),
        plate_number: `GTF ${200 + i} AA`,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json<Booking>().booking_code);
    }
    const closed = await call(manager, "PATCH", `/admin/parks/${otherPark}`, {
      closures: localDays(zone, [at(50 * HOUR), at(52 * HOUR)]),
      confirm_closures: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Both windows have started; the earlier one's refund (first in the job's order) fails.
    for (const [i, code] of codes.entries()) {
      await db.execute(
        sql`UPDATE bookings SET start_time = ${at(-(2 - i) * 60_000).toISOString()}::timestamptz WHERE booking_code = ${code}`,
      );
    }
    await db.execute(
      sql.raw(`CREATE FUNCTION pg_temp_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_one BEFORE UPDATE ON bookings FOR EACH ROW
        WHEN (OLD.booking_code = '${codes[0]}') EXECUTE FUNCTION pg_temp_refuse()`),
    );
    const status = async () =>
      (
        await queryRows<{ code: string; status: string }>(
          db,
          sql`SELECT b.booking_code AS code, o.status FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
            WHERE o.park_id = ${otherPark} ORDER BY b.start_time`,
        )
      ).map((o) => o.status);
    const before = await walletBalanceMinor(db, drivers[1]!.id, "NGN");
    try {
      await ctx.app.jobs.send(db, "guarantee-refund", {});
      await ctx.app.jobs.runDue(["guarantee-refund"]);
      expect(await status()).toEqual(["open", "refunded"]);
      expect(await walletBalanceMinor(db, drivers[1]!.id, "NGN")).toBeGreaterThan(before);
    } finally {
      await db.execute(sql.raw("DROP TRIGGER refuse_one ON bookings"));
      await db.execute(sql.raw("DROP FUNCTION pg_temp_refuse()"));
    }
    await ctx.app.jobs.send(db, "guarantee-refund", {});
    await ctx.app.jobs.runDue(["guarantee-refund"]);
    expect(await status()).toEqual(["refunded", "refunded"]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("window_hits_closure, book_space's closure rule, says what the window rule (opening-hours.ts) says", async () => {
    // Around a change of clock (Toronto leaves summer time on 2026-11-01) with two closure days,
    // one the day after the change: every window of 1 h to 49 h starting each hour over four days.
    const timeZone = "America/Toronto";
    const closures = ["2026-11-02", "2026-11-04"];
    const from = Date.parse("2026-10-31T04:00:00Z");
    const windows: { start: Date; end: Date }[] = [];
    for (let h = 0; h < 4 * 24; h += 1) {
      for (const length of [1, 5, 20, 24, 30, 49]) {
        const start = new Date(from + h * HOUR);
        windows.push({ start, end: new Date(start.getTime() + length * HOUR) });
      }
    }
    const before = new Date(from - 24 * HOUR);
    const nights = Array(7).fill({ open: "20:00", close: "06:00" });
    for (const overnight of [false, true]) {
      const [row] = await queryRows<{ hits: boolean[] }>(
        db,
        sql`SELECT array_agg(window_hits_closure(${sql.param(closures)}::date[], ${timeZone}, ${overnight}, w.s, w.e)
            ORDER BY w.n) AS hits
          FROM unnest(${sql.param(windows.map((w) => w.start.toISOString()))}::timestamptz[],
            ${sql.param(windows.map((w) => w.end.toISOString()))}::timestamptz[]) WITH ORDINALITY AS w(s, e, n)`,
      );
      const hits = row!.hits;
      expect(hits).toHaveLength(windows.length);
      expect(hits.filter(Boolean).length).toBeGreaterThan(0);
      expect(hits.filter((h) => !h).length).toBeGreaterThan(0);
      // Open all day: a window is refused exactly when the SQL says it hits a closure day.
      const allDay: ParkClock = { open24h: true, openingHours: null, timeZone, overnight, closures };
      const disagree = windows.filter(
        (w, i) => windowVerdict(w.start, w.end, before, allDay).bookable === hits[i],
      );
      expect(
        disagree.map((w) => `${w.start.toISOString()} ${w.end.toISOString()}`),
        `overnight ${overnight}`,
      ).toEqual([]);
      // Open at night only (20:00 to 06:00): no window the rule accepts is refused by book_space,
      // a night running into a closure day included (it stops at that day's midnight).
      const atNight: ParkClock = { open24h: false, openingHours: nights, timeZone, overnight, closures };
      const refused = windows.filter(
        (w, i) => hits[i] && windowVerdict(w.start, w.end, before, atNight).bookable,
      );
      expect(
        refused.map((w) => `${w.start.toISOString()} ${w.end.toISOString()}`),
        `overnight ${overnight}`,
      ).toEqual([]);
    }
  });

  it("a closure gives each monthly pass term hit its closed days' share at once, once, with its credit note and e-mail", async () => {
    const [passPark, otherPark] = lagosParks;
    const zone = await parkZone(db, passPark!);
    expect(zone).toBe(PASS_ZONE);
    /** A commuter's plan (weekdays 07:00 to 19:00) at a park, and a pass of it bought from tomorrow. */
    const passAt = async (park: number, plate: string) => {
      const plan = await planAtPark(ctx, manager, park);
      const driver = await fundedUser(db, 50_000_000);
      const bought = await call(driver, "POST", "/passes", { ...passRequest(plan.id), plates: [plate] });
      expect(bought.statusCode, bought.body).toBe(201);
      const [term] = await queryRows<{
        id: string;
        code: string;
        period_start: Date | string;
        period_end: Date | string;
        total: number;
      }>(
        db,
        sql`SELECT s.id, s.pass_code AS code, c.period_start, c.period_end, c.total_minor AS total
          FROM passes s JOIN pass_charges c ON c.pass_id = s.id AND c.period = 1 WHERE s.user_id = ${driver.id}`,
      );
      return { driver, ...term!, total: Number(term!.total) };
    };
    const pass = await passAt(passPark!, "GTP100AA");
    const other = await passAt(otherPark!, "GTP200AA");
    const otherWallet = await walletBalanceMinor(db, other.driver.id, "NGN");

    // The days the pass's windows run in its term (weekdays on the park's clock): each an equal share.
    const termDays: string[] = [];
    const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
    for (
      let t = new Date(pass.period_start).getTime();
      t < new Date(pass.period_end).getTime();
      t += 24 * HOUR
    ) {
      const [day] = localDays(zone, [new Date(t + HOUR)]);
      if (![0, 6].includes(weekdayOf(day!))) termDays.push(day!);
    }
    const shares = allocate(
      pass.total,
      termDays.map(() => 1),
    );
    // Two weekdays a few days on, and a Saturday (no window of the pass: nothing for it).
    const closed = [termDays[3]!, termDays[4]!];
    const saturday = [5, 6, 7, 8, 9, 10, 11]
      .map((n) => addDays(termDays[0]!, n))
      .find((d) => weekdayOf(d) === 6)!;
    const expected = shares[3]! + shares[4]!;
    const closures = [...closed, saturday].sort();

    // The preview lists the pass with what it gets back; the pass elsewhere is not there.
    const preview = await call(manager, "PATCH", `/admin/parks/${passPark}`, { closures });
    expect(preview.statusCode, preview.body).toBe(409);
    expect(preview.json().affected.passes).toEqual([
      { pass_code: pass.code, plate_number: "GTP100AA", refund: expected / 100, currency: "NGN" },
    ]);

    const wallet = await walletBalanceMinor(db, pass.driver.id, "NGN");
    // Its payment after the closure's commit fails: the closure is saved, the job pays it later.
    await db.execute(
      sql.raw(`CREATE FUNCTION pg_temp_refuse_pass() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_pass BEFORE UPDATE ON pass_closure_refunds FOR EACH ROW
        WHEN (OLD.pass_id = '${pass.id}') EXECUTE FUNCTION pg_temp_refuse_pass()`),
    );
    try {
      const saved = await call(manager, "PATCH", `/admin/parks/${passPark}`, {
        closures,
        confirm_closures: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().closures).toEqual(closures);
      expect(await walletBalanceMinor(db, pass.driver.id, "NGN")).toBe(wallet);
    } finally {
      await db.execute(sql.raw("DROP TRIGGER refuse_pass ON pass_closure_refunds"));
      await db.execute(sql.raw("DROP FUNCTION pg_temp_refuse_pass()"));
    }
    await ctx.app.jobs.send(db, "guarantee-refund", {});
    await ctx.app.jobs.runDue(["guarantee-refund"]);
    expect(await walletBalanceMinor(db, pass.driver.id, "NGN")).toBe(wallet + expected);
    const ledgerKey = `pass:${pass.id}:closure:1:${closed[0]}`;
    const rows = await queryRows<{ day: string; amount: number; key: string }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, amount_minor AS amount, ledger_key AS key
        FROM pass_closure_refunds WHERE pass_id = ${pass.id}::uuid ORDER BY day`,
    );
    expect(rows.map((r) => [r.day, Number(r.amount), r.key])).toEqual([
      [closed[0], shares[3], ledgerKey],
      [closed[1], shares[4], ledgerKey],
    ]);
    // Its credit note gives back part of the term's receipt; the operator's share is taken with it.
    const [note] = await queryRows<{ total: number; reverses: number; charge: number }>(
      db,
      sql`SELECT n.total_minor AS total, n.reverses_id AS reverses,
          (SELECT id FROM receipts WHERE ledger_key = ${`pass:${pass.id}:1`}) AS charge
        FROM receipts n WHERE n.ledger_key = ${ledgerKey} AND n.kind = 'credit_note'`,
    );
    expect(Number(note!.total)).toBe(-expected);
    expect(Number(note!.reverses)).toBe(Number(note!.charge));
    const [share] = await queryRows<{ amount: number }>(
      db,
      sql`SELECT amount_minor AS amount FROM operator_lines WHERE ledger_key = ${`share:${ledgerKey}`}`,
    );
    expect(Number(share!.amount)).toBeLessThan(0);
    // The driver is told, with the credit note.
    const mails = (await readMailbox(ctx)).filter((m) => m.subject.includes(pass.code));
    const told = mails.filter((m) => m.subject.includes("closed"));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("Credit note");

    // Confirmed again, or the days taken back and closed again: nothing more is paid.
    const again = await call(manager, "PATCH", `/admin/parks/${passPark}`, {
      closures,
      confirm_closures: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    const reopened = await call(manager, "PATCH", `/admin/parks/${passPark}`, { closures: [] });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const reclosed = await call(manager, "PATCH", `/admin/parks/${passPark}`, { closures });
    expect(reclosed.statusCode, reclosed.body).toBe(409);
    expect(reclosed.json().affected.passes[0].refund).toBe(0);
    const confirmed = await call(manager, "PATCH", `/admin/parks/${passPark}`, {
      closures,
      confirm_closures: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await walletBalanceMinor(db, pass.driver.id, "NGN")).toBe(wallet + expected);
    // The pass at another park is untouched; the park's page says what its passes got back.
    expect(await walletBalanceMinor(db, other.driver.id, "NGN")).toBe(otherWallet);
    const untouched = await queryRows(
      db,
      sql`SELECT 1 FROM pass_closure_refunds WHERE pass_id = ${other.id}::uuid`,
    );
    expect(untouched).toEqual([]);
    const cost = await call(manager, "GET", `/admin/parks/${passPark}/guarantee-offers`);
    expect(cost.json().totals).toEqual([
      expect.objectContaining({ currency: "NGN", passes_refunded: expected / 100 }),
    ]);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("an event space on a closed day is refused, and a hold paid after its day closed books nothing", async () => {
    const park = lagosParks[2]!;
    const zone = await parkZone(db, park);
    const event = await createEvent(db, {
      start: at(50 * HOUR),
      end: at(52 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 20 }] }],
    });
    const eventDays = localDays(zone, [at(48 * HOUR), at(53 * HOUR - 1)]);
    // A driver short of the price holds a window, to pay the difference.
    const holder = await createUser(db);
    const held = await holdWindow(ctx.app, holder, park, at(100 * HOUR), at(102 * HOUR));
    expect(held.statusCode, held.body).toBe(201);
    const hold = held.json();
    const holdDays = localDays(zone, [at(100 * HOUR), at(102 * HOUR - 1)]);
    const closures = [...new Set([...eventDays, ...holdDays])].sort();
    const saved = await call(manager, "PATCH", `/admin/parks/${park}`, { closures, confirm_closures: true });
    expect(saved.statusCode, saved.body).toBe(200);

    const fan = await fundedUser(db, 50_000_000);
    const space = await bookEvent(ctx.app, fan, {
      event_code: event.code,
      park_id: park,
      plate_number: "EVC 100 AA",
    });
    expect(space.statusCode, space.body).toBe(422);
    expect(space.json().code).toBe("window_not_bookable");

    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(holder),
      query: { payment_reference: hold.payment.reference, payment_provider: "demo" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      credited: true,
      booking: { booking_code: hold.booking_code, status: "not_booked", reason: "closed" },
    });
    // The money is in the wallet; nothing was booked at the park on those days.
    expect(await walletBalanceMinor(db, holder.id, "NGN")).toBe(Math.round(hold.top_up_amount * 100));
    const booked = await queryRows(
      db,
      sql`SELECT 1 FROM bookings WHERE user_id IN (${holder.id}::uuid, ${fan.id}::uuid)`,
    );
    expect(booked).toEqual([]);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });
});
