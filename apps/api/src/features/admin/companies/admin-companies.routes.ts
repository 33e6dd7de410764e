/** /admin/companies: business accounts for Parkwell's staff (the customers section's permissions). */
import {
  AdminCompanyListQuerySchema,
  AdminCompanyPageSchema,
  AdminCompanyParamsSchema,
  AdminCompanySchema,
  AdminCompanyUpdateBodySchema,
  ErrorSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as companies from "./admin-companies.service";

export function adminCompaniesRoutes(
  deps: { db: Db; clock: Clock },
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    const tags = ["Back office: companies"];
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.get(
      "/admin/companies",
      {
        onRequest: admin.permit("customers.view"),
        schema: {
          tags,
          operationId: "listAdminCompanies",
          summary: "Business accounts by name (a search matches the name, billing e-mail or tax id)",
          querystring: AdminCompanyListQuerySchema,
          response: { 200: AdminCompanyPageSchema, ...err },
        },
      },
      async (req) => companies.listCompanies(deps.db, req.query),
    );
    app.get(
      "/admin/companies/:id",
      {
        onRequest: admin.permit("customers.view"),
        schema: {
          tags,
          operationId: "getAdminCompany",
          summary: "One business account: billing, credit limit, balance, members",
          params: AdminCompanyParamsSchema,
          response: { 200: AdminCompanySchema, ...err },
        },
      },
      async (req) => companies.getCompany(deps.db, req.params.id),
    );
    app.patch(
      "/admin/companies/:id",
      {
        onRequest: admin.permit("customers.update"),
        schema: {
          tags,
          operationId: "updateAdminCompany",
          summary: "Set a business account's credit limit (invoice billing) or disable / enable it (audited)",
          params: AdminCompanyParamsSchema,
          body: AdminCompanyUpdateBodySchema,
          response: { 200: AdminCompanySchema, ...err },
        },
      },
      async (req) => companies.updateCompany(deps, auditActor(req), req.params.id, req.body),
    );
  };
}
