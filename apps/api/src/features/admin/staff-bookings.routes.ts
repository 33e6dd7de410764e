import { ErrorSchema, StaffBookingPageSchema, StaffBookingsQuerySchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { requireStaff, type AdminAccess } from "../../plugins/admin-access";
import * as service from "./staff-bookings.service";

/** The bookings at the user's parks (the desk's and the gate's list). */
export function staffBookingsRoutes(db: Db, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.get(
      "/admin/bookings",
      {
        onRequest: admin.permit("bookings.view"),
        schema: {
          tags: ["Back office"],
          operationId: "listStaffBookings",
          summary: "Bookings at my parks: by park, status, days (the park's own), code or plate",
          querystring: StaffBookingsQuerySchema,
          response: {
            200: StaffBookingPageSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            422: ErrorSchema,
          },
        },
      },
      async (req) => service.listBookings(db, requireStaff(req), req.query),
    );
  };
}
