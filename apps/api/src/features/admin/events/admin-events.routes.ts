import {
  AdminEventBookingListSchema,
  AdminEventBookingsQuerySchema,
  AdminEventCreateSchema,
  AdminEventListQuerySchema,
  AdminEventListSchema,
  AdminEventPatchSchema,
  AdminEventReportSchema,
  AdminEventSchema,
  AllocationConflictSchema,
  ErrorSchema,
  EventCodeParamsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { Jobs } from "../../../jobs/queue";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as eventReport from "./admin-event-report.service";
import * as events from "./admin-events.service";

export interface AdminEventsDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
}

/** The back office's events: list, create, edit, publish, cancel, their bookings and report. */
export function adminEventsRoutes(deps: AdminEventsDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock, jobs } = deps;
  return async (app) => {
    const tags = ["Back office: events"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    // A 409 is the allocation conflict, or an event that is cancelled.
    const conflict = z.union([AllocationConflictSchema, ErrorSchema]);
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/events",
      {
        onRequest: admin.permit("events.view"),
        schema: {
          tags,
          operationId: "listAdminEvents",
          summary: "The events in my scope, latest first, with status, search and date filters",
          querystring: AdminEventListQuerySchema,
          response: { 200: AdminEventListSchema, ...err },
        },
      },
      async (req) => events.list(db, requireStaff(req), req.query),
    );

    app.post(
      "/admin/events",
      {
        onRequest: admin.permit("events.create"),
        schema: {
          tags,
          operationId: "createAdminEvent",
          summary: "Create an event as a draft (start and end on the venue's clock; it holds no spaces yet)",
          body: AdminEventCreateSchema,
          response: { 201: AdminEventSchema, ...err },
        },
      },
      async (req, reply) => {
        const event = await events.create(db, requireStaff(req), auditActor(req), req.body, clock());
        return reply.code(201).send(event);
      },
    );

    app.get(
      "/admin/events/:eventCode",
      {
        onRequest: admin.permit("events.view"),
        schema: {
          tags,
          operationId: "getAdminEvent",
          summary: "An event with its parks, prices, allocations and bookings so far",
          params: EventCodeParamsSchema,
          response: { 200: AdminEventSchema, ...err },
        },
      },
      async (req) => events.get(db, requireStaff(req), req.params.eventCode),
    );

    app.patch(
      "/admin/events/:eventCode",
      {
        onRequest: admin.permit("events.update"),
        schema: {
          tags,
          operationId: "updateAdminEvent",
          summary:
            "Edit an event; a published one's allocations are checked again (409 lists those that do not fit)",
          params: EventCodeParamsSchema,
          body: AdminEventPatchSchema,
          response: { 200: AdminEventSchema, 409: conflict, ...err },
        },
      },
      async (req) =>
        events.update(db, requireStaff(req), auditActor(req), req.params.eventCode, req.body, clock()),
    );

    app.post(
      "/admin/events/:eventCode/publish",
      {
        onRequest: admin.permit("events.update"),
        schema: {
          tags,
          operationId: "publishAdminEvent",
          summary: "Publish a draft: its allocations are held from now on (409 lists those that do not fit)",
          params: EventCodeParamsSchema,
          response: { 200: AdminEventSchema, 409: conflict, ...err },
        },
      },
      async (req) => events.publish(db, requireStaff(req), auditActor(req), req.params.eventCode, clock()),
    );

    app.post(
      "/admin/events/:eventCode/cancel",
      {
        onRequest: admin.permit("events.delete"),
        schema: {
          tags,
          operationId: "cancelAdminEvent",
          summary: "Cancel an event: every booking of it is cancelled and refunded in full",
          params: EventCodeParamsSchema,
          response: { 200: AdminEventSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) =>
        events.cancel({ db, jobs }, requireStaff(req), auditActor(req), req.params.eventCode, clock()),
    );

    app.get(
      "/admin/events/:eventCode/bookings",
      {
        onRequest: admin.permit("events.view"),
        schema: {
          tags,
          operationId: "listAdminEventBookings",
          summary: "The event's bookings, latest first",
          params: EventCodeParamsSchema,
          querystring: AdminEventBookingsQuerySchema,
          response: { 200: AdminEventBookingListSchema, ...err },
        },
      },
      async (req) => eventReport.bookings(db, requireStaff(req), req.params.eventCode, req.query),
    );

    app.get(
      "/admin/events/:eventCode/report",
      {
        onRequest: admin.permit("events.view"),
        schema: {
          tags,
          operationId: "getAdminEventReport",
          summary: "The event's bookings, check-ins, revenue and, per park, allocations and the peak held",
          params: EventCodeParamsSchema,
          response: { 200: AdminEventReportSchema, ...err },
        },
      },
      async (req) => eventReport.report(db, requireStaff(req), req.params.eventCode),
    );
  };
}
