import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Permission } from "@parkwell/contract";
import type { AuthUser } from "../lib/auth-user";
import { can, forbidden, type AuditActor, type StaffAccess } from "../lib/staff-access";
import { requireUser, type Auth } from "./auth";

declare module "fastify" {
  interface FastifyInstance {
    /** Every back-office route with the permission it checks (filled as routes register). */
    adminGuards: readonly AdminRouteGuard[];
  }
  interface FastifyRequest {
    /** Set by `admin.permit(...)`: the user's back-office role, permissions and parks. */
    staffAccess: StaffAccess | null;
  }
}

/** What the app gives the plugin: a signed-in user's back-office access, or the 403 (features/admin). */
export interface AdminAccessOptions {
  loadAccess(user: AuthUser): Promise<StaffAccess>;
}

/**
 * The back office's guard: `{ onRequest: admin.permit("parks.update") }` on a route of a scope
 * guarded by `auth.guard` (401 first). It runs before the body is read, so a user without the
 * permission gets the 403 whatever they sent. A user with no back-office permission at all gets
 * the same 403 (`admin.permit()` without a permission: any staff).
 */
export function registerAdminAccess(app: FastifyInstance, auth: Auth, { loadAccess }: AdminAccessOptions) {
  app.decorateRequest("staffAccess", null);

  const access = async (req: FastifyRequest): Promise<StaffAccess> => {
    req.staffAccess ??= await loadAccess(requireUser(req));
    return req.staffAccess;
  };

  const guards = new WeakMap<object, Permission | "any">();
  const permit = (permission?: Permission): onRequestAsyncHookHandler => {
    const hook: onRequestAsyncHookHandler = async (req) => {
      const found = await access(req);
      if (permission ? !can(found, permission) : found.permissions.size === 0) throw forbidden();
    };
    guards.set(hook, permission ?? "any");
    return hook;
  };

  // Every back-office route names its permission, or the app does not start: a route added
  // without one can never be open to every signed-in user by mistake. The table also drives the
  // role x route test (admin-routes.api.test.ts).
  const routes: AdminRouteGuard[] = [];
  app.decorate("adminGuards", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(`${ADMIN_PREFIX}/`)) return;
    const hooks: unknown[] = [route.onRequest].flat();
    const permission = hooks
      .map((h) => (typeof h === "function" ? guards.get(h) : undefined))
      .find((p) => p !== undefined);
    if (!permission)
      throw new Error(`${route.method.toString()} ${route.url} has no admin.permit(...) guard`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, permission });
    }
  });

  return { auth, permit, routes };
}

export const ADMIN_PREFIX = "/api/v1/admin";

/** A back-office route and the permission it checks ("any": any back-office permission). */
export interface AdminRouteGuard {
  method: string;
  url: string;
  permission: Permission | "any";
}

export type AdminAccess = ReturnType<typeof registerAdminAccess>;

/** The staff member behind a route guarded by `admin.permit`. */
export function requireStaff(req: FastifyRequest): StaffAccess {
  if (!req.staffAccess) throw forbidden();
  return req.staffAccess;
}

/** Who is changing something, for the audit log. */
export function auditActor(req: FastifyRequest): AuditActor {
  return { userId: requireUser(req).id, ip: req.ip };
}
