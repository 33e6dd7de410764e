import type { FastifyInstance } from "fastify";
import { requestLanguage } from "../lib/language";
import { translate } from "../lib/messages";

/**
 * The `message` of a success body (`{ message }`, the wallet's `{ status, message, data }`) in
 * the request's language, as it is sent: services write English, like the errors, which the
 * error plugin translates. Bodies without a top-level string `message` pass untouched.
 */
export function registerMessages(app: FastifyInstance): void {
  app.addHook("preSerialization", (req, reply, payload, done) => {
    if (
      reply.statusCode >= 400 ||
      payload === null ||
      typeof payload !== "object" ||
      Array.isArray(payload) ||
      typeof (payload as { message?: unknown }).message !== "string"
    ) {
      return done(null, payload);
    }
    const language = requestLanguage(req.headers["accept-language"]);
    if (language === "en") return done(null, payload);
    const body = payload as { message: string };
    done(null, { ...body, message: translate(body.message, language) });
  });
}
