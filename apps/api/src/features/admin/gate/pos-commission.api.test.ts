/**
 * A drive-up sale's commission (issue #65): the operator collected the sale at its gate, so
 * Parkwell's commission on it is taken from the operator's account when it is paid, in the same
 * transaction, at the rate for drive-up sales in force at that instant. Nothing at a park Parkwell
 * runs, nothing for a voided sale. After each test the ledger's invariants hold (the kit's afterEach).
 */
import { dayOnClock, type PosSale } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { gateKit } from "./gate.test-kit";

const kit = gateKit();
const { post } = kit;
let db: Db;
let park: number;
let attendant: TestUser;
let admin: TestUser;
let harbourview: number;

beforeAll(async () => {
  ({ db, park, attendant } = kit.suite);
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  admin = await createStaff(db, "admin");
});

let plates = 0;
/** A car parked and paid at the exit straight away (the first hour's price). */
async function paidSale(method: "cash" | "card" = "cash", by = attendant): Promise<PosSale> {
  const sold = await post(by, "/admin/pos-sales", {
    park_id: park,
    vehicle_type_id: 1,
    plate_number: `COM ${++plates}`,
  });
  expect(sold.statusCode).toBe(201);
  const code = sold.json<{ sale: PosSale }>().sale.sale_code;
  const closed = await post(by, `/admin/pos-sales/${code}/close`, { payment_method: method });
  expect(closed.statusCode).toBe(200);
  return closed.json<{ sale: PosSale }>().sale;
}

interface Line {
  kind: string;
  gross_minor: string;
  commission_bps: number;
  commission_minor: string;
  amount_minor: string;
  product: string;
  reference: string;
  park_id: number;
  operator_id: number;
  currency: string;
}
const lineOf = async (sale: PosSale) =>
  (
    await queryRows<Line>(
      db,
      sql`SELECT kind, gross_minor::text, commission_bps, commission_minor::text, amount_minor::text, product,
          reference, park_id, operator_id, currency FROM operator_lines WHERE ledger_key = ${`share:pos:${sale.id}`}`,
    )
  )[0];

describe("a drive-up sale's commission", () => {
  it("is owed by the operator when the sale is paid: its account down by the commission, the gate's revenue up", async () => {
    const sale = await paidSale("card");
    const amountMinor = Math.round(sale.amount! * 100);
    expect(amountMinor).toBeGreaterThan(0);
    const commission = Math.round((amountMinor * 1500) / 10_000);
    expect(await lineOf(sale)).toEqual({
      kind: "drive_up",
      gross_minor: String(amountMinor),
      commission_bps: 1500,
      commission_minor: String(commission),
      amount_minor: String(-commission),
      product: "drive_up",
      reference: sale.sale_code,
      park_id: park,
      operator_id: harbourview,
      currency: "NGN",
    });
    const entries = await queryRows<{ kind: string; key: string; amount: string }>(
      db,
      sql`SELECT t.kind, a.key, e.amount_minor::text AS amount FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id JOIN wallet_accounts a ON a.id = e.account_id
        WHERE t.idempotency_key = ${`share:pos:${sale.id}`} ORDER BY a.key`,
    );
    expect(entries).toEqual([
      { kind: "operator_commission", key: `operator:${harbourview}:NGN:0`, amount: String(-commission) },
      { kind: "operator_commission", key: "revenue:NGN:gate", amount: String(commission) },
    ]);
  });

  it("takes the rate in force when the sale is paid: one from tomorrow leaves today's sale alone", async () => {
    const tomorrow = dayOnClock(new Date(Date.now() + 86_400_000), "Africa/Lagos");
    const set = await kit.suite.ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/operators/${harbourview}/commission`,
      headers: bearer(admin),
      payload: { rate_bps: 500, product: "drive_up", effective_from: tomorrow },
    });
    expect(set.statusCode).toBe(200);
    expect((await lineOf(await paidSale()))!.commission_bps).toBe(1500);
    // A rate for drive-ups already in force (written as a row, an hour ago): the next sale takes it.
    await db.execute(sql`INSERT INTO commission_rates (operator_id, product, rate_bps, effective_from)
      VALUES (${harbourview}, 'drive_up', 800, now() - interval '1 hour')`);
    const sale = await paidSale();
    const amountMinor = Math.round(sale.amount! * 100);
    expect(await lineOf(sale)).toMatchObject({
      commission_bps: 800,
      commission_minor: String(Math.round((amountMinor * 800) / 10_000)),
    });
  });

  it("moves nothing for a voided sale or at a park Parkwell runs itself", async () => {
    const sold = await post(attendant, "/admin/pos-sales", {
      park_id: park,
      vehicle_type_id: 1,
      plate_number: "VOID 1",
    });
    const voided = await post(attendant, `/admin/pos-sales/${sold.json().sale.sale_code}/void`, {});
    expect(voided.statusCode).toBe(200);
    expect(await lineOf(voided.json<{ sale: PosSale }>().sale)).toBeUndefined();

    await db.execute(sql`UPDATE parks SET operator_id = NULL WHERE id = ${park}`);
    try {
      // The park is no operator's: Parkwell's own staff sell there.
      const own = await paidSale("cash", admin);
      expect(await lineOf(own)).toBeUndefined();
      const [moves] = await queryRows<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM ledger_transactions WHERE idempotency_key = ${`share:pos:${own.id}`}`,
      );
      expect(moves!.n).toBe("0");
    } finally {
      await db.execute(sql`UPDATE parks SET operator_id = ${harbourview} WHERE id = ${park}`);
    }
  });
});
