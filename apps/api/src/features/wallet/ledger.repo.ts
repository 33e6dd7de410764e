import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/tx";
import { countries, ledgerEntries, ledgerTransactions, users, walletAccounts } from "../../db/schema/index";
import { toSafeInt } from "./ledger.domain";

export type { Tx } from "../../db/tx";

type AccountKind = (typeof walletAccounts.$inferInsert)["kind"];

export async function ensureAccount(
  tx: Tx,
  account: { key: string; kind: AccountKind; currency: string; ownerUserId?: string | null },
): Promise<{ id: string; currency: string }> {
  await tx
    .insert(walletAccounts)
    .values({
      key: account.key,
      kind: account.kind,
      currency: account.currency,
      ownerUserId: account.ownerUserId ?? null,
      allowNegative: account.kind !== "user_wallet",
    })
    .onConflictDoNothing({ target: walletAccounts.key });
  const [row] = await tx
    .select({ id: walletAccounts.id, currency: walletAccounts.currency })
    .from(walletAccounts)
    .where(eq(walletAccounts.key, account.key));
  if (!row) throw new Error(`account ${account.key} could not be created`);
  return row;
}

/** Claims the idempotency key; null when a transaction with this key already exists. */
export async function insertTransaction(
  tx: Tx,
  t: { kind: string; idempotencyKey: string; reference?: string | null; description?: string | null },
): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values(t)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  return row?.id ?? null;
}

export async function findTransactionId(tx: Tx, idempotencyKey: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

/** Atomic conditional update: a wallet that may not go negative is only changed when it stays >= 0. */
export async function applyToBalance(
  tx: Tx,
  accountId: string,
  amountMinor: number,
): Promise<{ balanceMinor: number; currency: string } | null> {
  const [row] = await tx
    .update(walletAccounts)
    .set({ balanceMinor: sql`${walletAccounts.balanceMinor} + ${amountMinor}` })
    .where(
      and(
        eq(walletAccounts.id, accountId),
        sql`(${walletAccounts.allowNegative} OR ${walletAccounts.balanceMinor} + ${amountMinor} >= 0)`,
      ),
    )
    .returning({ balanceMinor: walletAccounts.balanceMinor, currency: walletAccounts.currency });
  return row ? { balanceMinor: toSafeInt(row.balanceMinor), currency: row.currency } : null;
}

export async function insertEntries(tx: Tx, entries: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
  await tx.insert(ledgerEntries).values(entries);
}

export async function findUserCurrency(
  db: Tx,
  userId: string,
): Promise<{
  currency: string;
  decimals: number;
  countryId: number;
  countryCode: string;
  email: string;
} | null> {
  const [row] = await db
    .select({
      currency: countries.currency,
      decimals: countries.currencyDecimals,
      countryId: countries.id,
      countryCode: countries.code,
      email: users.email,
    })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
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
      reference: ledgerTransactions.reference,
      description: ledgerTransactions.description,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
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
