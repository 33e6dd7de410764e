/** A company's policy and limits: their queries (company-policy.service.ts says what they are for). */
import {
  COMPANY_PAY_SWITCHES,
  DEFAULT_PAY_SWITCHES,
  type CompanyPaySwitch,
  type PlanWindow,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface PolicyRow {
  countryCodes: string[] | null;
  parkTypes: string[] | null;
  hours: PlanWindow[] | null;
  /** The switches that are on. */
  switches: CompanyPaySwitch[];
}

/** The stored switch names the contract knows, in its order (a name it no longer has is left out). */
export function knownSwitches(stored: readonly string[]): CompanyPaySwitch[] {
  return COMPANY_PAY_SWITCHES.filter((s) => stored.includes(s.name)).map((s) => s.name);
}

/** The company's policy with its countries as codes; null when it never set one (the defaults apply). */
export async function policyOf(db: Tx, companyId: number): Promise<PolicyRow | null> {
  const [row] = await queryRows<{
    codes: string[] | null;
    park_types: string[] | null;
    hours: PlanWindow[] | null;
    paid_switches: string[];
  }>(
    db,
    sql`SELECT CASE WHEN p.country_ids IS NULL THEN NULL ELSE
            (SELECT coalesce(array_agg(c.code ORDER BY c.code), '{}') FROM countries c WHERE c.id = ANY(p.country_ids)) END AS codes,
          p.park_types, p.hours, p.paid_switches
        FROM company_policies p WHERE p.company_id = ${companyId}`,
  );
  if (!row) return null;
  return {
    countryCodes: row.codes,
    parkTypes: row.park_types,
    hours: row.hours,
    switches: knownSwitches(row.paid_switches),
  };
}

/** The company's limits, one row per currency, in minor units. */
export async function limitsOf(db: Tx, companyId: number) {
  const rows = await queryRows<{
    currency: string;
    per_booking_minor: string | number | null;
    per_member_month_minor: string | number | null;
  }>(
    db,
    sql`SELECT trim(currency) AS currency, per_booking_minor, per_member_month_minor FROM company_limits
        WHERE company_id = ${companyId} ORDER BY currency`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    currency: r.currency,
    perBookingMinor: num(r.per_booking_minor),
    perMemberMonthMinor: num(r.per_member_month_minor),
  }));
}

/** Country ids by their codes (the codes not served are missing from the map). */
export async function countryIdsByCode(db: Tx): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM countries`);
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
}

/**
 * Writes the policy and replaces the limits, in the caller's transaction. `switches` gives each
 * switch sent as on or off; one not sent keeps its state (its default on a new policy).
 */
export async function savePolicy(
  tx: Tx,
  companyId: number,
  userId: string,
  p: {
    countryIds: number[] | null;
    parkTypes: string[] | null;
    hours: PlanWindow[] | null;
    switches: Partial<Record<CompanyPaySwitch, boolean>>;
  },
  limits: { currency: string; perBookingMinor: number | null; perMemberMonthMinor: number | null }[],
  at: Date,
): Promise<void> {
  const names = COMPANY_PAY_SWITCHES.map((s) => s.name);
  const sent = names.filter((n) => p.switches[n] !== undefined);
  const sentOn = names.filter((n) => p.switches[n] === true);
  const onNew = names.filter((n) => p.switches[n] ?? DEFAULT_PAY_SWITCHES.includes(n));
  const arr = (list: readonly string[]) => `{${list.join(",")}}`;
  const ids = p.countryIds === null ? null : `{${p.countryIds.join(",")}}`;
  const types = p.parkTypes === null ? null : `{${p.parkTypes.join(",")}}`;
  const hours = p.hours === null ? null : JSON.stringify(p.hours);
  // An existing policy keeps the state of each switch not sent, in the contract's order.
  await queryRows(
    tx,
    sql`INSERT INTO company_policies (company_id, country_ids, park_types, hours, paid_switches, updated_by, updated_at)
        VALUES (${companyId}, ${ids}::int[], ${types}::text[], ${hours}::jsonb, ${arr(onNew)}::text[],
          ${userId}, ${at.toISOString()}::timestamptz)
        ON CONFLICT (company_id) DO UPDATE SET country_ids = excluded.country_ids, park_types = excluded.park_types,
          hours = excluded.hours,
          paid_switches = ARRAY(SELECT n.name FROM unnest(${arr(names)}::text[]) WITH ORDINALITY AS n(name, i)
            WHERE n.name = ANY(${arr(sentOn)}::text[])
              OR (n.name <> ALL(${arr(sent)}::text[]) AND n.name = ANY(company_policies.paid_switches))
            ORDER BY n.i),
          updated_by = excluded.updated_by, updated_at = excluded.updated_at
        RETURNING company_id`,
  );
  await queryRows(tx, sql`DELETE FROM company_limits WHERE company_id = ${companyId} RETURNING company_id`);
  for (const l of limits) {
    await queryRows(
      tx,
      sql`INSERT INTO company_limits (company_id, currency, per_booking_minor, per_member_month_minor)
          VALUES (${companyId}, ${l.currency}, ${l.perBookingMinor}, ${l.perMemberMonthMinor}) RETURNING company_id`,
    );
  }
}
