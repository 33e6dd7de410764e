import {
  ErrorSchema,
  MessageSchema,
  VehicleIdParamsSchema,
  VehicleInputSchema,
  VehicleListSchema,
  VehicleSchema,
  VehicleUpdateSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requireUser, type Auth } from "../../plugins/auth";
import * as service from "./vehicles.service";

/** A signed-in driver's saved vehicles. Another user's vehicle is a 404 for every verb. */
export function vehiclesRoutes(db: Db, clock: Clock, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Saved vehicles"];
    const err = { 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    // The clients' paths end in a slash; accept both spellings. The document names the clients'
    // spelling only: the other is the same operation, and one operation has one operationId.
    for (const url of ["/user/vehicles/", "/user/vehicles"]) {
      const hide = url !== "/user/vehicles/";
      app.get(
        url,
        {
          schema: {
            hide,
            tags,
            operationId: "listVehicles",
            summary: "My vehicles, the default first",
            response: { 200: VehicleListSchema, ...err },
          },
        },
        async (req) => service.list(db, requireUser(req).id),
      );
      app.post(
        url,
        {
          schema: {
            hide,
            tags,
            operationId: "createVehicle",
            summary: "Save a vehicle (the first one becomes the default)",
            body: VehicleInputSchema,
            response: { 201: VehicleSchema, ...err },
          },
        },
        async (req, reply) =>
          reply.code(201).send(await service.create(db, clock, requireUser(req).id, req.body)),
      );
    }

    app.put(
      "/user/vehicles/:id",
      {
        schema: {
          tags,
          operationId: "updateVehicle",
          summary: "Change a vehicle",
          params: VehicleIdParamsSchema,
          body: VehicleUpdateSchema,
          response: { 200: VehicleSchema, ...err },
        },
      },
      async (req) => service.update(db, clock, requireUser(req).id, req.params.id, req.body),
    );
    app.delete(
      "/user/vehicles/:id",
      {
        schema: {
          tags,
          operationId: "deleteVehicle",
          summary: "Delete a vehicle",
          params: VehicleIdParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => service.remove(db, clock, requireUser(req).id, req.params.id),
    );
    app.put(
      "/user/vehicles/:id/default",
      {
        schema: {
          tags,
          operationId: "setDefaultVehicle",
          summary: "Make this vehicle the default",
          params: VehicleIdParamsSchema,
          response: { 200: VehicleSchema, ...err },
        },
      },
      async (req) => service.makeDefault(db, clock, requireUser(req).id, req.params.id),
    );
  };
}
