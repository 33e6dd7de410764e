/** Paying with a company: its queries (company-pay.service.ts says what they are for). */
import { sql } from "drizzle-orm";
import { preparedRows, queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { companyWalletKey } from "../wallet/ledger.domain";
import type { CompanyLimitRules, CompanyPolicyRules } from "./company-pay.domain";
import { DEFAULT_PAY_SWITCHES, type PlanWindow } from "@parkwell/contract";
import { knownSwitches } from "./company-policy.repo";

/**
 * The user's active membership of the company, its row locked FOR UPDATE (two purchases of one
 * member serialize here; two members do not) and the company's row FOR SHARE (Parkwell disabling
 * it waits for the purchases under way, and every later one sees it disabled); null when they are
 * not an active member. With `lock: false` a plain read.
 */
export async function memberOf(
  tx: Tx,
  companyId: number,
  userId: string,
  lock: boolean,
): Promise<{ memberId: number; costCentre: string; companyDisabled: boolean } | null> {
  const [row] = await queryRows<{ id: string | number; cost_centre: string; disabled: boolean }>(
    tx,
    sql`SELECT m.id, m.cost_centre, co.disabled_at IS NOT NULL AS disabled
        FROM company_members m JOIN companies co ON co.id = m.company_id
        WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND m.removed_at IS NULL
        ${lock ? sql`FOR UPDATE OF m FOR SHARE OF co` : sql``}`,
  );
  return row
    ? { memberId: Number(row.id), costCentre: row.cost_centre, companyDisabled: row.disabled }
    : null;
}

/** The company's policy (the defaults when it has none) and its limits in `currency` (none: no limit). */
export async function rulesOf(
  tx: Tx,
  companyId: number,
  currency: string,
): Promise<{ policy: CompanyPolicyRules; limits: CompanyLimitRules }> {
  const [p] = await queryRows<{
    country_ids: number[] | null;
    park_types: string[] | null;
    hours: PlanWindow[] | null;
    paid_switches: string[];
  }>(
    tx,
    sql`SELECT country_ids, park_types, hours, paid_switches
        FROM company_policies WHERE company_id = ${companyId}`,
  );
  const [l] = await queryRows<{
    per_booking_minor: string | number | null;
    per_member_month_minor: string | number | null;
  }>(
    tx,
    sql`SELECT per_booking_minor, per_member_month_minor FROM company_limits
        WHERE company_id = ${companyId} AND currency = ${currency}`,
  );
  const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    policy: {
      countryIds: p?.country_ids?.map(Number) ?? null,
      parkTypes: p?.park_types ?? null,
      hours: p?.hours ?? null,
      switches: p ? knownSwitches(p.paid_switches) : DEFAULT_PAY_SWITCHES,
    },
    limits: {
      perBookingMinor: num(l?.per_booking_minor),
      perMemberMonthMinor: num(l?.per_member_month_minor),
    },
  };
}

/**
 * What the member's company paid this month in `currency` (purchases less refunds, top-ups left
 * out), the month being `at`'s on the company's home country's clock.
 */
export async function spentThisMonth(
  tx: Tx,
  memberId: number,
  currency: string,
  at: Date,
  timeZone: string,
): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(
    tx,
    sql`SELECT coalesce(sum(amount_minor), 0) AS s FROM company_charges
        WHERE member_id = ${memberId} AND currency = ${currency} AND kind <> 'topup'
          AND at >= (date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})
          AND at < ((date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) + interval '1 month') AT TIME ZONE ${timeZone})`,
  );
  return Number(row?.s ?? 0);
}

/**
 * Creates the company's account in `currency` at its first move (the floor of invoice mode in
 * its home currency, 0 elsewhere); nothing when it exists.
 */
export async function ensureAccount(tx: Tx, companyId: number, currency: string): Promise<void> {
  await queryRows(
    tx,
    sql`INSERT INTO wallet_accounts (key, kind, currency, credit_limit_minor)
        SELECT ${companyWalletKey(companyId, currency)}, 'company_wallet', ${currency},
          CASE WHEN co.billing = 'invoice' AND trim(c.currency) = ${currency} THEN co.credit_limit_minor ELSE 0 END
        FROM companies co JOIN countries c ON c.id = co.country_id
        WHERE co.id = ${companyId}
        ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
}

/** The company that paid a purchase's first move, the member who bought and their cost centre then. */
export interface FirstMovePayer {
  companyId: number;
  memberId: number;
  costCentre: string;
}

/** Who paid the ledger move `ledgerKey` (a purchase's first: `booking:<id>:1`, `order:<id>:1`), or null: the driver paid. */
export async function payerOfMove(tx: Tx, ledgerKey: string): Promise<FirstMovePayer | null> {
  const [row] = await queryRows<{ company_id: number; member_id: string | number; cost_centre: string }>(
    tx,
    sql`SELECT company_id, member_id, cost_centre FROM company_charges WHERE ledger_key = ${ledgerKey}`,
  );
  return row
    ? { companyId: Number(row.company_id), memberId: Number(row.member_id), costCentre: row.cost_centre }
    : null;
}

/**
 * The names of the companies that paid some ledger moves (their company_charges rows), by ledger
 * key; a key missing from the map was a driver's wallet move.
 */
export async function payerNamesOfMoves(tx: Tx, ledgerKeys: string[]): Promise<Map<string, string>> {
  if (ledgerKeys.length === 0) return new Map();
  const rows = await payerNamesStatement(tx, { keys: ledgerKeys });
  return new Map(rows.map((r) => [r.ledger_key, r.name]));
}
/**
 * Every booking shown asks it (a new booking's answer too): one text for any number of keys, a
 * named prepared statement built once (docs/decisions/009-prepared-statements.md).
 */
const payerNamesStatement = preparedRows<{ ledger_key: string; name: string }>(
  "company_payer_names",
  sql`SELECT cc.ledger_key, co.name FROM company_charges cc JOIN companies co ON co.id = cc.company_id
      WHERE cc.ledger_key = ANY(${sql.placeholder("keys")}::text[])`,
);
