/**
 * What the payouts' tests set up: an operator of a country with a branch manager, money on its
 * account (an adjustment, through the one way an operator's account moves), a period closed into
 * a statement, and an account confirmed and past its 48 hours, straight in the database.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { createStaff, type TestUser } from "../../test/factories";
import { lockOperatorBalance, postOperatorMove } from "../settlements/operator-ledger.service";

let n = 0;

export async function createOperator(db: Db, countryId: number): Promise<number> {
  n += 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO operators (name, country_id) VALUES (${`Payout Test Parking ${n} ${randomUUID().slice(0, 8)}`}, ${countryId})
        RETURNING id`,
  );
  return row!.id;
}

export async function operatorWithManager(
  db: Db,
  countryId: number,
): Promise<{ operatorId: number; manager: TestUser }> {
  const operatorId = await createOperator(db, countryId);
  const manager = await createStaff(db, "branch_manager", { operatorId });
  return { operatorId, manager };
}

/** Credits an operator's account (an adjustment against revenue), as sales' shares would. */
export async function credit(
  db: Db,
  operatorId: number,
  currency: string,
  amountMinor: number,
  at = new Date(),
) {
  await db.transaction((tx) =>
    postOperatorMove(tx, {
      operatorId,
      currency,
      kind: "adjustment",
      ledgerKind: "operator_adjustment",
      ledgerKey: `test-credit:${randomUUID()}`,
      shard: 0,
      counterAccount: { key: `revenue:${currency}:0`, kind: "platform_revenue", currency },
      amountMinor,
      grossMinor: 0,
      commissionMinor: 0,
      note: "test credit",
      occurredAt: at,
    }),
  );
}

/**
 * Closes a period as a statement: the operator's open lines claimed, opening at the last
 * statement's closing, everything as adjustments (the statements' own close is the statements
 * helper's); the invariants' check holds for it.
 */
export async function closePeriod(
  db: Db,
  operatorId: number,
  currency: string,
  periodStart: Date,
  periodEnd: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOperatorBalance(tx, operatorId, currency);
    const [open] = await queryRows<{ moved: string | number }>(
      tx,
      sql`SELECT coalesce(sum(amount_minor), 0) AS moved FROM operator_lines
          WHERE operator_id = ${operatorId} AND currency = ${currency} AND settlement_id IS NULL`,
    );
    const [prev] = await queryRows<{ closing_minor: string | number }>(
      tx,
      sql`SELECT closing_minor FROM settlements WHERE operator_id = ${operatorId} AND currency = ${currency}
          ORDER BY period_start DESC LIMIT 1`,
    );
    const opening = Number(prev?.closing_minor ?? 0);
    const moved = Number(open?.moved ?? 0);
    const [s] = await queryRows<{ id: number | string }>(
      tx,
      sql`INSERT INTO settlements (operator_id, currency, period, period_start, period_end, time_zone,
            opening_minor, sales_minor, refunds_minor, commission_minor, collected_minor, adjustments_minor,
            payouts_minor, closing_minor, closed_at)
          VALUES (${operatorId}, ${currency}, 'monthly', ${periodStart.toISOString()}::timestamptz,
            ${periodEnd.toISOString()}::timestamptz, 'UTC', ${opening}, 0, 0, 0, 0, ${moved}, 0, ${opening + moved},
            ${periodEnd.toISOString()}::timestamptz)
          RETURNING id`,
    );
    const id = Number(s!.id);
    await tx.execute(sql`UPDATE operator_lines SET settlement_id = ${id}
      WHERE operator_id = ${operatorId} AND currency = ${currency} AND settlement_id IS NULL`);
    return id;
  });
}

/** An account confirmed `hoursAgo` hours ago (48 or more: usable now), straight in the database. */
export async function confirmedAccount(
  db: Db,
  a: {
    operatorId: number;
    currency: string;
    provider: "paystack" | "stripe" | "wave" | "demo";
    destination: string;
    recipient: string | null;
    holder?: string;
    at: Date;
    hoursAgo?: number;
  },
): Promise<number> {
  const confirmed = new Date(a.at.getTime() - (a.hoursAgo ?? 49) * 3600_000);
  const usable = new Date(confirmed.getTime() + 48 * 3600_000);
  await db.execute(sql`UPDATE payout_accounts SET status = 'replaced' WHERE operator_id = ${a.operatorId}
    AND currency = ${a.currency} AND status = 'active'`);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO payout_accounts (operator_id, currency, provider, status, holder_name, last4, destination,
          provider_recipient, confirmed_at, usable_from)
        VALUES (${a.operatorId}, ${a.currency}, ${a.provider}, 'active', ${a.holder ?? "Test Holder"},
          ${a.destination.slice(-4)}, ${a.destination}, ${a.recipient}, ${confirmed.toISOString()}::timestamptz,
          ${usable.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return row!.id;
}

export async function payoutsOf(db: Db, operatorId: number) {
  return queryRows<{
    id: number;
    status: string;
    amount_minor: string | number;
    reason: string | null;
    payout_account_id: number | null;
    provider: string;
    idempotency_key: string;
    attempts: number;
  }>(
    db,
    sql`SELECT id::int AS id, status, amount_minor, reason, payout_account_id, provider, idempotency_key, attempts
        FROM payouts WHERE operator_id = ${operatorId} ORDER BY id`,
  );
}

/** The operator's balance in a currency (the sum of its shards). */
export async function balanceOf(db: Db, operatorId: number, currency: string): Promise<number> {
  const [row] = await queryRows<{ b: string | number | null }>(
    db,
    sql`SELECT sum(balance_minor) AS b FROM wallet_accounts WHERE key LIKE ${`operator:${operatorId}:${currency}:%`}`,
  );
  return Number(row?.b ?? 0);
}

export async function accountBalance(db: Db, key: string): Promise<number> {
  const [row] = await queryRows<{ b: string | number }>(
    db,
    sql`SELECT balance_minor AS b FROM wallet_accounts WHERE key = ${key}`,
  );
  return Number(row?.b ?? 0);
}
