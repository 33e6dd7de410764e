import {
  AdminPageQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  CustomerDetailSchema,
  CustomerIdParamsSchema,
  CustomerListQuerySchema,
  CustomerPageSchema,
  DeadLetterPageSchema,
  DeadLetterParamsSchema,
  ErrorSchema,
  InquiryListQuerySchema,
  InquiryPageSchema,
  InquiryParamsSchema,
  InquirySchema,
  InquiryStatusBodySchema,
  MessageSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Jobs } from "../../../jobs/queue";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as customers from "./customers.service";
import * as records from "./records.service";

/** /admin/customers, /admin/inquiries, /admin/audit and /admin/jobs/dead-letters. */
export function recordsRoutes(
  deps: { db: Db; clock: Clock; jobs: Jobs },
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    const customerTags = ["Back office: customers"];
    app.get(
      "/admin/customers",
      {
        onRequest: admin.permit("customers.view"),
        schema: {
          tags: customerTags,
          operationId: "listCustomers",
          summary: "Drivers, by name, e-mail or phone",
          querystring: CustomerListQuerySchema,
          response: { 200: CustomerPageSchema, ...err },
        },
      },
      async (req) => customers.listCustomers(deps.db, req.query),
    );
    app.get(
      "/admin/customers/:id",
      {
        onRequest: admin.permit("customers.view"),
        schema: {
          tags: customerTags,
          operationId: "getCustomer",
          summary: "A driver's profile, latest bookings, wallet balances and movements",
          params: CustomerIdParamsSchema,
          response: { 200: CustomerDetailSchema, ...err },
        },
      },
      async (req) => customers.getCustomer(deps.db, req.params.id),
    );
    for (const [verb, disabled] of [
      ["disable", true],
      ["enable", false],
    ] as const) {
      app.post(
        `/admin/customers/:id/${verb}`,
        {
          onRequest: admin.permit("customers.update"),
          schema: {
            tags: customerTags,
            operationId: disabled ? "disableCustomer" : "enableCustomer",
            summary: disabled
              ? "Disable a driver's account: no sign-in, every session ended"
              : "Enable a disabled driver's account again",
            params: CustomerIdParamsSchema,
            response: { 200: CustomerDetailSchema, ...err },
          },
        },
        async (req) => customers.setCustomerDisabled(deps, auditActor(req), req.params.id, disabled),
      );
    }

    const inquiryTags = ["Back office: inquiries"];
    app.get(
      "/admin/inquiries",
      {
        onRequest: admin.permit("inquiries.view"),
        schema: {
          tags: inquiryTags,
          operationId: "listInquiries",
          summary: "Contact Us messages and demo requests, newest first",
          querystring: InquiryListQuerySchema,
          response: { 200: InquiryPageSchema, ...err },
        },
      },
      async (req) => records.listInquiries(deps.db, req.query),
    );
    app.get(
      "/admin/inquiries/:kind/:id",
      {
        onRequest: admin.permit("inquiries.view"),
        schema: {
          tags: inquiryTags,
          operationId: "getInquiry",
          summary: "One Contact Us message or demo request",
          params: InquiryParamsSchema,
          response: { 200: InquirySchema, ...err },
        },
      },
      async (req) => records.getInquiry(deps.db, req.params.kind, req.params.id),
    );
    app.put(
      "/admin/inquiries/:kind/:id/status",
      {
        onRequest: admin.permit("inquiries.update"),
        schema: {
          tags: inquiryTags,
          operationId: "setInquiryStatus",
          summary: "Mark an inquiry answered, or new again",
          params: InquiryParamsSchema,
          body: InquiryStatusBodySchema,
          response: { 200: InquirySchema, ...err },
        },
      },
      async (req) =>
        records.setInquiryStatus(deps, auditActor(req), req.params.kind, req.params.id, req.body.status),
    );

    app.get(
      "/admin/audit",
      {
        onRequest: admin.permit("audit.view"),
        schema: {
          tags: ["Back office: audit log"],
          operationId: "listAuditLog",
          summary: "Changes made in the back office, newest first, with the record before and after",
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema, ...err },
        },
      },
      async (req) => records.listAudit(deps.db, requireStaff(req), req.query),
    );

    const jobTags = ["Back office: failed jobs"];
    app.get(
      "/admin/jobs/dead-letters",
      {
        onRequest: admin.permit("audit.view"),
        schema: {
          tags: jobTags,
          operationId: "listDeadLetters",
          summary: "Jobs that failed after every retry (e-mails, scheduled work), newest first",
          querystring: AdminPageQuerySchema,
          response: { 200: DeadLetterPageSchema, ...err },
        },
      },
      async (req) => records.listDeadLetters(deps.jobs, req.query),
    );
    app.post(
      "/admin/jobs/dead-letters/:id/redrive",
      {
        onRequest: admin.permit("audit.update"),
        schema: {
          tags: jobTags,
          operationId: "redriveDeadLetter",
          summary: "Put a failed job back on its queue, to be tried again",
          params: DeadLetterParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => records.redriveDeadLetter(deps, auditActor(req), req.params.id),
    );
  };
}
