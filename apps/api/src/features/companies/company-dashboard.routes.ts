/**
 * A company's dashboard under /api/v1/business/companies/{id} (bearer; owners and admins): spend
 * this month per member and cost centre, the bookings it paid (a page, or `format=csv`), its
 * receipts, and its monthly statement as PDF or CSV.
 */
import { Readable } from "node:stream";
import {
  CompanyBookingPageSchema,
  CompanyBookingsQuerySchema,
  CompanyIdParamsSchema,
  CompanyReceiptPageSchema,
  CompanyReceiptsQuerySchema,
  CompanySpendQuerySchema,
  CompanySpendSchema,
  CompanyStatementParamsSchema,
  CompanyStatementSummarySchema,
  CompanyStatementQuerySchema,
  ErrorSchema,
  ReceiptNumberParamsSchema,
  ReceiptPdfQuerySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import * as dashboard from "./company-dashboard.service";
import * as statements from "./company-statement.service";

const tags = ["Business"];
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
const file = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ format: "binary" }) } },
});

export function companyDashboardRoutes(deps: dashboard.DashboardDeps, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/business/companies/:id/spend",
      {
        schema: {
          tags,
          operationId: "getCompanySpend",
          summary:
            "The month's net spend per member and cost centre (default: this month on the company's clock)",
          params: CompanyIdParamsSchema,
          querystring: CompanySpendQuerySchema,
          response: { 200: CompanySpendSchema, ...errors },
        },
      },
      async (req) => dashboard.spendOf(deps, req.params.id, requireUser(req).id, req.query.month),
    );

    app.get(
      "/business/companies/:id/bookings",
      {
        schema: {
          tags,
          operationId: "listCompanyBookings",
          summary:
            "The bookings the company paid for, filtered; with `format=csv` the whole list as a CSV file",
          params: CompanyIdParamsSchema,
          querystring: CompanyBookingsQuerySchema,
          response: { 200: CompanyBookingPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = requireUser(req).id;
        if (req.query.format !== "csv") return dashboard.bookingsOf(deps, req.params.id, userId, req.query);
        const csv = await dashboard.bookingsCsv(deps, req.params.id, userId, req.query);
        // Readable.from pulls the next batch only when the socket has taken the last one.
        const body = Readable.from(csv.chunks, { objectMode: false, highWaterMark: 64 * 1024 });
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${csv.filename}"`)
          .send(body as unknown as never);
      },
    );

    app.get(
      "/business/companies/:id/receipts",
      {
        schema: {
          tags,
          operationId: "listCompanyReceipts",
          summary: "The receipts and credit notes of the company's purchases and top-ups, newest first",
          params: CompanyIdParamsSchema,
          querystring: CompanyReceiptsQuerySchema,
          response: { 200: CompanyReceiptPageSchema, ...errors },
        },
      },
      async (req) => dashboard.receiptsOf(deps, req.params.id, requireUser(req).id, req.query),
    );

    app.get(
      "/business/companies/:id/receipts/:number.pdf",
      {
        schema: {
          tags,
          operationId: "getCompanyReceiptPdf",
          summary: "One of the company's receipts or credit notes as its PDF tax invoice",
          params: CompanyIdParamsSchema.extend(ReceiptNumberParamsSchema.shape),
          querystring: ReceiptPdfQuerySchema,
          response: { 200: file("application/pdf", "The receipt (attachment)"), ...errors },
        },
      },
      async (req, reply) => {
        const language = req.query.lang ?? requestLanguage(req.headers["accept-language"]);
        const pdf = await dashboard.receiptPdfOf(
          deps,
          req.params.id,
          requireUser(req).id,
          req.params.number,
          language,
        );
        return (
          reply
            .header("content-type", "application/pdf")
            .header("content-disposition", `attachment; filename="${req.params.number}.pdf"`)
            // The typed reply knows the zod schema of the 200, a string: the body is the PDF's bytes.
            .send(pdf as unknown as string)
        );
      },
    );

    app.get(
      "/business/companies/:id/statements/:month/balances",
      {
        schema: {
          tags,
          operationId: "getCompanyStatementBalances",
          summary:
            "The month's opening balance, money in and out, and closing balance of the company's account, per currency",
          params: CompanyStatementParamsSchema,
          response: { 200: CompanyStatementSummarySchema, ...errors },
        },
      },
      async (req) => statements.statementSummary(deps, req.params.id, requireUser(req).id, req.params.month),
    );

    app.get(
      "/business/companies/:id/statements/:month.pdf",
      {
        schema: {
          tags,
          operationId: "getCompanyStatementPdf",
          summary: "The month's statement as a PDF, in the request's language or `lang`",
          params: CompanyStatementParamsSchema,
          querystring: CompanyStatementQuerySchema,
          response: { 200: file("application/pdf", "The statement (attachment)"), ...errors },
        },
      },
      async (req, reply) => {
        const language = req.query.lang ?? requestLanguage(req.headers["accept-language"]);
        const pdf = await statements.statementPdfOf(
          deps,
          req.params.id,
          requireUser(req).id,
          req.params.month,
          language,
        );
        const name = statements.statementFilename(req.params.id, req.params.month, "pdf");
        return (
          reply
            .header("content-type", "application/pdf")
            .header("content-disposition", `attachment; filename="${name}"`)
            // The typed reply knows the zod schema of the 200, a string: the body is the PDF's bytes.
            .send(pdf as unknown as string)
        );
      },
    );

    app.get(
      "/business/companies/:id/statements/:month.csv",
      {
        schema: {
          tags,
          operationId: "getCompanyStatementCsv",
          summary: "The month's statement as a CSV file",
          params: CompanyStatementParamsSchema,
          response: { 200: file("text/csv", "The statement (attachment)"), ...errors },
        },
      },
      async (req, reply) => {
        const csv = await statements.statementCsvOf(
          deps,
          req.params.id,
          requireUser(req).id,
          req.params.month,
        );
        const name = statements.statementFilename(req.params.id, req.params.month, "csv");
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${name}"`)
          .send(csv);
      },
    );
  };
}
