import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "@parkwell/contract";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { isDatabaseUnavailable } from "../lib/database-unavailable";
import { requestLanguage, type Language } from "../lib/language";
import { translate } from "../lib/messages";

interface ErrorBody {
  message: string;
  /** An ErrorCode, but for a Fastify 4xx outside FASTIFY_CLIENT_ERRORS: its own code, lower case. */
  code: string;
  fields?: Record<string, string>;
  /** An AppError's details (data beside the sentence: a capacity 409's conflicting bookings). */
  [detail: string]: unknown;
}

/** Fastify's own client errors, by code, in words a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, [status: number, code: ErrorCode, message: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "malformed_json", "The request body is not valid JSON"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "empty_body", "The request body is empty; send a JSON object"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    "unsupported_media_type",
    "Unsupported content type; send application/json",
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    "bad_content_length",
    "The Content-Length header does not match the body",
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body_too_large", "The request body is too large"],
  FST_ERR_CTP_INVALID_TYPE: [400, "bad_content_type", "The Content-Type header is not valid"],
  FST_ERR_CTP_INVALID_CHARSET: [415, "unsupported_charset", "Unsupported charset; send UTF-8"],
  FST_ERR_BAD_URL: [400, "bad_url", "The request URL is not valid"],
  FST_ERR_MAX_PARAM_LENGTH: [414, "uri_too_long", "A part of the request URL is too long"],
  FST_ERR_ASYNC_CONSTRAINT: [400, "bad_request", "The request could not be routed"],
};

const NO_MESSAGE = "Something went wrong";

/** The database is down or restarting: the client is asked to try again, never shown a 500. */
export const UNAVAILABLE_MESSAGE = "Parkwell is briefly unavailable. Please try again in a moment.";
/** Retry-After of that 503, in seconds: a restart of PostgreSQL takes a few. */
const UNAVAILABLE_RETRY_AFTER = "2";

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "request";
}

/**
 * Maps every error to `{ message, code, fields? }`, its sentences in `language` (lib/messages.ts).
 * No stack traces; 5xx only for our own faults.
 */
export function toErrorResponse(
  err: FastifyError | Error,
  language: Language = "en",
): { status: number; body: ErrorBody } {
  const { status, body } = inEnglish(err);
  if (language === "en") return { status, body };
  const fields =
    body.fields &&
    Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, translate(v, language)]));
  return {
    status,
    body: { ...body, message: translate(body.message, language), ...(fields ? { fields } : {}) },
  };
}

function inEnglish(err: FastifyError | Error): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    const fields = err.fields ? { fields: err.fields } : {};
    return { status: err.status, body: { ...err.details, message: err.message, code: err.code, ...fields } };
  }
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const fields: Record<string, string> = {};
    for (const issue of fe.validation) {
      const name = fieldName(issue.instancePath, fe.validationContext);
      fields[name] ??= issue.message ?? "Invalid value";
    }
    const message = Object.values(fields)[0] ?? "Invalid request";
    return { status: 422, body: { message, code: "validation_error" satisfies ErrorCode, fields } };
  }
  if (fe.validation) {
    return { status: 422, body: { message: fe.message, code: "validation_error" satisfies ErrorCode } };
  }
  const known = fe.code ? FASTIFY_CLIENT_ERRORS[fe.code] : undefined;
  if (known) return { status: known[0], body: { code: known[1], message: known[2] } };
  if (isDatabaseUnavailable(err)) {
    return { status: 503, body: { code: "unavailable" satisfies ErrorCode, message: UNAVAILABLE_MESSAGE } };
  }
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (fe.code ?? "bad_request").replace(/^FST_ERR_/, "").toLowerCase();
    // Fastify's own messages may quote the request back; ours never do.
    const message = fe.code?.startsWith("FST_ERR_") ? "The request could not be processed" : fe.message;
    return { status, body: { code, message: message || "Bad request" } };
  }
  return { status: 500, body: { code: "internal_error" satisfies ErrorCode, message: NO_MESSAGE } };
}

/** Answers an error in the app's shape and logs it (5xx with the details, the rest in one line). */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: FastifyError | Error) {
  const language = requestLanguage(req.headers["accept-language"]);
  const { status, body } = toErrorResponse(err, language);
  if (status === 503 && body.code === "unavailable") {
    // One line, not a stack per request: during an outage every request fails the same way.
    // The driver's own words, not Drizzle's wrapper (which quotes the statement and its values).
    const cause = err.cause instanceof Error ? err.cause : err;
    req.log.warn({ err: cause.message }, "database unavailable");
    reply.header("retry-after", UNAVAILABLE_RETRY_AFTER);
  } else if (status >= 500) req.log.error({ err }, "request failed");
  // The log is read in one language: the English sentence, whatever the client was answered in.
  else
    req.log.info(
      { code: body.code, status },
      language === "en" ? body.message : toErrorResponse(err).body.message,
    );
  return reply.code(status).header("cache-control", "no-store").send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => sendError(req, reply, err as FastifyError));
}
