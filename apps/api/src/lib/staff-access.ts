/**
 * A staff member's back-office access as features/admin loads it (access.service.ts), and who made
 * a change for the audit log: plain shapes and checks here, so the back office's plugin
 * (plugins/admin-access.ts) and the private files' links import no feature.
 */
import { FORBIDDEN_MESSAGE, type Permission, type UserRole } from "@parkwell/contract";
import { AppError } from "./app-error";

export interface StaffAccess {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  permissions: ReadonlySet<string>;
  operator: { id: number; name: string } | null;
  /** The parks the user works at; null for every park. */
  parkIds: number[] | null;
}

/** Who made a back-office change, from the request. */
export interface AuditActor {
  userId: string;
  ip?: string | undefined;
}

export function forbidden(): AppError {
  return new AppError(403, "forbidden", FORBIDDEN_MESSAGE);
}

export function can(access: StaffAccess, permission: Permission): boolean {
  return access.permissions.has(permission);
}
