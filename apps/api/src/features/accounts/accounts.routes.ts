import {
  AuthConfigSchema,
  AuthResponseSchema,
  EmailBodySchema,
  ErrorSchema,
  LoginSchema,
  MessageSchema,
  RegisterSchema,
  SocialLoginResponseSchema,
  SocialLoginSchema,
  TokenBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { requireUser, type Auth } from "../../plugins/auth";
import { pickLanguage } from "./accounts.domain";
import * as service from "./accounts.service";
import type { FirebaseVerifier } from "./firebase";
import { socialLogin } from "./social.service";
import { requestMeta as meta } from "./request-meta";
import type { AccountLimits } from "./throttles";
import { throttledAttempt } from "../../plugins/throttle";

/** /auth/*: register, verify, resend, login, logout, social login, and the public auth config. */
export function accountsRoutes(
  deps: service.AccountsDeps,
  config: Config,
  auth: Auth,
  limits: AccountLimits,
  verifier: FirebaseVerifier | null,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Accounts"];
    const err = {
      400: ErrorSchema,
      401: ErrorSchema,
      403: ErrorSchema,
      409: ErrorSchema,
      422: ErrorSchema,
      429: ErrorSchema,
      503: ErrorSchema,
    };
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/auth/register",
      {
        schema: {
          tags,
          operationId: "register",
          summary: "Create an account; mails a verification link; does not log in",
          body: RegisterSchema,
          response: { 201: MessageSchema, ...err },
        },
        preHandler: [limits.registerIp.hit, limits.registerEmail.hit],
      },
      async (req, reply) => {
        const lang = pickLanguage(req.body.language, req.headers["accept-language"]);
        return reply.code(201).send(await service.register(deps, req.body, lang, meta(req)));
      },
    );

    app.post(
      "/auth/verify-email",
      {
        schema: {
          tags,
          operationId: "verifyEmail",
          summary: "Verify the e-mail with the mailed token; logs in",
          body: TokenBodySchema,
          response: { 200: AuthResponseSchema, ...err },
        },
        preHandler: limits.tokenIp.hit,
      },
      async (req) => service.verifyEmail(deps, req.body.token, meta(req)),
    );

    app.post(
      "/auth/resend-verification",
      {
        schema: {
          tags,
          operationId: "resendVerification",
          summary: "Mail a new verification link (same answer for any address)",
          body: EmailBodySchema,
          response: { 200: MessageSchema, ...err },
        },
        preHandler: [limits.mailIp.hit, limits.mailEmail.hit],
      },
      async (req) => service.resendVerification(deps, req.body.email, meta(req)),
    );

    app.post(
      "/auth/login",
      {
        schema: {
          tags,
          operationId: "login",
          summary: "Log in with e-mail and password",
          body: LoginSchema,
          response: { 200: AuthResponseSchema, ...err },
        },
      },
      // The attempt is counted before the password is checked; only a wrong password keeps the count.
      async (req, reply) =>
        throttledAttempt(
          req,
          reply,
          [limits.loginIp, limits.loginId],
          (e) => e instanceof AppError && e.status === 401,
          () => service.login(deps, req.body, meta(req)),
        ),
    );

    app.post(
      "/auth/logout",
      {
        schema: {
          tags,
          operationId: "logout",
          summary: "End the current session",
          response: { 200: MessageSchema, 401: ErrorSchema },
        },
        onRequest: auth.required,
      },
      async (req) => service.logout(deps, requireUser(req), meta(req)),
    );

    app.post(
      "/auth/social-login",
      {
        schema: {
          tags,
          operationId: "socialLogin",
          summary: "Google or Apple sign-in with a Firebase ID token",
          body: SocialLoginSchema,
          response: { 200: SocialLoginResponseSchema, ...err },
        },
        preHandler: limits.socialIp.hit,
      },
      async (req) => socialLogin(deps, verifier, req.body, meta(req)),
    );

    app.get(
      "/auth/config",
      {
        schema: {
          tags,
          operationId: "getAuthConfig",
          summary: "Whether Google/Apple sign-in is offered, and its public web config",
          response: { 200: AuthConfigSchema },
        },
      },
      async () => ({
        social: {
          enabled: Boolean(verifier && config.FIREBASE_API_KEY && config.FIREBASE_AUTH_DOMAIN),
          api_key: config.FIREBASE_API_KEY ?? null,
          auth_domain: config.FIREBASE_AUTH_DOMAIN ?? null,
          project_id: config.FIREBASE_PROJECT_ID ?? null,
        },
      }),
    );
  };
}
