import {
  AcceptTermsBodySchema,
  ErrorSchema,
  PageKeyParamsSchema,
  PageLangQuerySchema,
  PublicPageSchema,
  TermsStatusSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requireUser, type Auth } from "../../plugins/auth";
import * as pages from "./pages.service";

/** The company's pages, for anyone (decision 035). */
export function publicPagesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/pages/:key",
      {
        schema: {
          tags: ["Pages"],
          operationId: "getPage",
          summary:
            "The current text of a company page (terms, privacy, cancellation, about, faq) in a language",
          params: PageKeyParamsSchema,
          querystring: PageLangQuerySchema,
          response: { 200: PublicPageSchema, 404: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req) => pages.publicPage(db, req.params.key, req.query.lang),
    );
  };
}

/** The signed-in user's Terms: which version they accepted, and the one to accept (decision 035). */
export function termsRoutes(db: Db, clock: Clock, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Pages"];
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.get(
      "/terms/status",
      {
        schema: {
          tags,
          operationId: "getTermsStatus",
          summary:
            "The Terms version the user accepted, and the current one when they still have to accept it",
          response: { 200: TermsStatusSchema, 401: ErrorSchema },
        },
      },
      async (req) => pages.termsStatus(db, requireUser(req).id),
    );
    app.post(
      "/terms/accept",
      {
        schema: {
          tags,
          operationId: "acceptTerms",
          summary: "Accept the current Terms version (again: no change; an older version: 409)",
          body: AcceptTermsBodySchema,
          response: { 200: TermsStatusSchema, 401: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req) => pages.acceptTerms(db, clock, requireUser(req).id, req.body.version),
    );
  };
}
