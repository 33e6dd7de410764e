import {
  ErrorSchema,
  ReceiptListQuerySchema,
  ReceiptNumberParamsSchema,
  ReceiptPageSchema,
  ReceiptPdfQuerySchema,
  ReceiptSchema,
} from "@parkwell/contract";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import * as receipts from "./receipts.service";

/** The driver's receipts and credit notes (bearer): list them, read one, download one as a PDF. */
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

    // find-my-way matches the static ".pdf" after the parameter: /receipts/NG-2026-000123.pdf comes
    // here, /receipts/NG-2026-000123 to the route above (receipts.api.test.ts checks both).
    app.get(
      "/receipts/:number.pdf",
      {
        schema: {
          tags,
          operationId: "getReceiptPdf",
          summary:
            "One receipt or credit note as a PDF tax invoice (A4), in the request's language or `lang`",
          params: ReceiptNumberParamsSchema,
          querystring: ReceiptPdfQuerySchema,
          response: {
            200: {
              description: "The receipt as a PDF file (attachment `<number>.pdf`)",
              content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
            },
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const language = req.query.lang ?? requestLanguage(req.headers["accept-language"]);
        const pdf = await receipts.pdfOwn(db, requireUser(req).id, req.params.number, language);
        return (
          reply
            .header("content-type", "application/pdf")
            .header("content-disposition", `attachment; filename="${req.params.number}.pdf"`)
            // The typed reply knows the zod schema of the 200, a string: the body is the PDF's bytes.
            .send(pdf as unknown as string)
        );
      },
    );
  };
}
