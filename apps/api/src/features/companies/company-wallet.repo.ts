/** The company wallet's queries (company-wallet.service.ts says what they are for). */
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { companyWalletKey } from "../wallet/ledger.domain";

/**
 * A company as a member reads it: its home country by id, code and currency (its decimals and clock
 * are facts, which the served countries give: company-wallet.service.ts `companyOfMember`).
 */
export interface CompanyMembership {
  id: number;
  name: string;
  billing: "wallet" | "invoice";
  creditLimitMinor: number;
  verified: boolean;
  disabled: boolean;
  countryId: number;
  countryCode: string;
  currency: string;
  /** The reader's role in it; null when they are not an active member. */
  role: "owner" | "admin" | "member" | null;
}

/** A company with its home country, and `userId`'s role in it (null: not an active member); null when none. */
export async function companyForUser(
  db: Tx,
  companyId: number,
  userId: string,
): Promise<CompanyMembership | null> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    billing: "wallet" | "invoice";
    credit_limit_minor: string | number;
    verified: boolean;
    disabled: boolean;
    country_id: number;
    code: string;
    currency: string;
    role: "owner" | "admin" | "member" | null;
  }>(
    db,
    sql`SELECT co.id, co.name, co.billing, co.credit_limit_minor, co.verified_at IS NOT NULL AS verified,
          co.disabled_at IS NOT NULL AS disabled, c.id AS country_id, c.code, trim(c.currency) AS currency, m.role
        FROM companies co
        JOIN countries c ON c.id = co.country_id
        LEFT JOIN company_members m ON m.company_id = co.id AND m.user_id = ${userId} AND m.removed_at IS NULL
        WHERE co.id = ${companyId}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    billing: row.billing,
    creditLimitMinor: Number(row.credit_limit_minor),
    verified: row.verified,
    disabled: row.disabled,
    countryId: Number(row.country_id),
    countryCode: row.code,
    currency: row.currency,
    role: row.role,
  };
}

/** The e-mail a top-up's provider is given: the company's billing e-mail. */
export async function billingEmailOf(db: Tx, companyId: number): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT billing_email AS email FROM companies WHERE id = ${companyId}`,
  );
  return row?.email ?? "";
}

/** The company's accounts (one per currency it has moved money in), with their balances and floors. */
export async function balancesOf(db: Tx, companyId: number) {
  const rows = await queryRows<{
    currency: string;
    balance_minor: string | number;
    credit_limit_minor: string | number;
  }>(
    db,
    sql`SELECT trim(currency) AS currency, balance_minor, credit_limit_minor FROM wallet_accounts
        WHERE kind = 'company_wallet' AND key LIKE ${`company:${companyId}:%`} ORDER BY currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    balanceMinor: Number(r.balance_minor),
    floorMinor: Number(r.credit_limit_minor),
  }));
}

/** Locks the company's row until `tx` ends (a billing switch and a charge do not cross). */
export async function lockCompany(tx: Tx, companyId: number): Promise<void> {
  await queryRows(tx, sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
}

export async function setBilling(tx: Tx, companyId: number, billing: "wallet" | "invoice"): Promise<void> {
  await queryRows(tx, sql`UPDATE companies SET billing = ${billing} WHERE id = ${companyId} RETURNING id`);
}

/**
 * The floor of the company's home-currency account follows its billing: minus the credit limit
 * in invoice mode, 0 otherwise (`wallet_accounts.credit_limit_minor`, which ledger_post honours).
 * The account is created when missing, so the floor holds from the first charge.
 */
export async function syncCompanyFloor(tx: Tx, companyId: number): Promise<void> {
  await queryRows(
    tx,
    sql`INSERT INTO wallet_accounts (key, kind, currency, credit_limit_minor)
        SELECT 'company:' || co.id || ':' || trim(c.currency), 'company_wallet', c.currency,
          CASE WHEN co.billing = 'invoice' THEN co.credit_limit_minor ELSE 0 END
        FROM companies co JOIN countries c ON c.id = co.country_id
        WHERE co.id = ${companyId}
        ON CONFLICT (key) DO UPDATE SET credit_limit_minor = excluded.credit_limit_minor
        RETURNING id`,
  );
}

/** The company account's balance in `currency` (0 before its first move). */
export async function balanceOf(db: Tx, companyId: number, currency: string): Promise<number> {
  const [row] = await queryRows<{ b: string | number }>(
    db,
    sql`SELECT balance_minor AS b FROM wallet_accounts WHERE key = ${companyWalletKey(companyId, currency)}`,
  );
  return Number(row?.b ?? 0);
}

/** A company charge row (company_charges), in the move's transaction; idempotent on its ledger key. */
export async function insertCharge(
  tx: Tx,
  c: {
    companyId: number;
    memberId: number | null;
    userId: string | null;
    costCentre: string;
    kind: string;
    ledgerKey: string;
    reference: string | null;
    currency: string;
    amountMinor: number;
    at: Date;
  },
): Promise<void> {
  await queryRows(
    tx,
    sql`INSERT INTO company_charges (company_id, member_id, user_id, cost_centre, kind, ledger_key, reference,
          currency, amount_minor, at)
        VALUES (${c.companyId}, ${c.memberId}, ${c.userId}, ${c.costCentre}, ${c.kind}, ${c.ledgerKey},
          ${c.reference}, ${c.currency}, ${c.amountMinor}, ${c.at.toISOString()}::timestamptz)
        ON CONFLICT (ledger_key) DO NOTHING RETURNING id`,
  );
}

/**
 * The company's account in `currency` (created when missing, floor 0), locked until `tx` ends, and
 * its balance: a charge (ledger_post updates that row) waits for the billing switch, then meets
 * the floor the switch left.
 */
export async function lockBalance(tx: Tx, companyId: number, currency: string): Promise<number> {
  const key = companyWalletKey(companyId, currency);
  await queryRows(
    tx,
    sql`INSERT INTO wallet_accounts (key, kind, currency) VALUES (${key}, 'company_wallet', ${currency})
        ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
  const [row] = await queryRows<{ b: string | number }>(
    tx,
    sql`SELECT balance_minor AS b FROM wallet_accounts WHERE key = ${key} FOR UPDATE`,
  );
  return Number(row?.b ?? 0);
}
