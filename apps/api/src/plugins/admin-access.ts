import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Permission } from "@parkwell/contract";
import type { Db } from "../db/client";
import { can, forbidden, loadAccess, type StaffAccess } from "../features/admin/access.service";
import type { AuditActor } from "../features/admin/audit.repo";
import { requireUser, type Auth } from "./auth";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `admin.permit(...)`: the user's back-office role, permissions and parks. */
    staffAccess: StaffAccess | null;
  }
}

/**
 * The back office's guard: `{ onRequest: admin.permit("parks.update") }` on a route of a scope
 * guarded by `auth.guard` (401 first). It runs before the body is read, so a user without the
 * permission gets the 403 whatever they sent. A user with no back-office permission at all gets
 * the same 403 (`admin.permit()` without a permission: any staff).
 */
export function registerAdminAccess(app: FastifyInstance, db: Db, auth: Auth) {
  app.decorateRequest("staffAccess", null);

  const access = async (req: FastifyRequest): Promise<StaffAccess> => {
    req.staffAccess ??= await loadAccess(db, requireUser(req));
    return req.staffAccess;
  };

  const permit =
    (permission?: Permission): onRequestAsyncHookHandler =>
    async (req) => {
      const found = await access(req);
      if (permission ? !can(found, permission) : found.permissions.size === 0) throw forbidden();
    };

  return { auth, permit, access };
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
