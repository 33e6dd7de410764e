/**
 * Operators' settlement statements in the back office (issue #65, decision 056), under
 * /api/v1/admin/settlements: the list, one statement with its lines, its CSV (streamed) and PDF,
 * and the open period's running figures. Each route needs `settlements.view`; Parkwell's admins
 * read every operator's, a branch manager its own operator's (settlements-read.service.ts).
 */
import { Readable } from "node:stream";
import {
  AdminSettlementCurrentListSchema,
  AdminSettlementCurrentQuerySchema,
  AdminSettlementDetailSchema,
  AdminSettlementFileQuerySchema,
  AdminSettlementIdParamsSchema,
  AdminSettlementLinesQuerySchema,
  AdminSettlementListQuerySchema,
  AdminSettlementListSchema,
  AdminSettlementOperatorsSchema,
  ErrorSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import { requireStaff, type AdminAccess } from "../../plugins/admin-access";
import * as statements from "./settlements-read.service";

export interface SettlementsDeps {
  db: Db;
  clock: Clock;
}

const file = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ format: "binary" }) } },
});

export function settlementsRoutes(deps: SettlementsDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: settlement statements"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/settlements",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "listAdminSettlements",
          summary:
            "The closed statements in my scope, newest period first: by operator, currency and the period's first day",
          querystring: AdminSettlementListQuerySchema,
          response: { 200: AdminSettlementListSchema, ...err },
        },
      },
      async (req) => statements.list(db, requireStaff(req), req.query),
    );

    app.get(
      "/admin/settlements/operators",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "listAdminSettlementOperators",
          summary:
            "The operators whose statements I may read (an admin: every one; a branch manager: its own)",
          response: { 200: AdminSettlementOperatorsSchema, ...err },
        },
      },
      async (req) => statements.operators(db, requireStaff(req)),
    );

    app.get(
      "/admin/settlements/current",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "getAdminSettlementCurrent",
          summary:
            "The open period's running figures per currency (or one): opening, today's sales and refunds, commission, balance now",
          querystring: AdminSettlementCurrentQuerySchema,
          response: { 200: AdminSettlementCurrentListSchema, ...err },
        },
      },
      async (req) => statements.current(db, requireStaff(req), req.query, clock()),
    );

    app.get(
      "/admin/settlements/:id.csv",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "getAdminSettlementCsv",
          summary: "A statement as a CSV file: its figures and every line with its receipt number",
          params: AdminSettlementIdParamsSchema,
          response: { 200: file("text/csv", "The statement (attachment)"), ...err },
        },
      },
      async (req, reply) => {
        const csv = await statements.csvOf(db, requireStaff(req), req.params.id);
        // Readable.from pulls the next batch only when the socket has taken the last one.
        const body = Readable.from(csv.chunks, { objectMode: false, highWaterMark: 64 * 1024 });
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${csv.filename}"`)
          .send(body as unknown as never);
      },
    );

    app.get(
      "/admin/settlements/:id.pdf",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "getAdminSettlementPdf",
          summary: "A statement as a PDF, in the request's language or `lang`",
          params: AdminSettlementIdParamsSchema,
          querystring: AdminSettlementFileQuerySchema,
          response: { 200: file("application/pdf", "The statement (attachment)"), ...err },
        },
      },
      async (req, reply) => {
        const language = req.query.lang ?? requestLanguage(req.headers["accept-language"]);
        const { filename, pdf } = await statements.pdfOf(db, requireStaff(req), req.params.id, language);
        return (
          reply
            .header("content-type", "application/pdf")
            .header("content-disposition", `attachment; filename="${filename}"`)
            // The typed reply knows the zod schema of the 200, a string: the body is the PDF's bytes.
            .send(pdf as unknown as string)
        );
      },
    );

    app.get(
      "/admin/settlements/:id",
      {
        onRequest: admin.permit("settlements.view"),
        schema: {
          tags,
          operationId: "getAdminSettlement",
          summary:
            "A statement with a page of its lines: each sale and refund by park and product with its receipt number",
          params: AdminSettlementIdParamsSchema,
          querystring: AdminSettlementLinesQuerySchema,
          response: { 200: AdminSettlementDetailSchema, ...err },
        },
      },
      async (req) => statements.get(db, requireStaff(req), req.params.id, req.query),
    );
  };
}
