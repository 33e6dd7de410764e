/**
 * GET /api/v1/business/companies (bearer): the companies the caller is an active member of, with
 * their role, currency and whether each can pay (verified, not disabled). Checkout offers
 * "Pay with {company}" from this list; a removed member's company is gone from it at once.
 */
import { CompanyMembershipsSchema, ErrorSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { requireUser, type Auth } from "../../plugins/auth";
import { myCompanies } from "./company-memberships.service";

export function companyMembershipsRoutes(db: Db, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.get(
      "/business/companies",
      {
        schema: {
          tags: ["Business"],
          operationId: "listMyCompanies",
          summary:
            "The companies the caller is an active member of, with role, currency and whether each can pay",
          response: { 200: CompanyMembershipsSchema, 401: ErrorSchema },
        },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await myCompanies(db, requireUser(req).id) };
      },
    );
  };
}
