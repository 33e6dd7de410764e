/** Payout accounts' queries (issue #65). `destination` is read here for the provider only. */
import type { PayoutAccountStatus, PayoutProvider } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { payoutAccounts } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export interface OperatorRow {
  id: number;
  name: string;
  country_id: number | null;
  payouts_held_reason: string | null;
  payouts_held_at: Date | string | null;
}

export async function findOperator(tx: Tx, operatorId: number): Promise<OperatorRow | null> {
  const [row] = await queryRows<OperatorRow>(
    tx,
    sql`SELECT id, name, country_id, payouts_held_reason, payouts_held_at FROM operators WHERE id = ${operatorId}`,
  );
  return row ?? null;
}

export async function listOperators(tx: Tx, operatorId: number | null): Promise<OperatorRow[]> {
  return queryRows<OperatorRow>(
    tx,
    sql`SELECT id, name, country_id, payouts_held_reason, payouts_held_at FROM operators
        ${operatorId === null ? sql`` : sql`WHERE id = ${operatorId}`} ORDER BY name, id`,
  );
}

export interface AccountRow {
  id: number;
  operator_id: number;
  currency: string;
  provider: PayoutProvider;
  status: PayoutAccountStatus;
  holder_name: string;
  bank_code: string | null;
  bank_name: string | null;
  last4: string;
  destination: string;
  provider_recipient: string | null;
  confirm_expires_at: Date | string | null;
  confirmed_at: Date | string | null;
  usable_from: Date | string | null;
  requested_by: string | null;
  created_at: Date | string;
}

const COLUMNS = sql`id, operator_id, trim(currency) AS currency, provider, status, holder_name, bank_code,
  bank_name, last4, destination, provider_recipient, confirm_expires_at, confirmed_at, usable_from,
  requested_by, created_at`;

export async function listAccounts(tx: Tx, operatorId: number): Promise<AccountRow[]> {
  return queryRows<AccountRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM payout_accounts WHERE operator_id = ${operatorId}
        ORDER BY created_at DESC, id DESC LIMIT 50`,
  );
}

export async function findAccount(tx: Tx, id: number, lock = false): Promise<AccountRow | null> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM payout_accounts WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

export async function findByTokenHash(tx: Tx, hash: string): Promise<AccountRow | null> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM payout_accounts WHERE confirm_token_hash = ${hash} FOR UPDATE`,
  );
  return row ?? null;
}

/**
 * The account a payout made at `at` is sent to: the latest confirmed one (active, or replaced by
 * one still in its 48 hours) usable by then, unless a later confirmed one was cancelled (a removed
 * account is never stood in for by an older one).
 */
export async function usableAccount(
  tx: Tx,
  q: { operatorId: number; currency: string; provider: PayoutProvider; at: Date },
): Promise<AccountRow | null> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM payout_accounts a
        WHERE a.operator_id = ${q.operatorId} AND a.currency = ${q.currency} AND a.provider = ${q.provider}
          AND a.status IN ('active', 'replaced') AND a.usable_from <= ${q.at.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT FROM payout_accounts c WHERE c.operator_id = a.operator_id
            AND c.currency = a.currency AND c.status = 'cancelled' AND c.confirmed_at > a.confirmed_at)
        ORDER BY a.confirmed_at DESC, a.id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** When the operator's active account in a currency becomes usable (null: none is active). */
export async function activeUsableFrom(
  tx: Tx,
  q: { operatorId: number; currency: string; provider: PayoutProvider },
): Promise<Date | null> {
  const [row] = await queryRows<{ usable_from: Date | string }>(
    tx,
    sql`SELECT usable_from FROM payout_accounts WHERE operator_id = ${q.operatorId}
        AND currency = ${q.currency} AND provider = ${q.provider} AND status = 'active'`,
  );
  return row ? new Date(row.usable_from) : null;
}

export async function insertAccount(
  tx: Tx,
  row: {
    operatorId: number;
    currency: string;
    provider: PayoutProvider;
    holderName: string;
    bankCode: string | null;
    bankName: string | null;
    last4: string;
    destination: string;
    providerRecipient: string | null;
    requestedBy: string;
    now: Date;
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(payoutAccounts)
    .values({ ...row, status: "pending", createdAt: row.now, updatedAt: row.now })
    .returning({ id: payoutAccounts.id });
  return inserted!.id;
}

/** A newer change stands in for the operator's pending ones in that currency: they are cancelled. */
export async function cancelPending(tx: Tx, operatorId: number, currency: string, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE payout_accounts SET status = 'cancelled', confirm_token_hash = NULL,
      updated_at = ${now.toISOString()}::timestamptz
    WHERE operator_id = ${operatorId} AND currency = ${currency} AND status = 'pending'`);
}

export async function setToken(tx: Tx, id: number, hash: string, expiresAt: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE payout_accounts SET confirm_token_hash = ${hash}, confirm_expires_at = ${expiresAt.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Confirms a pending account: the operator's active one in its currency (locked first) becomes
 * `replaced`, this one `active`, usable from `usableFrom`.
 */
export async function activate(
  tx: Tx,
  account: { id: number; operatorId: number; currency: string },
  now: Date,
  usableFrom: Date,
): Promise<void> {
  await queryRows(
    tx,
    sql`SELECT id FROM payout_accounts WHERE operator_id = ${account.operatorId}
        AND currency = ${account.currency} AND status = 'active' FOR UPDATE`,
  );
  await tx.execute(sql`UPDATE payout_accounts SET status = 'replaced', updated_at = ${now.toISOString()}::timestamptz
    WHERE operator_id = ${account.operatorId} AND currency = ${account.currency} AND status = 'active'`);
  await tx.execute(sql`UPDATE payout_accounts SET status = 'active', confirmed_at = ${now.toISOString()}::timestamptz,
      usable_from = ${usableFrom.toISOString()}::timestamptz, confirm_token_hash = NULL,
      updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${account.id}`);
}

export async function cancelAccount(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE payout_accounts SET status = 'cancelled', confirm_token_hash = NULL,
      updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}

/** The e-mail addresses of an operator's branch managers who can sign in. */
export async function managerEmails(tx: Tx, operatorId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    tx,
    sql`SELECT email FROM users WHERE operator_id = ${operatorId} AND role = 'branch_manager'
        AND disabled_at IS NULL ORDER BY email`,
  );
  return rows.map((r) => r.email);
}

export async function userEmail(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(tx, sql`SELECT email FROM users WHERE id = ${userId}`);
  return row?.email ?? null;
}
