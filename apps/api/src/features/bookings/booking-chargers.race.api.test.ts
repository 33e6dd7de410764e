import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, fundedUser, HOUR, setCapacity } from "./bookings.test-kit";

/** Charger groups holding more active bookings at once than their count (empty when none does). */
async function chargersOverbooked(db: Db) {
  return queryRows<{ charger_id: number; peak: number; count: number }>(
    db,
    sql`SELECT b.charger_id, c.count,
        (SELECT count(*) FROM bookings x WHERE x.charger_id = b.charger_id AND x.status = 'active'
          AND x.start_time <= b.start_time AND x.end_time > b.start_time)::int AS peak
      FROM bookings b JOIN park_chargers c ON c.id = b.charger_id
      WHERE b.status = 'active'
        AND (SELECT count(*) FROM bookings x WHERE x.charger_id = b.charger_id AND x.status = 'active'
          AND x.start_time <= b.start_time AND x.end_time > b.start_time) > c.count`,
  );
}

/**
 * The charger group's lock (reserve_charger: its park_chargers row FOR UPDATE, taken last) under
 * real concurrency, through HTTP, with two app instances (two pools) on one PostgreSQL database.
 * PGlite runs one query at a time, so these races cannot happen there: PostgreSQL only.
 *
 * Bookings of one vehicle type also queue on their capacity row, which would hide a missing charger
 * lock; bookings of different types (a car and a van at the same charger group) share no lock but
 * the group's. So both tests take book_space's capacity lock away in this test's database (the
 * parks' capacity is ample): the group's lock is then the only thing between the racers, and the
 * negative control shows that without it the group is overbooked.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "charger bookings under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    const COUNT = 3;
    let ctx: TestContext;
    let db: Db;
    const closers: (() => Promise<void>)[] = [];
    let bases: string[];
    let users: TestUser[];
    let parks: number[];

    const post = (base: string, user: TestUser, payload: object) =>
      fetch(`${base}/bookings`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));

    /** A new active group of COUNT chargers at the park. */
    async function chargerGroup(parkId: number): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor, status)
          VALUES (${parkId}, 'ccs2', 150, ${COUNT}, 'kwh', 42000, 'active') RETURNING id`,
      );
      return Number(row!.id);
    }

    /** Every user asks at once, across both instances, for one of the group's chargers for one window. */
    function race(parkId: number, chargerId: number, round: number) {
      const start = at((10 + round * 3) * HOUR);
      const end = at((12 + round * 3) * HOUR);
      return Promise.all(
        users.map((u, i) =>
          post(bases[i % bases.length]!, u, {
            park_id: parkId,
            vehicle_type_id: 1,
            charger_id: chargerId,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
          }),
        ),
      );
    }

    /** A database function with its first row lock taken away until `restore` (this test's database only). */
    async function unlocked(fn: string): Promise<{ restore(): Promise<void> }> {
      const [row] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef(${fn}::regproc) AS def`,
      );
      const locked = row!.def;
      const without = locked.replace(/\s+FOR UPDATE;/, ";");
      expect(without).not.toBe(locked);
      await db.execute(sql.raw(without));
      return { restore: () => db.execute(sql.raw(locked)).then(() => undefined) };
    }

    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-charger-race-")),
      });
      db = ctx.database.db;
      parks = await allDayParks(db, 2);
      for (const p of parks) await setCapacity(db, p, 1, 1000);
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      closers.push(a.close, b.close);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      users = [];
      for (let i = 0; i < 40; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
      if (ctx)
        await fs.rm(ctx.config.DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
      expect(await chargersOverbooked(db)).toEqual([]);
    });

    it(`40 drivers at once for a group of ${COUNT} chargers: exactly ${COUNT} win, the rest get 409 charger_full (4 rounds)`, async () => {
      const chargerId = await chargerGroup(parks[0]!);
      const bookSpace = await unlocked("book_space");
      try {
        for (let round = 0; round < 4; round += 1) {
          const answers = await race(parks[0]!, chargerId, round);
          expect(
            answers.filter((a) => a.status === 201),
            `round ${round}`,
          ).toHaveLength(COUNT);
          expect(
            answers.filter((a) => a.status === 409 && a.code === "charger_full"),
            `round ${round}`,
          ).toHaveLength(users.length - COUNT);
        }
      } finally {
        await bookSpace.restore();
      }
    });

    it("an admin lowering the group's count while drivers book: never more booked than the count the group ends with, no deadlock (4 rounds)", async () => {
      // The real locks, nothing taken away: a booking takes the park, the capacity row, the wallet,
      // then the group's row; the admin's edit takes the group's row and reads what is booked after.
      const admin = await createStaff(db, "admin");
      const chargerId = await chargerGroup(parks[0]!);
      const patch = (base: string, count: number) =>
        fetch(`${base}/admin/parks/${parks[0]!}/chargers/${chargerId}`, {
          method: "PATCH",
          headers: { ...bearer(admin), "content-type": "application/json" },
          body: JSON.stringify({ count }),
        }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));
      for (let round = 0; round < 4; round += 1) {
        expect((await patch(bases[0]!, COUNT)).status).toBe(200);
        // The admin's cut to 1 sent in the middle of the drivers' requests, on both instances.
        const drivers = race(parks[0]!, chargerId, 10 + round);
        const cut = new Promise((r) => setTimeout(r, round * 5)).then(() => patch(bases[round % 2]!, 1));
        const [answers, edit] = await Promise.all([drivers, cut]);
        expect(
          answers.every((a) => a.status === 201 || (a.status === 409 && a.code === "charger_full")),
        ).toBe(true);
        expect(
          edit.status === 200 || (edit.status === 409 && edit.code === "charger_conflict"),
          edit.code,
        ).toBe(true);
        const booked = answers.filter((a) => a.status === 201).length;
        // A cut that went through left at most one booked; one refused found more than one.
        expect(booked, `round ${round}`).toBeLessThanOrEqual(edit.status === 200 ? 1 : COUNT);
        if (edit.status === 409) expect(booked, `round ${round}`).toBeGreaterThan(1);
        // Every round's bookings are cancelled, so the next round starts from an empty group.
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE charger_id = ${chargerId}`);
      }
    });

    it("negative control: with reserve_charger's lock taken away, the same race overbooks the group", async () => {
      const chargerId = await chargerGroup(parks[1]!);
      const bookSpace = await unlocked("book_space");
      const reserveCharger = await unlocked("reserve_charger");
      try {
        let over = 0;
        for (let round = 0; round < 6 && over === 0; round += 1) {
          const answers = await race(parks[1]!, chargerId, round);
          expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
          if (answers.filter((a) => a.status === 201).length > COUNT) over += 1;
        }
        expect(over).toBeGreaterThan(0);
        expect((await chargersOverbooked(db)).length).toBeGreaterThan(0);
      } finally {
        await reserveCharger.restore();
        await bookSpace.restore();
        // Take the overbooked group out of the invariant check that follows every test.
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE charger_id = ${chargerId}`);
      }
    });
  },
);
