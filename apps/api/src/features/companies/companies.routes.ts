/**
 * Companies under /api/v1/business (bearer): open one (its caller becomes owner), verify its
 * billing e-mail, list the caller's companies and read one of them.
 */
import {
  CompanyIdParamsSchema,
  CompanyMemberParamsSchema,
  CompanyMembersPageSchema,
  PageQuerySchema,
  UpdateCompanyMemberBodySchema,
  CreateCompanyBodySchema,
  ErrorSchema,
  MessageSchema,
  MyCompaniesSchema,
  MyCompanySchema,
  VerifiedCompanySchema,
  VerifyCompanyBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import * as companies from "./companies.service";
import type { CompaniesDeps } from "./companies.service";

const tags = ["Business"];
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };

export function companiesRoutes(deps: CompaniesDeps, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/business/companies",
      {
        schema: {
          tags,
          operationId: "createCompany",
          summary:
            "Open a company (unverified until its billing e-mail's link is opened); the caller is its owner",
          body: CreateCompanyBodySchema,
          response: { 201: MyCompanySchema, ...errors },
        },
      },
      async (req, reply) => {
        const company = await companies.createCompany(
          deps,
          requireUser(req).id,
          req.body,
          requestLanguage(req.headers["accept-language"] as string | undefined),
        );
        return reply.code(201).send(company);
      },
    );

    app.get(
      "/business/companies",
      {
        schema: {
          tags,
          operationId: "listMyCompanies",
          summary: "The companies the caller is an active member of, with their role",
          response: { 200: MyCompaniesSchema, ...errors },
        },
      },
      async (req) => companies.myCompanies(deps, requireUser(req).id),
    );

    app.get(
      "/business/companies/:id",
      {
        schema: {
          tags,
          operationId: "getMyCompany",
          summary: "One of the caller's companies (404 for a company they are not a member of)",
          params: CompanyIdParamsSchema,
          response: { 200: MyCompanySchema, ...errors },
        },
      },
      async (req) => companies.companyOf(deps, req.params.id, requireUser(req).id),
    );

    app.post(
      "/business/verify",
      {
        schema: {
          tags,
          operationId: "verifyCompany",
          summary: "Verify a company's billing e-mail with the link's token (idempotent)",
          body: VerifyCompanyBodySchema,
          response: { 200: VerifiedCompanySchema, ...errors },
        },
      },
      async (req) => companies.verifyCompany(deps, req.body.token),
    );

    app.get(
      "/business/companies/:id/members",
      {
        schema: {
          tags,
          operationId: "listCompanyMembers",
          summary: "The company's active members (owners and admins)",
          params: CompanyIdParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: CompanyMembersPageSchema, ...errors },
        },
      },
      async (req) => companies.membersOf(deps, req.params.id, requireUser(req).id, req.query),
    );

    app.delete(
      "/business/companies/:id/members/:memberId",
      {
        schema: {
          tags,
          operationId: "removeCompanyMember",
          summary: "Remove a member: the company stops paying for them at once (the last owner stays)",
          params: CompanyMemberParamsSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => {
        await companies.removeMemberOf(deps, req.params.id, requireUser(req).id, req.params.memberId);
        return { message: companies.MEMBER_REMOVED };
      },
    );

    app.patch(
      "/business/companies/:id/members/:memberId",
      {
        schema: {
          tags,
          operationId: "updateCompanyMember",
          summary: "Change a member's role or cost centre (only an owner touches owners and admins)",
          params: CompanyMemberParamsSchema,
          body: UpdateCompanyMemberBodySchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) =>
        companies.updateMemberOf(deps, req.params.id, requireUser(req).id, req.params.memberId, req.body),
    );
  };
}
