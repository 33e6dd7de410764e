import {
  ErrorSchema,
  ReceiptListQuerySchema,
  ReceiptNumberParamsSchema,
  ReceiptPageSchema,
  ReceiptSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import * as receipts from "./receipts.service";

/** The driver's receipts and credit notes (bearer): list them, read one. */
export function receiptsRoutes(db: Db, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Receipts"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

    app.get(
      "/receipts",
      {
        schema: {
          tags,
          operationId: "listReceipts",
          summary:
            "The driver's receipts and credit notes, newest first; by day (on each receipt's clock), kind or purchase",
          querystring: ReceiptListQuerySchema,
          response: { 200: ReceiptPageSchema, ...errors },
        },
      },
      async (req) => receipts.listOwn(db, requireUser(req).id, req.query),
    );

    app.get(
      "/receipts/:number",
      {
        schema: {
          tags,
          operationId: "getReceipt",
          summary: "One receipt or credit note: seller, buyer, lines, taxes and totals",
          params: ReceiptNumberParamsSchema,
          response: { 200: ReceiptSchema, ...errors },
        },
      },
      async (req) =>
        receipts.getOwn(
          db,
          requireUser(req).id,
          req.params.number,
          requestLanguage(req.headers["accept-language"]),
        ),
    );
  };
}
