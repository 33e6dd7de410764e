// A period's close racing refunds on PostgreSQL (issue #65): drivers cancel bookings (each a refund
// that takes back the operator's share) through two app instances while two closes of the same
// period run. Each refund's line ends up in exactly one statement, the period is closed once, and
// the ledger's operator invariants hold after.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { signInAgain } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { book, fundedUser, setStatus } from "../bookings/bookings.test-kit";
import { closeDuePeriods, closeOperatorPeriods } from "./settlements.service";
import { newOperator, statementsOf } from "./settlements.test-kit";

const HOUR = 3_600_000;
/** Sunday 29 November 2026, 21:00 in Lagos: the week closes at 23:00 UTC (Monday 00:00 there). */
let now = new Date("2026-11-29T20:00:00Z");
const clock = () => now;
const WEEK_END = new Date("2026-11-29T23:00:00Z");

describe.skipIf(TEST_ENGINE !== "postgres")("a refund racing the period's close (PostgreSQL)", () => {
  it("lands wholly before or wholly after the close: its line is in exactly one statement", async () => {
    const ctx = await createTestContext({}, { clock });
    const second = await anotherApp(ctx, { clock });
    const db = ctx.database.db;
    try {
      const op = await newOperator(db, { period: "weekly" });
      const driver = await fundedUser(db, 100_000_000);
      const bookings = [];
      for (let i = 0; i < 16; i++) {
        const start = new Date(now.getTime() + (72 + i) * HOUR);
        const res = await book(ctx.app, driver, {
          park_id: op.parkIds[0]!,
          start,
          end: new Date(start.getTime() + 2 * HOUR),
        });
        expect(res.statusCode, res.body).toBe(201);
        bookings.push(res.json<{ id: string }>().id);
      }
      // The refunds are made in the last minute of the week: each belongs to this statement when
      // it commits before the close claims the lines, else to the next one.
      now = new Date("2026-11-29T22:59:30Z");
      const signedIn = await signInAgain(db, driver);
      const deps = { db, jobs: ctx.app.jobs };
      const results = await Promise.all([
        ...bookings.map((id, i) => setStatus(i % 2 ? second.app : ctx.app, signedIn, id, "cancelled")),
        closeOperatorPeriods(deps, op.id, "NGN", WEEK_END),
        closeOperatorPeriods(deps, op.id, "NGN", WEEK_END),
        closeDuePeriods(deps, WEEK_END),
      ]);
      const answers = results.slice(0, bookings.length) as { statusCode: number; body: string }[];
      expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
      const closedNow = (results.slice(bookings.length) as { operatorId: number }[][])
        .flat()
        .filter((s) => s.operatorId === op.id);
      expect(closedNow).toHaveLength(1);

      // The next week's close takes every refund that missed the first.
      await closeOperatorPeriods(deps, op.id, "NGN", new Date("2026-12-06T23:00:00Z"));
      const lines = await queryRows<{ kind: string; gross_minor: string; settlement_id: string | null }>(
        db,
        sql`SELECT kind, gross_minor, settlement_id FROM operator_lines WHERE operator_id = ${op.id}`,
      );
      const refunds = lines.filter((l) => l.kind === "refund");
      expect(refunds).toHaveLength(bookings.length);
      expect(lines.filter((l) => l.settlement_id === null)).toEqual([]);
      const statements = await statementsOf(db, op.id);
      // The week's statement, and the next one's when some refunds committed after the close.
      expect(statements[0]!.period_start).toBe("2026-11-22T23:00:00.000Z");
      expect(statements.slice(1).map((s) => s.period_start)).toEqual(
        statements.length > 1 ? ["2026-11-29T23:00:00.000Z"] : [],
      );
      // Each refund counted once: the statements' refunds are exactly the refund lines', and the
      // sales exactly the sales': nothing refunded survives the two statements.
      const refunded = refunds.reduce((s, l) => s + Number(l.gross_minor), 0);
      expect(statements.reduce((s, st) => s + st.refunds_minor, 0)).toBe(refunded);
      expect(statements.reduce((s, st) => s + st.sales_minor, 0)).toBe(-refunded);
      expect(statements.at(-1)!.closing_minor).toBe(0);
      expect(await ledgerViolations(db)).toEqual([]);
    } finally {
      await second.close();
      await ctx.close();
    }
  });
});
