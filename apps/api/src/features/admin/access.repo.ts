import { sql, type SQL } from "drizzle-orm";
import type { Permission, UserRole } from "@parkwell/contract";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface AccessRow {
  firstName: string;
  lastName: string;
  role: UserRole;
  operatorId: number | null;
  operatorName: string | null;
  permissions: string[];
  /** null for every park (an admin). */
  parkIds: number[] | null;
}

/**
 * A user's role, operator, permissions and parks in one round trip. A branch manager has every
 * park of its operator; other staff the parks assigned to them that are still their operator's.
 */
export async function findAccess(db: Tx, userId: string): Promise<AccessRow | null> {
  const [row] = await queryRows<{
    first_name: string;
    last_name: string;
    role: UserRole;
    operator_id: number | null;
    operator_name: string | null;
    permissions: string[];
    park_ids: number[] | null;
  }>(
    db,
    sql`SELECT u.first_name, u.last_name, u.role, u.operator_id, o.name AS operator_name,
      ARRAY(SELECT rp.permission FROM role_permissions rp WHERE rp.role = u.role ORDER BY 1) AS permissions,
      CASE
        WHEN u.role = 'admin' THEN NULL
        WHEN u.role = 'branch_manager' THEN ARRAY(SELECT p.id FROM parks p WHERE p.operator_id = u.operator_id ORDER BY 1)
        ELSE ARRAY(SELECT sp.park_id FROM staff_parks sp JOIN parks p ON p.id = sp.park_id
          AND p.operator_id = u.operator_id WHERE sp.user_id = u.id ORDER BY 1)
      END AS park_ids
    FROM users u LEFT JOIN operators o ON o.id = u.operator_id
    WHERE u.id = ${userId}`,
  );
  if (!row) return null;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    permissions: row.permissions,
    parkIds: row.park_ids,
  };
}

export async function listRolePermissions(db: Tx): Promise<{ role: string; permission: string }[]> {
  return queryRows<{ role: string; permission: string }>(
    db,
    sql`SELECT role, permission FROM role_permissions ORDER BY role, permission`,
  );
}

/** Replaces a role's permissions; returns what it held before. */
export async function replaceRolePermissions(
  tx: Tx,
  role: UserRole,
  permissions: readonly Permission[],
): Promise<string[]> {
  const before = await queryRows<{ permission: string }>(
    tx,
    sql`DELETE FROM role_permissions WHERE role = ${role} RETURNING permission`,
  );
  if (permissions.length > 0) {
    await tx.execute(sql`INSERT INTO role_permissions (role, permission)
      SELECT ${role}, unnest(${sql.param([...permissions])}::text[]) ON CONFLICT DO NOTHING`);
  }
  return before.map((r) => r.permission).sort();
}

/** `column` restricted to the parks of a scope (`null`: every park). */
export function parkScopeSql(column: SQL | SQL.Aliased | unknown, parkIds: readonly number[] | null): SQL {
  if (parkIds === null) return sql`true`;
  return sql`${column} = ANY(${sql.param([...parkIds])}::int[])`;
}

/** Whether a park exists (any status). */
export async function parkExists(db: Tx, parkId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM parks WHERE id = ${parkId}`);
  return rows.length > 0;
}
