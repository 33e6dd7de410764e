import {
  AcceptInvitationSchema,
  AdminPageQuerySchema,
  AuthResponseSchema,
  CreateInvitationSchema,
  ErrorSchema,
  InvitationPageSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  MessageSchema,
  PublicInvitationSchema,
  StaffIdParamsSchema,
  StaffListQuerySchema,
  StaffMemberSchema,
  StaffOptionsSchema,
  StaffPageSchema,
  UpdateStaffSchema,
} from "@parkwell/contract";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../../lib/language";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import type { Auth } from "../../../plugins/auth";
import { clientKey, throttledAttempt, type LimiterFactory } from "../../../plugins/throttle";
import { STAFF_MESSAGES } from "./staff.domain";
import * as service from "./staff.service";

const InvitationSentSchema = z.object({ message: z.string(), invitation: InvitationSchema });

/** /admin/staff: an operator's staff and the invitations to join it. */
export function staffRoutes(deps: service.StaffDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: staff"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const lang = (req: { headers: Record<string, unknown> }, asked?: "en" | "fr") =>
      asked ?? requestLanguage(req.headers["accept-language"] as string | undefined);

    app.get(
      "/admin/staff",
      {
        onRequest: admin.permit("staff.view"),
        schema: {
          tags,
          operationId: "listStaff",
          summary: "Staff members, by name or e-mail and role",
          querystring: StaffListQuerySchema,
          response: { 200: StaffPageSchema, ...err },
        },
      },
      async (req) => service.listStaff(deps.db, requireStaff(req), req.query),
    );

    app.get(
      "/admin/staff/options",
      {
        onRequest: admin.permit("staff.view"),
        schema: {
          tags,
          operationId: "getStaffOptions",
          summary: "The roles the caller may give, and the operators and parks to choose from",
          response: { 200: StaffOptionsSchema, ...err },
        },
      },
      async (req) => service.staffOptions(deps.db, requireStaff(req)),
    );

    app.get(
      "/admin/staff/invitations",
      {
        onRequest: admin.permit("staff.view"),
        schema: {
          tags,
          operationId: "listStaffInvitations",
          summary: "Invitations not yet accepted (pending or expired), newest first",
          querystring: AdminPageQuerySchema,
          response: { 200: InvitationPageSchema, ...err },
        },
      },
      async (req) => service.listInvitations(deps, requireStaff(req), req.query),
    );

    app.post(
      "/admin/staff/invitations",
      {
        onRequest: admin.permit("staff.create"),
        schema: {
          tags,
          operationId: "inviteStaff",
          summary: "Invite someone to the staff by e-mail, with a role and parks",
          body: CreateInvitationSchema,
          response: { 201: InvitationSentSchema, ...err },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await service.invite(
              deps,
              requireStaff(req),
              auditActor(req),
              req.body,
              lang(req, req.body.language),
            ),
          ),
    );

    app.post(
      "/admin/staff/invitations/:id/resend",
      {
        onRequest: admin.permit("staff.create"),
        schema: {
          tags,
          operationId: "resendStaffInvitation",
          summary: "Send an invitation again (in the request's language) with a new link and 7 more days",
          params: StaffIdParamsSchema,
          response: { 200: InvitationSentSchema, ...err },
        },
      },
      async (req) =>
        service.resendInvitation(deps, requireStaff(req), auditActor(req), req.params.id, lang(req)),
    );

    app.delete(
      "/admin/staff/invitations/:id",
      {
        onRequest: admin.permit("staff.delete"),
        schema: {
          tags,
          operationId: "revokeStaffInvitation",
          summary: "Withdraw an invitation: its link stops working",
          params: StaffIdParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => service.revokeInvitation(deps, requireStaff(req), auditActor(req), req.params.id),
    );

    app.patch(
      "/admin/staff/:id",
      {
        onRequest: admin.permit("staff.update"),
        schema: {
          tags,
          operationId: "updateStaff",
          summary: "Change a staff member's role or parks",
          params: StaffIdParamsSchema,
          body: UpdateStaffSchema,
          response: { 200: StaffMemberSchema, ...err },
        },
      },
      async (req) => service.updateStaff(deps, requireStaff(req), auditActor(req), req.params.id, req.body),
    );

    app.delete(
      "/admin/staff/:id",
      {
        onRequest: admin.permit("staff.delete"),
        schema: {
          tags,
          operationId: "removeStaff",
          summary: "Take someone off the staff: their account becomes a driver's again",
          params: StaffIdParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => service.removeStaff(deps, requireStaff(req), auditActor(req), req.params.id),
    );
  };
}

/** The invitation link's routes (public: the token is the key), throttled per address and link. */
export function staffInvitationRoutes(
  deps: service.StaffDeps,
  auth: Auth,
  limiter: LimiterFactory,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Staff invitations"];
    const err = {
      401: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      410: ErrorSchema,
      422: ErrorSchema,
      429: ErrorSchema,
    };
    const perAddress = limiter({
      name: "invitation-ip",
      max: 30,
      timeWindowMs: 10 * 60_000,
      key: clientKey,
      message: STAFF_MESSAGES.tooMany,
    });
    // Wrong passwords for an existing account: 5 a minute per link, like sign-in per account.
    const perLink = limiter({
      name: "invitation-token",
      max: 5,
      timeWindowMs: 60_000,
      key: (req) => String((req.params as { token?: string }).token ?? ""),
      message: STAFF_MESSAGES.tooMany,
    });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/staff/invitations/:token",
      {
        preHandler: perAddress.hit,
        schema: {
          tags,
          operationId: "getStaffInvitation",
          summary: "Who invites you, to which operator and role",
          params: InvitationTokenParamsSchema,
          response: { 200: PublicInvitationSchema, ...err },
        },
      },
      async (req) => service.showInvitation(deps, req.params.token),
    );

    app.post(
      "/staff/invitations/:token/accept",
      {
        onRequest: auth.optional,
        preHandler: perAddress.hit,
        schema: {
          tags,
          operationId: "acceptStaffInvitation",
          summary: "Accept an invitation: a new account, or an existing one proven by its password",
          params: InvitationTokenParamsSchema,
          body: AcceptInvitationSchema,
          response: { 200: AuthResponseSchema, ...err },
        },
      },
      async (req, reply) =>
        throttledAttempt(
          req,
          reply,
          [perLink],
          (e) => (e as { status?: number }).status === 401,
          () =>
            service.acceptInvitation(deps, req.params.token, req.body, req.authUser, {
              ip: req.ip,
              userAgent: req.headers["user-agent"],
              language: requestLanguage(req.headers["accept-language"]),
            }),
        ),
    );
  };
}
