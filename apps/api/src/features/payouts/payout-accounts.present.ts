/** A payout account as a client sees it: masked (never its full number). */
import type { PayoutAccount } from "@parkwell/contract";
import type { PayoutMethod } from "../payments/providers/transfers";
import type { AccountRow } from "./payout-accounts.repo";

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function presentPayoutAccount(
  row: AccountRow,
  method: PayoutMethod,
  inUseId: number | null,
): PayoutAccount {
  return {
    id: row.id,
    operator_id: row.operator_id,
    currency: row.currency.trim(),
    provider: row.provider,
    method,
    status: row.status,
    holder_name: row.holder_name,
    bank_name: row.bank_name,
    last4: row.last4,
    confirmed_at: iso(row.confirmed_at),
    usable_from: iso(row.usable_from),
    in_use: inUseId === row.id,
    created_at: iso(row.created_at)!,
  };
}

/** What the audit log keeps of an account: never its full number. */
export function presentAccountAudit(row: AccountRow) {
  return {
    status: row.status,
    provider: row.provider,
    currency: row.currency.trim(),
    holder_name: row.holder_name,
    bank_name: row.bank_name,
    last4: row.last4,
    usable_from: iso(row.usable_from),
  };
}
