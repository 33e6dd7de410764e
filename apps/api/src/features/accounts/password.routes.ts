import {
  ChangePasswordSchema,
  EmailBodySchema,
  ErrorSchema,
  MessageSchema,
  ResetPasswordSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { requireUser, type Auth } from "../../plugins/auth";
import { throttledAttempt } from "../../plugins/throttle";
import { requestMeta as meta } from "./request-meta";
import type { AccountsDeps } from "./accounts.service";
import * as service from "./password.service";
import type { AccountLimits } from "./throttles";

/** Forgotten password (mailed link), reset with the link, and change while signed in. */
export function passwordRoutes(deps: AccountsDeps, auth: Auth, limits: AccountLimits): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Accounts"];
    const err = { 400: ErrorSchema, 401: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema };
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/auth/forgot-password",
      {
        schema: {
          tags,
          operationId: "forgotPassword",
          summary: "Mail a password reset link (same answer for any address)",
          body: EmailBodySchema,
          response: { 200: MessageSchema, ...err },
        },
        preHandler: [limits.mailIp.hit, limits.mailEmail.hit],
      },
      async (req) => service.forgotPassword(deps, req.body.email, meta(req)),
    );

    app.post(
      "/auth/reset-password",
      {
        schema: {
          tags,
          operationId: "resetPassword",
          summary: "Set a new password with the mailed token; ends every session",
          body: ResetPasswordSchema,
          response: { 200: MessageSchema, ...err },
        },
        preHandler: limits.tokenIp.hit,
      },
      async (req) => service.resetPassword(deps, req.body.token, req.body.password, meta(req)),
    );

    app.post(
      "/auth/change-password",
      {
        schema: {
          tags,
          operationId: "changePassword",
          summary: "Change the password (current one required); ends the other sessions",
          body: ChangePasswordSchema,
          response: { 200: MessageSchema, ...err },
        },
        onRequest: auth.required,
      },
      // A wrong current password counts as a failed login from this address.
      async (req, reply) =>
        throttledAttempt(
          req,
          reply,
          [limits.loginIp],
          (e) => e instanceof AppError && e.status === 422,
          () =>
            service.changePassword(
              deps,
              requireUser(req),
              req.body.current_password,
              req.body.new_password,
              meta(req),
            ),
        ),
    );
  };
}
