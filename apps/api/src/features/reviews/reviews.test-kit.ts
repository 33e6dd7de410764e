/** Stays to review, written straight in the database (the booking flow has its own tests). */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { UserRole } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

export const HOUR = 3_600_000;

let n = 0;

/** A booking of the car type at `parkId` for [start, end), with its status and exit. */
export async function stay(
  db: Db,
  userId: string,
  parkId: number,
  start: Date,
  end: Date,
  o: { status?: "active" | "completed" | "cancelled"; checkedOutAt?: Date } = {},
): Promise<string> {
  n += 1;
  const id = randomUUID();
  const code = `RV${Date.now().toString(36).toUpperCase()}${n}`;
  const checkedOut = o.checkedOutAt ? o.checkedOutAt.toISOString() : null;
  await db.execute(sql`INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, start_time, end_time,
      status, currency, total_minor, paid_minor, breakdown, checked_out_at, created_at, updated_at)
    VALUES (${id}, ${code}, ${userId}, ${parkId}, 1, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
      ${o.status ?? "completed"}, 'NGN', 100000, 100000, '{}'::jsonb, ${checkedOut}::timestamptz,
      ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)`);
  return id;
}

/** A park's kept rating beside what its visible reviews say. */
export async function keptAndCounted(db: Db, parkId: number) {
  const result = (await db.execute(sql`SELECT p.rating_count, p.rating_total, p.rating_average::float8 AS avg,
      (SELECT count(*)::int FROM reviews r WHERE r.park_id = p.id AND r.hidden_at IS NULL) AS n,
      (SELECT coalesce(sum(stars), 0)::int FROM reviews r WHERE r.park_id = p.id AND r.hidden_at IS NULL) AS total
    FROM parks p WHERE p.id = ${parkId}`)) as unknown as {
    rows: { rating_count: number; rating_total: number; avg: number | null; n: number; total: number }[];
  };
  const r = result.rows[0]!;
  return {
    kept: {
      count: Number(r.rating_count),
      total: Number(r.rating_total),
      average: r.avg === null ? null : Number(r.avg),
    },
    counted: { count: Number(r.n), total: Number(r.total) },
  };
}

/** What a reviews API test file works with; the kit's beforeAll fills it in. */
export interface ReviewsSuite {
  ctx: TestContext;
  db: Db;
  /** Harbourview's parks in Lagos, and Citypark's parks. */
  lagos: number[];
  citypark: number[];
}

/**
 * Registers a reviews test file's hooks (a database on the file's `clock`, with its own data
 * folder) and answers the helpers bound to them. Call it once at the top of the file; `suite`
 * is filled in before the first test.
 */
export function reviewsKit(clock: () => Date) {
  const suite = {} as ReviewsSuite;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-reviews-"));
    suite.ctx = await createTestContext({ DATA_DIR: dataDir }, { clock });
    const db = (suite.db = suite.ctx.database.db);
    suite.lagos = await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos");
    suite.citypark = await parksOf(db, await operatorId(db, "Citypark Nigeria"));
  });
  afterAll(async () => {
    await suite.ctx?.close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  const driver = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(suite.db, overrides, clock);

  /** A back-office user signed in on the test's clock. */
  async function createStaff(role: UserRole, o: { operatorId?: number; parkIds?: number[] } = {}) {
    const user = await createUser(suite.db, { role, operatorId: o.operatorId ?? null }, clock);
    for (const parkId of o.parkIds ?? []) {
      await suite.db.execute(sql`INSERT INTO staff_parks (user_id, park_id) VALUES (${user.id}, ${parkId})`);
    }
    return user;
  }

  function call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    user?: TestUser,
    payload?: object,
    lang = "en",
  ) {
    return suite.ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(user ? bearer(user) : {}), "accept-language": lang },
      ...(payload ? { payload } : {}),
    });
  }

  /** A stay that ended an hour ago. */
  const ended = (user: TestUser, parkId: number) => {
    const now = clock();
    return stay(
      suite.db,
      user.id,
      parkId,
      new Date(now.getTime() - 5 * HOUR),
      new Date(now.getTime() - HOUR),
    );
  };

  return { suite, driver, createStaff, call, ended };
}
