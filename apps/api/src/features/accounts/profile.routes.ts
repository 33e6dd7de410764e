import { ErrorSchema, ProfileSchema, ProfileUpdateSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requireUser, type Auth } from "../../plugins/auth";
import * as service from "./profile.service";

/** GET and PATCH /users/profile (bearer). */
export function profileRoutes(db: Db, clock: Clock, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Profile"];
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/users/profile",
      {
        schema: {
          tags,
          operationId: "getProfile",
          summary: "The signed-in user's profile",
          response: { 200: ProfileSchema, 401: ErrorSchema },
        },
      },
      async (req) => service.getProfile(db, requireUser(req).id),
    );

    app.patch(
      "/users/profile",
      {
        schema: {
          tags,
          operationId: "updateProfile",
          summary:
            "Change first_name, last_name, phone, country_id, photo_url, booking_reminders or the receipt details (company_name, company_address, company_tax_id); other fields are ignored",
          body: ProfileUpdateSchema,
          response: { 200: ProfileSchema, 401: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req) => service.updateProfile(db, clock, requireUser(req).id, req.body),
    );
  };
}
