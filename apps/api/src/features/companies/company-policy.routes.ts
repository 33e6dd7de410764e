/**
 * A company's policy under /api/v1/business/companies/{id}/policy (bearer): members read it,
 * owners and admins replace it (company-policy.service.ts).
 */
import {
  COMPANY_PAY_SWITCHES,
  CompanyIdParamsSchema,
  CompanyPolicyBodySchema,
  CompanyPolicySchema,
  ErrorSchema,
  switchField,
  unknownSwitchFields,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { requireUser, type Auth } from "../../plugins/auth";
import * as policy from "./company-policy.service";

const tags = ["Business"];
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

export function companyPolicyRoutes(deps: { db: Db; clock: Clock }, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/business/companies/:id/policy",
      {
        schema: {
          tags,
          operationId: "getCompanyPolicy",
          summary: "What the company pays for and its limits (its members)",
          params: CompanyIdParamsSchema,
          response: { 200: CompanyPolicySchema, ...errors },
        },
      },
      async (req) => policy.policyFor(deps.db, req.params.id, requireUser(req).id),
    );

    app.put(
      "/business/companies/:id/policy",
      {
        schema: {
          tags,
          operationId: "putCompanyPolicy",
          summary: "Replace the company's policy and limits (owners and admins)",
          params: CompanyIdParamsSchema,
          body: CompanyPolicyBodySchema,
          response: { 200: CompanyPolicySchema, ...errors },
        },
        // A switch the policy does not have is refused, not dropped as an unknown field would be.
        preValidation: async (req) => {
          const unknown = unknownSwitchFields(req.body);
          if (unknown.length === 0) return;
          const fields = COMPANY_PAY_SWITCHES.map((s) => switchField(s.name)).join(", ");
          throw AppError.validation(
            Object.fromEntries(
              unknown.map((f) => [f, `${f} is not a switch of the policy; its switches are ${fields}`]),
            ),
          );
        },
      },
      async (req) => policy.savePolicy(deps.db, req.params.id, requireUser(req).id, req.body, deps.clock()),
    );
  };
}
