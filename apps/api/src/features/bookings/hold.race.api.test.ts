import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { pgCode } from "../../lib/pg-error";
import { userWalletKey } from "../wallet/ledger.domain";
import { allDayParks, at, fund, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { holdCheck } from "./holds.repo";

/**
 * Holds (pay the difference, decision 026) and bookings racing for the last spaces, on two app
 * instances (two pools) on one PostgreSQL database. PGlite runs one query at a time: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")("holds under concurrency (PostgreSQL only)", () => {
  let ctx: TestContext;
  let db: Db;
  let apps: FastifyInstance[];
  const closers: (() => Promise<void>)[] = [];
  let parks: number[];
  let empty: TestUser[];
  let funded: TestUser[];

  beforeAll(async () => {
    ctx = await createTestContext({
      DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-hold-race-")),
    });
    db = ctx.database.db;
    const a = await anotherApp(ctx, {}, 10);
    const b = await anotherApp(ctx, {}, 10);
    closers.push(a.close, b.close);
    apps = [a.app, b.app];
    parks = await allDayParks(db, 3);
    empty = [];
    funded = [];
    for (let i = 0; i < 12; i += 1) empty.push(await createUser(db));
    for (let i = 0; i < 12; i += 1) funded.push(await fundedUser(db, 100_000_000));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  const payload = (parkId: number, start: Date) => ({
    park_id: parkId,
    vehicle_type_id: 1,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 2 * HOUR).toISOString(),
  });
  const post = (i: number, user: TestUser, url: string, body: object) =>
    apps[i % 2]!.inject({ method: "POST", url, headers: bearer(user), payload: body });
  const verify = (i: number, user: TestUser, reference: string) =>
    apps[i % 2]!.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(user),
      query: { payment_reference: reference, payment_provider: "demo" },
    });
  /** Live holds plus active bookings at the park over the window: what booking_peak counts. */
  const taken = async (parkId: number, start: Date) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT booking_peak(${parkId}::int, 1, ${start.toISOString()}::timestamptz,
            ${new Date(start.getTime() + 2 * HOUR).toISOString()}::timestamptz, NULL) AS n`,
        )
      )[0]!.n,
    );

  it("12 holds and 12 bookings race for 2 spaces: exactly 2 win; paying the holds (twice at once) books them once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const start = at((10 + round * 3) * HOUR);
      await setCapacity(db, parks[0]!, 1, 2);
      const racers = [
        ...empty.map((u, i) =>
          post(i, u, "/api/v1/bookings/hold", payload(parks[0]!, start)).then((r) => ({ u, r })),
        ),
        ...funded.map((u, i) =>
          post(i + 1, u, "/api/v1/bookings", payload(parks[0]!, start)).then((r) => ({ u, r })),
        ),
      ];
      const results = await Promise.all(racers);
      const statuses = results.map(({ r }) => r.statusCode);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(await taken(parks[0]!, start)).toBe(2);
      const holds = results.filter(({ r }) => r.statusCode === 201 && r.json().payment);
      // Each winning hold is verified twice at once, on both instances.
      const paid = await Promise.all(
        holds.flatMap(({ u, r }) => [0, 1].map((i) => verify(i, u, r.json().payment.reference))),
      );
      expect(paid.every((p) => p.statusCode === 200)).toBe(true);
      for (const { u, r } of holds) {
        const again = (await verify(0, u, r.json().payment.reference)).json();
        expect(again.data.booking).toMatchObject({ status: "booked" });
        const charges = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ledger_transactions
            WHERE reference = ${r.json().booking_code} AND kind = 'booking_charge'`,
        );
        expect(Number(charges[0]!.n)).toBe(1);
      }
      expect(await taken(parks[0]!, start)).toBe(2);
    }
    expect(await overbooked(db)).toEqual([]);
  });

  /** `hold_check` without its capacity lock, in this test's database only, until `restore`. */
  async function unlockedHoldCheck(): Promise<{ restore(): Promise<void> }> {
    const [row] = await queryRows<{ def: string }>(
      db,
      sql`SELECT pg_get_functiondef('hold_check'::regproc) AS def`,
    );
    const locked = row!.def;
    const unlocked = locked.replace(/(park_capacities[\s\S]*?)\s+FOR UPDATE;/, "$1;");
    expect(unlocked).not.toBe(locked);
    await db.execute(sql.raw(unlocked));
    return { restore: () => db.execute(sql.raw(locked)).then(() => undefined) };
  }

  it("negative control: without the capacity lock, holds for the last space overbook it", async () => {
    const holdCheck = await unlockedHoldCheck();
    try {
      let over = 0;
      for (let round = 0; round < 6 && over === 0; round += 1) {
        const start = at((40 + round * 3) * HOUR);
        await setCapacity(db, parks[1]!, 1, 1);
        const statuses = await Promise.all(
          empty.map((u, i) =>
            post(i, u, "/api/v1/bookings/hold", payload(parks[1]!, start)).then((r) => r.statusCode),
          ),
        );
        if (statuses.filter((s) => s === 201).length > 1) over += 1;
      }
      expect(over).toBeGreaterThan(0);
    } finally {
      await holdCheck.restore();
      await db.execute(sql`UPDATE booking_holds SET status = 'expired' WHERE park_id = ${parks[1]!}`);
    }
  });
  /**
   * A driver's new booking claims its purchase row (sharing the driver's row through the foreign
   * key) before it waits for the park's capacity lock; a hold of the same driver, holding that
   * lock, then locks the driver's row. The two orders cross: the hold's lock must not wait on the
   * booking's share. Made deterministic here: a transaction takes the capacity lock, the booking
   * comes and waits, then the transaction runs the hold's check.
   */
  async function holdWhileBookingWaits(parkId: number, start: Date) {
    const user = funded[0]!;
    await setCapacity(db, parkId, 1, 5);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const hold = db
      .transaction(async (tx) => {
        await tx.execute(
          sql`SELECT 1 FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = 1 FOR UPDATE`,
        );
        locked();
        await released;
        const window = { startTime: start, endTime: new Date(start.getTime() + 2 * HOUR) };
        return holdCheck(
          tx,
          { userId: user.id, parkId, vehicleTypeId: 1, plateNumber: null, currency: "NGN", ...window },
          new Date(start.getTime() - 24 * HOUR),
          userWalletKey(user.id, "NGN"),
        );
      })
      .catch((err: unknown) => `error ${pgCode(err) ?? String(err)}`);
    await isLocked;
    const booking = post(0, user, "/api/v1/bookings", payload(parkId, start));
    // The booking is waiting for the capacity lock (its purchase row already inserted).
    expect(await bookingWaits()).toBe(true);
    release();
    return { hold: await hold, booking: (await booking).statusCode };
  }

  it("a driver's hold and booking at one park at once: neither waits on the other's lock on the driver", async () => {
    const result = await holdWhileBookingWaits(parks[2]!, at(70 * HOUR));
    expect(result).toEqual({ hold: "free", booking: 201 });
  });

  it("negative control: with the hold locking the driver's row FOR UPDATE, the same moment deadlocks", async () => {
    const [row] = await queryRows<{ def: string }>(
      db,
      sql`SELECT pg_get_functiondef('hold_check'::regproc) AS def`,
    );
    const shared = row!.def;
    const exclusive = shared.replace(
      "FROM users WHERE id = p_user FOR NO KEY UPDATE",
      "FROM users WHERE id = p_user FOR UPDATE",
    );
    expect(exclusive).not.toBe(shared);
    await db.execute(sql.raw(exclusive));
    try {
      const result = await holdWhileBookingWaits(parks[2]!, at(76 * HOUR));
      // PostgreSQL breaks the cycle by failing one side: the booking's request or the hold's check.
      expect(result.hold === "error 40P01" || result.booking === 500).toBe(true);
    } finally {
      await db.execute(sql.raw(shared));
    }
  });
  /** Waits until a request's `book_space` statement is waiting for a lock; false after 3 s. */
  async function bookingWaits(): Promise<boolean> {
    for (let i = 0; i < 120; i += 1) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%book_space%'`,
      );
      if (Number(row!.n) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  /**
   * A driver's hold of a plate at one park is being written (its transaction holds the driver's row,
   * as hold_check takes it) while the same driver books the same plate and window at another park.
   * The booking must wait for the hold's COMMIT and then see it (409): the two parks' capacity locks
   * do not order them, the driver's row does.
   */
  async function plateBookedWhileHeld(round: number) {
    const user = await createUser(db);
    const plate = `RACE-${round}`;
    const start = at((90 + round * 3) * HOUR);
    const held = await post(0, user, "/api/v1/bookings/hold", {
      ...payload(parks[1]!, start),
      plate_number: plate,
    });
    expect(held.statusCode).toBe(201);
    const code: string = held.json().booking_code;
    await db.execute(sql`UPDATE booking_holds SET status = 'expired' WHERE booking_code = ${code}`);
    await fund(db, user.id, 100_000_000);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const hold = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`);
      await tx.execute(sql`UPDATE booking_holds SET status = 'held' WHERE booking_code = ${code}`);
      locked();
      await released;
    });
    await isLocked;
    const booking = post(1, user, "/api/v1/bookings", { ...payload(parks[2]!, start), plate_number: plate });
    const waited = await bookingWaits();
    release();
    await hold;
    const status = (await booking).statusCode;
    await db.execute(sql`UPDATE booking_holds SET status = 'expired' WHERE booking_code = ${code}`);
    return { waited, status };
  }

  it("a plate's booking at one park waits for the same driver's hold of it at another, then is refused", async () => {
    expect(await plateBookedWhileHeld(0)).toEqual({ waited: true, status: 409 });
  });

  it("negative control: without refuse_held_plate's lock on the driver, the booking passes the hold being written", async () => {
    const [row] = await queryRows<{ def: string }>(
      db,
      sql`SELECT pg_get_functiondef('refuse_held_plate'::regproc) AS def`,
    );
    const locked = row!.def;
    const unlocked = locked.replace("PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;", "");
    expect(unlocked).not.toBe(locked);
    await db.execute(sql.raw(unlocked));
    try {
      expect(await plateBookedWhileHeld(1)).toEqual({ waited: false, status: 201 });
    } finally {
      await db.execute(sql.raw(locked));
    }
  });
});
