/**
 * The back office's permissions: `section.action`, e.g. `parks.view`. Pure (no React), so the
 * guard, the nav and the pages share one reading of them, and the unit tests run in Node.
 */
import type { Permission } from "@parkwell/contract";

export { ADMIN_ACTIONS, ADMIN_SECTIONS } from "@parkwell/contract";
export type { AdminAction, AdminSection, Permission } from "@parkwell/contract";

/** What a permission check needs of the signed-in user (GET /admin/me has more). */
export interface PermissionHolder {
  permissions: readonly string[];
}

/** Whether the user holds the permission; nobody holds anything until /admin/me has answered. */
export function can(me: PermissionHolder | null | undefined, permission: Permission): boolean {
  return Boolean(me?.permissions.includes(permission));
}

/** Whether the user holds the permission, or any one of a list (a page two sections share). */
export function canAny(
  me: PermissionHolder | null | undefined,
  permission: Permission | readonly Permission[],
): boolean {
  const any: readonly Permission[] = typeof permission === "string" ? [permission] : permission;
  return any.some((p) => can(me, p));
}

/** Whether the user may open the back office at all: any permission will do. */
export function hasBackOffice(me: PermissionHolder | null | undefined): boolean {
  return Boolean(me && me.permissions.length > 0);
}
