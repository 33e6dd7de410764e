/**
 * Who may do what in the back office (docs/decisions/022-back-office-access.md): a role's
 * permissions (`<section>.<action>`, data in role_permissions; the admin role holds all of them)
 * and a scope, the parks the user works at (null: every park). Routes check a permission; services
 * check the scope, and a resource outside it is a 404, never its data.
 */
import {
  ADMIN_ACTIONS,
  ADMIN_SECTIONS,
  ALL_PERMISSIONS,
  STAFF_ROLES,
  USER_ROLES,
  type AdminMe,
  type AdminRole,
  type Permission,
  type UserRole,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { can, forbidden, type StaffAccess } from "../../lib/staff-access";
import type { AuthUser } from "../sessions/sessions.service";
import * as repo from "./access.repo";
import { recordAudit, type AuditActor } from "./audit.repo";

export { can, forbidden, type StaffAccess };

export async function loadAccess(db: Tx, user: AuthUser): Promise<StaffAccess> {
  const row = await repo.findAccess(db, user.id);
  if (!row) throw forbidden();
  const permissions = new Set<string>(row.role === "admin" ? ALL_PERMISSIONS : row.permissions);
  return {
    userId: user.id,
    email: user.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    permissions,
    operator:
      row.operatorId !== null && row.operatorName !== null
        ? { id: row.operatorId, name: row.operatorName }
        : null,
    parkIds: row.parkIds,
  };
}

/** Whether a park is in the user's scope. */
export function parkInScope(access: StaffAccess, parkId: number): boolean {
  return access.parkIds === null || access.parkIds.includes(parkId);
}

/** The one answer for a park outside the scope or missing: they are indistinguishable. */
export const parkNotFound = () => AppError.notFound("Park not found", "park_not_found");

/**
 * A park named by a filter or a body: in the scope and existing, else the 404. Staff's parks are
 * existing parks already; only a scope of every park (an admin) needs the query.
 */
export async function requireParkInScope(db: Tx, access: StaffAccess, parkId: number): Promise<void> {
  if (!parkInScope(access, parkId)) throw parkNotFound();
  if (access.parkIds === null && !(await repo.parkExists(db, parkId))) throw parkNotFound();
}

export function me(access: StaffAccess): AdminMe {
  return {
    user: {
      id: access.userId,
      email: access.email,
      first_name: access.firstName,
      last_name: access.lastName,
    },
    role: access.role,
    permissions: [...access.permissions].sort(),
    operator: access.operator,
    parks: access.parkIds,
  };
}

const EDITABLE: readonly UserRole[] = STAFF_ROLES;

export async function listRoles(
  db: Db,
): Promise<{ sections: string[]; actions: string[]; roles: AdminRole[] }> {
  const rows = await repo.listRolePermissions(db);
  return {
    sections: [...ADMIN_SECTIONS],
    actions: [...ADMIN_ACTIONS],
    roles: USER_ROLES.map((key) =>
      roleOf(
        key,
        rows.filter((r) => r.role === key).map((r) => r.permission),
      ),
    ),
  };
}

function roleOf(key: UserRole, permissions: string[]): AdminRole {
  return {
    key,
    editable: EDITABLE.includes(key),
    permissions: key === "admin" ? [...ALL_PERMISSIONS] : permissions.filter(isPermission).sort(),
  };
}

function isPermission(p: string): p is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(p);
}

/** Replaces a staff role's permissions (the admin and customer roles are fixed), with an audit entry. */
export async function setRolePermissions(
  db: Db,
  actor: AuditActor,
  role: UserRole,
  permissions: readonly string[],
): Promise<AdminRole> {
  if (!EDITABLE.includes(role)) {
    throw new AppError(422, "validation_error", `The ${role} role's permissions cannot be changed`, {
      role: `The ${role} role's permissions cannot be changed`,
    });
  }
  const wanted = [...new Set(permissions.filter(isPermission))].sort();
  await db.transaction(async (tx) => {
    const before = await repo.replaceRolePermissions(tx, role, wanted);
    await recordAudit(tx, actor, {
      action: "role.update",
      entity: "role",
      entityId: role,
      operatorId: null,
      before: { permissions: before },
      after: { permissions: wanted },
    });
  });
  return roleOf(role, wanted);
}
