// The seed carries no date fixed in the calendar: every date it writes counts from the day it runs,
// so a database first seeded on any date shows a live demo (upcoming events, coupons and offers in
// their windows, a blog of past posts, accounts verified in the past). On PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../../test/harness";
import { queryRows } from "../client";
import { migrateWithJobs } from "../../feature-jobs";
import { seed } from "./index";

const DAY_MS = 86_400_000;
/** Five years after the machine's day: far from any date a source file could carry. */
const seededAt = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 5 * 365 * DAY_MS + 10 * 3_600_000);
/**
 * Dates the law fixes, not the demo: the day a tax rate took effect (decision 047: Nova Scotia's
 * HST went to 14% on 2025-04-01). Reference facts, the same on any day the seed runs.
 */
const FIXED_IN_LAW = new Set(["tax_rates.effective_from"]);
/** The machine's time during the test: what a column's database default (now()) writes. */
const machineNow = Date.now();

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase({ blank: true });
  await migrateWithJobs(fresh.database);
  await seed(fresh.database.db, { demo: true, now: seededAt });
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
});

describe("a seed run on any day", () => {
  it("writes every date within a couple of years of its day (or now(), for a column's default)", async () => {
    const db = fresh.database.db;
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
        ORDER BY 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const far: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      if (FIXED_IN_LAW.has(`${table}.${column}`)) continue;
      const [range] = await queryRows<{ lo: number | null; hi: number | null }>(
        db,
        sql`SELECT extract(epoch FROM min(${sql.identifier(column)})::timestamptz)::float8 * 1000 AS lo,
          extract(epoch FROM max(${sql.identifier(column)})::timestamptz)::float8 * 1000 AS hi
          FROM ${sql.identifier(table)}`,
      );
      for (const value of [range?.lo, range?.hi]) {
        if (value === null || value === undefined) continue;
        const ms = Number(value);
        const nearSeed = Math.abs(ms - seededAt.getTime()) <= 2 * 365 * DAY_MS;
        const aDefault = Math.abs(ms - machineNow) <= DAY_MS;
        if (!nearSeed && !aDefault) far.push(`${table}.${column} = ${new Date(ms).toISOString()}`);
      }
    }
    expect(far).toEqual([]);
  });

  it("leaves a live demo: past blog posts, upcoming events, live coupons and offers, verified accounts", async () => {
    const db = fresh.database.db;
    const at = seededAt.toISOString();
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM blog_posts WHERE publish_at <= ${at}::timestamptz) AS posts,
        (SELECT count(*)::int FROM blog_posts WHERE publish_at > ${at}::timestamptz) AS scheduled,
        (SELECT count(*)::int FROM events WHERE start_time > ${at}::timestamptz) AS upcoming_events,
        (SELECT count(*)::int FROM coupons WHERE starts_at <= ${at}::timestamptz AND ends_at > ${at}::timestamptz) AS coupons,
        (SELECT count(*)::int FROM market_offers WHERE starts_at <= ${at}::timestamptz AND ends_at > ${at}::timestamptz) AS offers,
        (SELECT count(*)::int FROM users WHERE email_verified_at > ${at}::timestamptz) AS verified_later,
        (SELECT count(*)::int FROM page_versions WHERE created_at > ${at}::timestamptz) AS pages_later`,
    );
    expect(counts).toMatchObject({ scheduled: 0, verified_later: 0, pages_later: 0 });
    expect(counts!.posts).toBeGreaterThanOrEqual(9);
    expect(counts!.upcoming_events).toBeGreaterThan(0);
    expect(counts!.coupons).toBeGreaterThan(0);
    expect(counts!.offers).toBeGreaterThan(0);
  });
});
