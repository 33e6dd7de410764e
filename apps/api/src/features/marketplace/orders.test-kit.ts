import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import {
  createCategory,
  createDeliveryArea,
  createSlots,
  marketViolations,
  ngParks,
  resetDeliverySetup,
  type Body,
} from "./marketplace.test-kit";

/** Helpers the marketplace order API tests share (test-only; not imported by production code). */

/** What an order test file works with; the kit's beforeAll fills it in. */
export interface OrdersSuite {
  ctx: TestContext;
  db: Db;
  /** A fresh category, a service day's slot and a Nigerian park to collect at. */
  category: { id: number; slug: string };
  slot: { slot_id: number; date: string };
  park: number;
  /** Nigeria's tax rate on marketplace charges, in basis points. */
  taxBps: number;
}

/** An amount of the answer in minor units. */
export const minor = (m: { amount: number }) => Math.round(m.amount * 100);

/**
 * Registers an order test file's hooks (a database with the delivery set-up reset, a category,
 * a delivery area, slots and a park; after each test, no ledger, receipt or marketplace
 * violation) and answers the helpers bound to them. Call it once at the top of the file; `suite`
 * is filled in before the first test.
 */
export function ordersKit() {
  const suite = {} as OrdersSuite;

  beforeAll(async () => {
    suite.ctx = await createTestContext();
    const db = (suite.db = suite.ctx.database.db);
    await resetDeliverySetup(db);
    suite.category = await createCategory(db);
    await createDeliveryArea(db);
    suite.slot = await createSlots(db);
    [suite.park] = (await ngParks(db, 1)) as [number];
    suite.taxBps = (
      await queryRows<{ tax_bps: number }>(db, sql`SELECT tax_bps FROM fees WHERE country_id = 1`)
    )[0]!.tax_bps;
  });
  afterAll(async () => {
    await suite.ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(suite.db)).toEqual([]);
    expect(await receiptViolations(suite.db)).toEqual([]);
    expect(await marketViolations(suite.db)).toEqual([]);
  });

  /** What the order services take, on the real clock. */
  const deps = () => ({ db: suite.db, jobs: suite.ctx.app.jobs, clock: () => new Date() });

  /** A takeaway at the suite's park in its slot. */
  const takeaway = (lines: Body["lines"], extra: Partial<Body> = {}): Body => ({
    country: "NG",
    order_type: "takeaway",
    park_id: suite.park,
    time_slot: suite.slot,
    lines,
    ...extra,
  });

  return { suite, deps, takeaway };
}
