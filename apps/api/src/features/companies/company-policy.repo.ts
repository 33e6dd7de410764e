/** A company's policy and limits: their queries (company-policy.service.ts says what they are for). */
import type { PlanWindow } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface PolicyRow {
  countryCodes: string[] | null;
  parkTypes: string[] | null;
  hours: PlanWindow[] | null;
  extensionsAllowed: boolean;
  marketplaceAllowed: boolean;
  passesAllowed: boolean;
  vehicleDocsAllowed: boolean;
}

/** The company's policy with its countries as codes; null when it never set one (the defaults apply). */
export async function policyOf(db: Tx, companyId: number): Promise<PolicyRow | null> {
  const [row] = await queryRows<{
    codes: string[] | null;
    park_types: string[] | null;
    hours: PlanWindow[] | null;
    extensions_allowed: boolean;
    marketplace_allowed: boolean;
    passes_allowed: boolean;
    vehicle_docs_allowed: boolean;
  }>(
    db,
    sql`SELECT CASE WHEN p.country_ids IS NULL THEN NULL ELSE
            (SELECT coalesce(array_agg(c.code ORDER BY c.code), '{}') FROM countries c WHERE c.id = ANY(p.country_ids)) END AS codes,
          p.park_types, p.hours, p.extensions_allowed, p.marketplace_allowed, p.passes_allowed,
          p.vehicle_docs_allowed
        FROM company_policies p WHERE p.company_id = ${companyId}`,
  );
  if (!row) return null;
  return {
    countryCodes: row.codes,
    parkTypes: row.park_types,
    hours: row.hours,
    extensionsAllowed: row.extensions_allowed,
    marketplaceAllowed: row.marketplace_allowed,
    passesAllowed: row.passes_allowed,
    vehicleDocsAllowed: row.vehicle_docs_allowed,
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

/** Writes the policy and replaces the limits, in the caller's transaction. */
export async function savePolicy(
  tx: Tx,
  companyId: number,
  userId: string,
  p: {
    countryIds: number[] | null;
    parkTypes: string[] | null;
    hours: PlanWindow[] | null;
    extensionsAllowed: boolean;
    marketplaceAllowed: boolean;
    /** Null: unchanged (a client that does not know the switch yet), false on a new policy. */
    passesAllowed: boolean | null;
    vehicleDocsAllowed: boolean | null;
  },
  limits: { currency: string; perBookingMinor: number | null; perMemberMonthMinor: number | null }[],
  at: Date,
): Promise<void> {
  const ids = p.countryIds === null ? null : `{${p.countryIds.join(",")}}`;
  const types = p.parkTypes === null ? null : `{${p.parkTypes.join(",")}}`;
  const hours = p.hours === null ? null : JSON.stringify(p.hours);
  await queryRows(
    tx,
    sql`INSERT INTO company_policies (company_id, country_ids, park_types, hours, extensions_allowed,
          marketplace_allowed, passes_allowed, vehicle_docs_allowed, updated_by, updated_at)
        VALUES (${companyId}, ${ids}::int[], ${types}::text[], ${hours}::jsonb, ${p.extensionsAllowed},
          ${p.marketplaceAllowed}, coalesce(${p.passesAllowed}::boolean, false),
          coalesce(${p.vehicleDocsAllowed}::boolean, false), ${userId}, ${at.toISOString()}::timestamptz)
        ON CONFLICT (company_id) DO UPDATE SET country_ids = excluded.country_ids, park_types = excluded.park_types,
          hours = excluded.hours, extensions_allowed = excluded.extensions_allowed,
          marketplace_allowed = excluded.marketplace_allowed,
          passes_allowed = coalesce(${p.passesAllowed}::boolean, company_policies.passes_allowed),
          vehicle_docs_allowed = coalesce(${p.vehicleDocsAllowed}::boolean, company_policies.vehicle_docs_allowed),
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
