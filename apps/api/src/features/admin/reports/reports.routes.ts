import { Readable } from "node:stream";
import {
  BookingsReportSchema,
  CreditBalanceReportSchema,
  DashboardQuerySchema,
  DashboardSchema,
  ErrorSchema,
  OccupancyReportSchema,
  PayoutsReportSchema,
  ReportQuerySchema,
  SalesReportSchema,
  TransactionsReportSchema,
  type Permission,
  type ReportKind,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as reports from "./reports.service";
import type { ReportDeps } from "./reports.service";

const reportRoutes: {
  kind: ReportKind;
  permission: Permission;
  operationId: string;
  summary: string;
  schema: z.ZodType;
}[] = [
  {
    kind: "sales",
    permission: "reports.view",
    operationId: "adminSalesReport",
    summary: "Sales: online bookings and drive-up sales with their price parts, refunds and net",
    schema: SalesReportSchema,
  },
  {
    kind: "bookings",
    permission: "reports.view",
    operationId: "adminBookingsReport",
    summary: "Bookings by their start: window, status, gate times, total and paid",
    schema: BookingsReportSchema,
  },
  {
    kind: "occupancy",
    permission: "reports.view",
    operationId: "adminOccupancyReport",
    summary: "Spaces held against capacity per park and hour",
    schema: OccupancyReportSchema,
  },
  {
    kind: "transactions",
    permission: "transactions.view",
    operationId: "adminTransactionsReport",
    summary: "The wallet ledger's entries (Parkwell-wide)",
    schema: TransactionsReportSchema,
  },
  {
    kind: "credit-balance",
    permission: "credit_balance.view",
    operationId: "adminCreditBalanceReport",
    summary: "Wallet balances per user and currency, with totals per currency (Parkwell-wide)",
    schema: CreditBalanceReportSchema,
  },
  {
    kind: "payouts",
    permission: "reports.view",
    operationId: "adminPayoutsReport",
    summary:
      "Operators' payouts per operator and currency: balance now, owed by statements closed in the range, paid, in transit, held and failed",
    schema: PayoutsReportSchema,
  },
];

/** The back office's dashboard and reports; `format=csv` streams the whole filtered range. */
export function adminReportsRoutes(deps: ReportDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/dashboard",
      {
        onRequest: admin.permit("dashboard.view"),
        schema: {
          tags,
          operationId: "adminDashboard",
          summary: "Today's bookings and arrivals, occupancy now and the next 24 hours, this week's revenue",
          querystring: DashboardQuerySchema,
          response: { 200: DashboardSchema, ...err },
        },
      },
      async (req) => reports.dashboard(deps, requireStaff(req), req.query),
    );

    for (const r of reportRoutes) {
      app.get(
        `/admin/reports/${r.kind}`,
        {
          onRequest: admin.permit(r.permission),
          schema: {
            tags,
            operationId: r.operationId,
            summary: r.summary,
            description:
              "A page of the report (`{items, total, page, size, pages, from, to, totals}`), or with `format=csv` the whole filtered range as a CSV file.",
            querystring: ReportQuerySchema,
            response: { 200: r.schema, ...err },
          },
        },
        async (req, reply) => {
          const access = requireStaff(req);
          if (req.query.format !== "csv") return reports.report(deps, access, r.kind, req.query);
          const csv = await reports.exportCsv(deps, access, r.kind, req.query);
          // Readable.from pulls the next batch only when the socket has taken the last one.
          const body = Readable.from(csv.chunks, { objectMode: false, highWaterMark: 64 * 1024 });
          return reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${csv.filename}"`)
            .send(body);
        },
      );
    }
  };
}
