/**
 * The back office's permissions: `section.action`, e.g. `parks.view`. Pure (no React), so the
 * guard, the nav and the pages share one reading of them, and the unit tests run in Node.
 */
export const ADMIN_SECTIONS = [
  "dashboard",
  "parks",
  "staff",
  "bookings",
  "gate",
  "pos",
  "reports",
  "transactions",
  "credit_balance",
  "customers",
  "inquiries",
  "roles",
  "audit",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const ADMIN_ACTIONS = ["view", "create", "update", "delete"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export type Permission = `${AdminSection}.${AdminAction}`;

/** What a permission check needs of the signed-in user (GET /admin/me has more). */
export interface PermissionHolder {
  permissions: readonly string[];
}

/** Whether the user holds the permission; nobody holds anything until /admin/me has answered. */
export function can(me: PermissionHolder | null | undefined, permission: Permission): boolean {
  return Boolean(me?.permissions.includes(permission));
}

/** Whether the user may open the back office at all: any permission will do. */
export function hasBackOffice(me: PermissionHolder | null | undefined): boolean {
  return Boolean(me && me.permissions.length > 0);
}
