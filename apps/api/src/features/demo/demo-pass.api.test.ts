import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { DEMO_PASS_PLAN } from "../../db/seed/plans";
import { operatorId, parksOf } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { DEMO_DRIVER_EMAIL, DEMO_PASS_PLATE, ensureDemoPass } from "./demo-pass.service";
import { resetDemoData } from "./demo.service";

/**
 * The demo driver's monthly pass: sold as a driver buys one (a demo top-up of exactly what the
 * wallet lacks, then the sale's own charge, both in the ledger) on the 24/7 plan of a Harbourview
 * park in Lagos, where the demo attendant works; once, and again after each demo reset.
 */
describe("the demo driver's monthly pass", () => {
  let ctx: TestContext;
  let db: Db;
  let driverId: string;
  const clock = () => new Date();
  const passesOf = () =>
    queryRows<{
      id: string;
      pass_code: string;
      status: string;
      park_id: number;
      plates: string[];
      plan: string;
    }>(
      db,
      sql`SELECT ps.id, ps.pass_code, ps.status, ps.park_id, ps.plates, pl.name->>'en' AS plan
        FROM passes ps JOIN parking_plans pl ON pl.id = ps.plan_id WHERE ps.user_id = ${driverId} ORDER BY ps.created_at`,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM users WHERE email = ${DEMO_DRIVER_EMAIL}`,
    );
    driverId = row!.id;
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("is bought through the ledger at the demo attendant's operator in Lagos, once", async () => {
    expect(await ensureDemoPass(db, clock)).toBe(true);
    expect(await ensureDemoPass(db, clock)).toBe(true);
    const passes = await passesOf();
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({
      status: "active",
      plates: [DEMO_PASS_PLATE],
      plan: DEMO_PASS_PLAN.plan,
    });
    const harbourview = await parksOf(db, await operatorId(db, DEMO_PASS_PLAN.operator), DEMO_PASS_PLAN.city);
    expect(harbourview).toContain(passes[0]!.park_id);
    // The wallet was topped up by exactly the price, and the sale charged it: it ends at zero.
    expect(await walletBalanceMinor(db, driverId, "NGN")).toBe(0);
    const moves = await queryRows<{ kind: string; amount: string }>(
      db,
      sql`SELECT t.kind, (SELECT sum(e.amount_minor) FROM ledger_entries e WHERE e.transaction_id = t.id AND e.amount_minor > 0) AS amount
        FROM ledger_transactions t
        WHERE t.idempotency_key = ${`pass:${passes[0]!.id}:1`} OR t.idempotency_key LIKE 'topup:demo:demo-pass:%'
        ORDER BY t.created_at`,
    );
    expect(moves.map((m) => m.kind)).toEqual(["topup", "pass_charge"]);
    expect(Number(moves[0]!.amount)).toBe(Number(moves[1]!.amount));
    const [charge] = await queryRows<{ total_minor: string }>(
      db,
      sql`SELECT total_minor FROM pass_charges WHERE pass_id = ${passes[0]!.id}`,
    );
    expect(Number(charge!.total_minor)).toBe(Number(moves[1]!.amount));
  });

  it("is sold again by the demo reset, one pass only", async () => {
    const [before] = await passesOf();
    await resetDemoData(db, clock);
    const after = await passesOf();
    expect(after).toHaveLength(1);
    expect(after[0]!.pass_code).not.toBe(before!.pass_code);
    expect(after[0]).toMatchObject({ status: "active", park_id: before!.park_id });
    expect(await walletBalanceMinor(db, driverId, "NGN")).toBe(0);
  });
});
