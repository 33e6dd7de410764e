import {
  AdminMeSchema,
  AdminRoleSchema,
  AdminRolesSchema,
  ErrorSchema,
  RoleKeyParamsSchema,
  RolePermissionsBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { auditActor, requireStaff, type AdminAccess } from "../../plugins/admin-access";
import * as access from "./access.service";

/** The back office's own routes: who am I there, and the permission matrix. */
export function adminRoutes(db: Db, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/me",
      {
        onRequest: admin.permit(),
        schema: {
          tags,
          operationId: "adminMe",
          summary: "My back-office role, permissions, operator and parks",
          response: { 200: AdminMeSchema, ...err },
        },
      },
      async (req) => access.me(requireStaff(req)),
    );

    app.get(
      "/admin/roles",
      {
        onRequest: admin.permit("roles.view"),
        schema: {
          tags,
          operationId: "listAdminRoles",
          summary: "The permission matrix: every role's permissions",
          response: { 200: AdminRolesSchema, ...err },
        },
      },
      async () => access.listRoles(db),
    );

    app.put(
      "/admin/roles/:role",
      {
        onRequest: admin.permit("roles.update"),
        schema: {
          tags,
          operationId: "setAdminRolePermissions",
          summary: "Replace a staff role's permissions",
          params: RoleKeyParamsSchema,
          body: RolePermissionsBodySchema,
          response: { 200: AdminRoleSchema, ...err },
        },
      },
      async (req) => access.setRolePermissions(db, auditActor(req), req.params.role, req.body.permissions),
    );
  };
}
