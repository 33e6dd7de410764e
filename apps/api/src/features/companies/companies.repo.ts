/** Queries of companies and their memberships (features/companies/companies.service.ts). */
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface MyCompanyRow {
  id: number;
  name: string;
  role: "owner" | "admin" | "member";
  country_code: string;
  currency: string;
  verified: boolean;
  disabled: boolean;
  billing: "wallet" | "invoice";
  cost_centre: string;
}

/** A served country by its code (null: none). */
export async function countryByCode(db: Tx, code: string): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM countries WHERE code = ${code}`);
  return row ? { id: Number(row.id) } : null;
}

export async function insertCompany(
  db: Tx,
  c: {
    name: string;
    countryId: number;
    billingEmail: string;
    taxId: string;
    address: string;
    createdBy: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO companies (name, country_id, billing_email, tax_id, address, created_by, created_at)
        VALUES (${c.name}, ${c.countryId}, ${c.billingEmail}, ${c.taxId}, ${c.address}, ${c.createdBy},
          ${c.now.toISOString()})
        RETURNING id`,
  );
  return Number(row!.id);
}

export async function insertMember(
  db: Tx,
  m: { companyId: number; userId: string; role: "owner" | "admin" | "member"; costCentre: string; now: Date },
): Promise<void> {
  await queryRows(
    db,
    sql`INSERT INTO company_members (company_id, user_id, role, cost_centre, joined_at)
        VALUES (${m.companyId}, ${m.userId}, ${m.role}, ${m.costCentre}, ${m.now.toISOString()})`,
  );
}

/** The active memberships of `userId`, by company name. */
export async function myCompanies(db: Tx, userId: string, companyId?: number): Promise<MyCompanyRow[]> {
  const rows = await queryRows<MyCompanyRow & { id: number }>(
    db,
    sql`SELECT co.id, co.name, m.role, c.code AS country_code, trim(c.currency) AS currency,
          co.verified_at IS NOT NULL AS verified, co.disabled_at IS NOT NULL AS disabled, co.billing,
          m.cost_centre
        FROM company_members m
        JOIN companies co ON co.id = m.company_id
        JOIN countries c ON c.id = co.country_id
        WHERE m.user_id = ${userId} AND m.removed_at IS NULL
          ${companyId === undefined ? sql`` : sql`AND co.id = ${companyId}`}
        ORDER BY co.name, co.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The company whose verification token hashes to `hash` (null: none or already cleared). */
export async function companyByVerifyHash(
  db: Tx,
  hash: string,
): Promise<{ id: number; expiresAt: Date | null } | null> {
  const [row] = await queryRows<{ id: number; verify_expires_at: string | Date | null }>(
    db,
    sql`SELECT id, verify_expires_at FROM companies WHERE verify_token_hash = ${hash} FOR UPDATE`,
  );
  if (!row) return null;
  return { id: Number(row.id), expiresAt: row.verify_expires_at ? new Date(row.verify_expires_at) : null };
}

/** Marks it verified; the token's hash stays so a second use of the same link answers the same. */
export async function markVerified(db: Tx, companyId: number, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE companies SET verified_at = coalesce(verified_at, ${now.toISOString()}) WHERE id = ${companyId}`,
  );
}

export async function companyName(
  db: Tx,
  companyId: number,
): Promise<{ name: string; verified: boolean } | null> {
  const [row] = await queryRows<{ name: string; verified: boolean }>(
    db,
    sql`SELECT name, verified_at IS NOT NULL AS verified FROM companies WHERE id = ${companyId}`,
  );
  return row ?? null;
}

/** Stores a new verification token's hash and expiry (the previous link stops working). */
export async function setVerifyToken(
  db: Tx,
  companyId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE companies SET verify_token_hash = ${hash}, verify_expires_at = ${expiresAt.toISOString()}
        WHERE id = ${companyId}`,
  );
}

export async function companyForMail(
  db: Tx,
  companyId: number,
): Promise<{ name: string; billingEmail: string; verified: boolean } | null> {
  const [row] = await queryRows<{ name: string; billing_email: string; verified: boolean }>(
    db,
    sql`SELECT name, billing_email, verified_at IS NOT NULL AS verified FROM companies WHERE id = ${companyId}`,
  );
  return row ? { name: row.name, billingEmail: row.billing_email, verified: row.verified } : null;
}

export async function membersPage(
  db: Tx,
  companyId: number,
  limit: number,
  offset: number,
): Promise<{
  rows: {
    id: number;
    name: string;
    email: string;
    role: "owner" | "admin" | "member";
    cost_centre: string;
    joined_at: string;
  }[];
  total: number;
}> {
  const rows = await queryRows<{
    id: number;
    name: string;
    email: string;
    role: "owner" | "admin" | "member";
    cost_centre: string;
    joined_at: string | Date;
    total: number;
  }>(
    db,
    sql`SELECT m.id, trim(concat_ws(' ', u.first_name, u.last_name)) AS name, u.email, m.role, m.cost_centre,
          m.joined_at, count(*) OVER () AS total
        FROM company_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = ${companyId} AND m.removed_at IS NULL
        ORDER BY m.joined_at, m.id LIMIT ${limit} OFFSET ${offset}`,
  );
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      email: r.email,
      role: r.role,
      cost_centre: r.cost_centre,
      joined_at: new Date(r.joined_at).toISOString(),
    })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

/** The company's active owners, locked (so two removals cannot leave none). */
export async function lockActiveMembers(
  db: Tx,
  companyId: number,
): Promise<{ id: number; role: "owner" | "admin" | "member" }[]> {
  const rows = await queryRows<{ id: number; role: "owner" | "admin" | "member" }>(
    db,
    sql`SELECT id, role FROM company_members WHERE company_id = ${companyId} AND removed_at IS NULL
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => ({ id: Number(r.id), role: r.role }));
}

export async function removeMember(db: Tx, memberId: number, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE company_members SET removed_at = ${now.toISOString()} WHERE id = ${memberId}`,
  );
}

export async function updateMember(
  db: Tx,
  memberId: number,
  change: { role?: "owner" | "admin" | "member" | undefined; costCentre?: string | undefined },
): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE company_members SET role = coalesce(${change.role ?? null}, role),
          cost_centre = coalesce(${change.costCentre ?? null}, cost_centre)
        WHERE id = ${memberId}`,
  );
}
