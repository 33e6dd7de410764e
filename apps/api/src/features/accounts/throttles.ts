import type { FastifyRequest } from "fastify";
import { clientKey, type LimiterFactory } from "../../plugins/throttle";
import { MESSAGES } from "./accounts.domain";

const MINUTE = 60_000;
/** The e-mail a request is about, lower-cased (the body is validated before preHandlers run). */
const bodyEmail = (field: "email" | "identifier") => (req: FastifyRequest) =>
  String((req.body as Record<string, unknown> | undefined)?.[field] ?? "")
    .trim()
    .toLowerCase();

/**
 * The account limits (ASVS 6.1.1, 6.3.1). Login counts failures only: 5 a minute per account
 * and 20 a minute per address, so a stranger can slow an account down for a minute but never lock
 * it out for long; forgot-password keeps working meanwhile. Built once per app (app.ts): the
 * routes that share a rule share its counters.
 */
export function accountLimits(limiter: LimiterFactory) {
  return {
    loginId: limiter({
      name: "login-id",
      max: 5,
      timeWindowMs: MINUTE,
      key: bodyEmail("identifier"),
      message: MESSAGES.tooManyLogins,
    }),
    loginIp: limiter({
      name: "login-ip",
      max: 20,
      timeWindowMs: MINUTE,
      key: clientKey,
      message: MESSAGES.tooManyLogins,
    }),
    registerIp: limiter({
      name: "register-ip",
      max: 10,
      timeWindowMs: 10 * MINUTE,
      key: clientKey,
      message: MESSAGES.tooManyRequests,
    }),
    registerEmail: limiter({
      name: "register-email",
      max: 3,
      timeWindowMs: 10 * MINUTE,
      key: bodyEmail("email"),
      message: MESSAGES.tooManyRequests,
    }),
    mailIp: limiter({
      name: "mail-ip",
      max: 10,
      timeWindowMs: 10 * MINUTE,
      key: clientKey,
      message: MESSAGES.tooManyRequests,
    }),
    mailEmail: limiter({
      name: "mail-email",
      max: 3,
      timeWindowMs: 10 * MINUTE,
      key: bodyEmail("email"),
      message: MESSAGES.tooManyRequests,
    }),
    tokenIp: limiter({
      name: "token-ip",
      max: 30,
      timeWindowMs: 10 * MINUTE,
      key: clientKey,
      message: MESSAGES.tooManyRequests,
    }),
    socialIp: limiter({
      name: "social-ip",
      max: 30,
      timeWindowMs: 10 * MINUTE,
      key: clientKey,
      message: MESSAGES.tooManyRequests,
    }),
  };
}

export type AccountLimits = ReturnType<typeof accountLimits>;
