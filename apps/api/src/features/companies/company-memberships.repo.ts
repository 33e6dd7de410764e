/** A user's active places in companies (company-memberships.service.ts). */
import { sql } from "drizzle-orm";
import type { CompanyMembership } from "@parkwell/contract";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

/** The companies `userId` is an active member of, by name. */
export function membershipsOf(db: Tx, userId: string): Promise<CompanyMembership[]> {
  return queryRows<CompanyMembership>(
    db,
    sql`SELECT c.id, c.name, m.role, co.code AS country_code, trim(co.currency) AS currency,
        c.verified_at IS NOT NULL AS verified, c.disabled_at IS NOT NULL AS disabled, c.billing,
        m.cost_centre
      FROM company_members m
      JOIN companies c ON c.id = m.company_id
      JOIN countries co ON co.id = c.country_id
      WHERE m.user_id = ${userId} AND m.removed_at IS NULL
      ORDER BY c.name, c.id`,
  );
}
