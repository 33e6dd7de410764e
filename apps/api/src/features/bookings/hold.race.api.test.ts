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
import { allDayParks, at, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";

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
          sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${r.json().booking_code}`,
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
});
