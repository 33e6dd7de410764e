/**
 * A company's invitations: its owners and admins invite and withdraw (bearer, under
 * /business/companies/{id}/invitations); the e-mailed link's routes are public (the token is the
 * key), throttled per address and per link like the staff invitations'.
 */
import {
  AcceptCompanyInvitationBodySchema,
  CompanyIdParamsSchema,
  CompanyInvitationPageSchema,
  CompanyInvitationParamsSchema,
  CompanyInvitationSentSchema,
  CompanyInvitationTokenParamsSchema,
  CompanyJoinedSchema,
  CreateCompanyInvitationBodySchema,
  ErrorSchema,
  MessageSchema,
  PageQuerySchema,
  PublicCompanyInvitationSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import { clientKey, throttledAttempt, type LimiterFactory } from "../../plugins/throttle";
import * as service from "./company-invitations.service";

const tags = ["Business"];
const errors = {
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  410: ErrorSchema,
  422: ErrorSchema,
};
const TOO_MANY = "Too many attempts. Please wait a moment and try again.";

export function companyInvitationRoutes(
  deps: service.CompanyInvitationsDeps,
  auth: Auth,
  limiter: LimiterFactory,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/business/companies/:id/invitations",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "listCompanyInvitations",
          summary: "The company's invitations not yet accepted (pending or expired), newest first",
          params: CompanyIdParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: CompanyInvitationPageSchema, ...errors },
        },
      },
      async (req) => service.invitationsOf(deps, req.params.id, requireUser(req).id, req.query),
    );

    app.post(
      "/business/companies/:id/invitations",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "inviteCompanyMember",
          summary:
            "Invite someone by e-mail as a member or admin (only an owner invites an admin); replaces that address's open invitation",
          params: CompanyIdParamsSchema,
          body: CreateCompanyInvitationBodySchema,
          response: { 201: CompanyInvitationSentSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await service.invite(
              deps,
              req.params.id,
              requireUser(req).id,
              req.body,
              requestLanguage(req.headers["accept-language"]),
            ),
          ),
    );

    app.delete(
      "/business/companies/:id/invitations/:invitationId",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "withdrawCompanyInvitation",
          summary: "Withdraw an invitation: its link stops working",
          params: CompanyInvitationParamsSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => service.withdraw(deps, req.params.id, requireUser(req).id, req.params.invitationId),
    );

    const perAddress = limiter({
      name: "company-invitation-ip",
      max: 30,
      timeWindowMs: 10 * 60_000,
      key: clientKey,
      message: TOO_MANY,
    });
    // Wrong passwords for an existing account: 5 a minute per link, like sign-in per account.
    const perLink = limiter({
      name: "company-invitation-token",
      max: 5,
      timeWindowMs: 60_000,
      key: (req) => String((req.params as { token?: string }).token ?? ""),
      message: TOO_MANY,
    });

    app.get(
      "/business/invitations/:token",
      {
        preHandler: perAddress.hit,
        schema: {
          tags,
          operationId: "getCompanyInvitation",
          summary: "Who invites you to which company, and whether your address already has an account",
          params: CompanyInvitationTokenParamsSchema,
          response: { 200: PublicCompanyInvitationSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (req) => service.showInvitation(deps, req.params.token),
    );

    app.post(
      "/business/invitations/:token/accept",
      {
        onRequest: auth.optional,
        preHandler: perAddress.hit,
        schema: {
          tags,
          operationId: "acceptCompanyInvitation",
          summary:
            "Join the company: signed in as the invited address, with its password, or as a new account made from the link",
          params: CompanyInvitationTokenParamsSchema,
          body: AcceptCompanyInvitationBodySchema,
          response: { 200: CompanyJoinedSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (req, reply) =>
        throttledAttempt(
          req,
          reply,
          [perLink],
          (e) => (e as { status?: number }).status === 401,
          () =>
            service.acceptInvitation(deps, req.params.token, req.body, req.authUser ?? null, {
              ip: req.ip,
              userAgent: req.headers["user-agent"],
              language: requestLanguage(req.headers["accept-language"]),
            }),
        ),
    );
  };
}
