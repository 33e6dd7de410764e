import { desc, eq, inArray, sql } from "drizzle-orm";
import type { LedgerKind, OperatorLedgerKind } from "@parkwell/contract";
import { preparedRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { ledgerEntries, ledgerTransactions, receipts, users, walletAccounts } from "../../db/schema/index";
import { toSafeInt } from "./ledger.domain";

export type { Tx } from "../../db/tx";

type AccountKind = (typeof walletAccounts.$inferInsert)["kind"];

export interface Account {
  id: string;
  currency: string;
}

export interface AccountSpec {
  key: string;
  kind: AccountKind;
  currency: string;
  ownerUserId?: string | null;
}

/**
 * The accounts of these keys, in the order given, created when missing (an account's first
 * movement). ON CONFLICT waits for a transaction creating the same account at the same moment;
 * the SELECT, a later statement, then sees its row.
 */
export async function ensureAccounts<const T extends readonly AccountSpec[]>(
  tx: Tx,
  accounts: T,
): Promise<{ [K in keyof T]: Account }> {
  await tx
    .insert(walletAccounts)
    .values(
      accounts.map((a) => ({
        key: a.key,
        kind: a.kind,
        currency: a.currency,
        ownerUserId: a.ownerUserId ?? null,
        // Parkwell's own accounts may go below zero; a user's or a company's wallet never does (a
        // company in invoice mode goes down to its credit limit, the account's floor, and no further).
        allowNegative: a.kind !== "user_wallet" && a.kind !== "company_wallet",
      })),
    )
    // No target: a wallet racing in also meets the one-wallet-per-user-and-currency index.
    .onConflictDoNothing();
  const rows = await tx
    .select({ key: walletAccounts.key, id: walletAccounts.id, currency: walletAccounts.currency })
    .from(walletAccounts)
    .where(
      inArray(
        walletAccounts.key,
        accounts.map((a) => a.key),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, { id: r.id, currency: r.currency }]));
  return accounts.map((a) => {
    const row = byKey.get(a.key);
    if (!row) throw new Error(`account ${a.key} could not be created`);
    return row;
  }) as { [K in keyof T]: Account };
}

export interface Posting {
  kind: LedgerKind | OperatorLedgerKind;
  idempotencyKey: string;
  reference: string | null;
  description: string | null;
  lines: readonly { account: { key: string }; amountMinor: number }[];
}

export interface Posted {
  /** An account of the lines does not exist yet: nothing was done. */
  missingAccounts: boolean;
  /** Null when the key was already posted: nothing moved. */
  transactionId: string | null;
  /** Balance after the move of each account that moved, by key. */
  balances: Map<string, number>;
}

/**
 * One statement posts a whole transfer: the database function `ledger_post` (drizzle/0008), which
 * the one-round-trip booking (`book_space`) calls too. When every account exists it locks them all
 * in id order (ORDER BY … FOR UPDATE locks in sort order, so two transfers never wait on each other
 * in a cycle; with one missing it locks none, or the retry after creating it would lock out of
 * order), claims the idempotency key, applies each line only where the balance may take it (a user
 * wallet never goes below zero) and writes the entries only when every line applied.
 */
export async function postLines(tx: Tx, p: Posting): Promise<Posted> {
  const rows = await ledgerPost(tx, {
    kind: p.kind,
    key: p.idempotencyKey,
    reference: p.reference,
    description: p.description,
    accounts: p.lines.map((l) => l.account.key),
    amounts: p.lines.map((l) => l.amountMinor),
  });
  const balances = new Map<string, number>();
  for (const r of rows) if (r.key) balances.set(r.key, toSafeInt(r.balance));
  return {
    missingAccounts: Number(rows[0]?.accounts ?? 0) < p.lines.length,
    transactionId: rows[0]?.transaction_id ?? null,
    balances,
  };
}
const ledgerPost = preparedRows<{
  accounts: number;
  transaction_id: string | null;
  key: string | null;
  balance: unknown;
}>(
  "ledger_post",
  sql`SELECT accounts, transaction_id, key, balance
      FROM ledger_post(${sql.placeholder("kind")}, ${sql.placeholder("key")}, ${sql.placeholder("reference")},
        ${sql.placeholder("description")}, ${sql.placeholder("accounts")}::text[], ${sql.placeholder("amounts")}::bigint[])`,
);

export async function findTransactionId(tx: Tx, idempotencyKey: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

/** A user's country (whose currency is their wallet's) and e-mail, or null for no user. */
export async function findUserCountry(
  db: Tx,
  userId: string,
): Promise<{ countryId: number; email: string } | null> {
  const [row] = await db
    .select({ countryId: users.countryId, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findWallet(db: Tx, key: string) {
  const [row] = await db
    .select({ id: walletAccounts.id, balanceMinor: walletAccounts.balanceMinor })
    .from(walletAccounts)
    .where(eq(walletAccounts.key, key));
  return row ? { id: row.id, balanceMinor: toSafeInt(row.balanceMinor) } : null;
}

/** Locks an account's row until the transaction ends and reads its balance; null when missing. */
export async function lockAccountBalance(tx: Tx, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ balanceMinor: walletAccounts.balanceMinor })
    .from(walletAccounts)
    .where(eq(walletAccounts.key, key))
    .for("update");
  return row ? toSafeInt(row.balanceMinor) : null;
}

export async function countEntries(db: Tx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.n ?? 0);
}

export async function listEntries(db: Tx, accountId: string, limit: number, offset: number) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amountMinor: ledgerEntries.amountMinor,
      currency: ledgerEntries.currency,
      balanceAfterMinor: ledgerEntries.balanceAfterMinor,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransactions.kind,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      reference: ledgerTransactions.reference,
      description: ledgerTransactions.description,
      receiptNumber: receipts.number,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(receipts, eq(receipts.ledgerKey, ledgerTransactions.idempotencyKey))
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r,
    amountMinor: toSafeInt(r.amountMinor),
    balanceAfterMinor: toSafeInt(r.balanceAfterMinor),
  }));
}
