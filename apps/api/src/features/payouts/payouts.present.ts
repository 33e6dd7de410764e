/** A payout as the back office shows it: its statement's period, its account masked, its reason in the reader's language. */
import type { Payout } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { toMajor } from "../../lib/money";
import type { PayoutRow } from "./payouts.repo";

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function presentPayout(row: PayoutRow, decimals: number, language: Language): Payout {
  return {
    id: row.id,
    operator: { id: row.operator_id, name: row.operator_name },
    country_code: row.country_code,
    settlement_id: row.settlement_id,
    period_start: iso(row.period_start)!,
    period_end: iso(row.period_end)!,
    time_zone: row.time_zone,
    currency: row.currency,
    amount: toMajor(row.amount_minor, decimals),
    provider: row.provider,
    status: row.status,
    reason: row.reason === null ? null : translate(row.reason, language),
    account:
      row.account_last4 !== null
        ? { last4: row.account_last4, holder_name: row.account_holder ?? "", bank_name: row.account_bank }
        : null,
    provider_reference: row.provider_reference,
    attempts: row.attempts,
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
    settled_at: iso(row.settled_at),
  };
}
