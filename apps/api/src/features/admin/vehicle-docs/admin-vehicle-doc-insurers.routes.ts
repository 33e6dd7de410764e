import {
  AdminVehicleDocInsurerBodySchema,
  ErrorSchema,
  VehicleDocInsurerListSchema,
  VehicleDocInsurerParamsSchema,
  VehicleDocInsurerSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as insurers from "./admin-vehicle-doc-insurers.service";
import type { AdminVehicleDocDeps } from "./admin-vehicle-docs.service";

/**
 * The back office's insurers for comprehensive motor insurance (decision 031), in the fee tables'
 * section `vehicle_doc_fees`: their premium rates and minimum premiums, each change audited.
 */
export function adminVehicleDocInsurersRoutes(
  deps: AdminVehicleDocDeps,
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: vehicle documents"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/vehicle-docs/insurers",
      {
        onRequest: admin.permit("vehicle_doc_fees.view"),
        schema: {
          tags,
          operationId: "listAdminVehicleDocInsurers",
          summary: "Every insurer of comprehensive motor insurance with its rate and minimum premium",
          response: { 200: VehicleDocInsurerListSchema, ...err },
        },
      },
      async () => insurers.listInsurers(deps.db),
    );

    app.put(
      "/admin/vehicle-docs/insurers/:id",
      {
        onRequest: admin.permit("vehicle_doc_fees.update"),
        schema: {
          tags,
          operationId: "updateAdminVehicleDocInsurer",
          summary: "Change an insurer's premium rate, minimum premium or availability (audited)",
          params: VehicleDocInsurerParamsSchema,
          body: AdminVehicleDocInsurerBodySchema,
          response: { 200: VehicleDocInsurerSchema, ...err },
        },
      },
      async (req) => insurers.updateInsurer(deps, auditActor(req), req.params.id, req.body),
    );
  };
}
