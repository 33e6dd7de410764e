import {
  AdminVehicleDocExpiriesBodySchema,
  AdminVehicleDocFeeBodySchema,
  AdminVehicleDocFeeQuerySchema,
  AdminVehicleDocListQuerySchema,
  AdminVehicleDocPageSchema,
  AdminVehicleDocQuestionBodySchema,
  AdminVehicleDocRefundBodySchema,
  AdminVehicleDocSchema,
  AdminVehicleDocServiceChargeBodySchema,
  AdminVehicleDocStageBodySchema,
  ErrorSchema,
  VehicleDocCodeParamsSchema,
  VehicleDocFeeListSchema,
  VehicleDocFeeParamsSchema,
  VehicleDocFeeSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as docs from "./admin-vehicle-docs.service";
import type { AdminVehicleDocDeps } from "./admin-vehicle-docs.service";

/**
 * The back office's Vehicle Docs (sections `vehicle_docs` and `vehicle_doc_fees`): the queue, a
 * request, its moves along the stage table, the question, the expiry dates, the refund, and the
 * fee tables.
 */
export function adminVehicleDocsRoutes(deps: AdminVehicleDocDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: vehicle documents"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/vehicle-docs/requests",
      {
        onRequest: admin.permit("vehicle_docs.view"),
        schema: {
          tags,
          operationId: "listAdminVehicleDocRequests",
          summary: "The queue of renewal requests, oldest first, by stage, state and age",
          querystring: AdminVehicleDocListQuerySchema,
          response: { 200: AdminVehicleDocPageSchema, ...err },
        },
      },
      async (req) => docs.listQueue(db, clock, req.query),
    );

    app.get(
      "/admin/vehicle-docs/requests/:code",
      {
        onRequest: admin.permit("vehicle_docs.view"),
        schema: {
          tags,
          operationId: "getAdminVehicleDocRequest",
          summary: "A renewal request with its driver, timeline and the stages it may move to",
          params: VehicleDocCodeParamsSchema,
          response: { 200: AdminVehicleDocSchema, ...err },
        },
      },
      async (req) => docs.getRequest(db, req.params.code),
    );

    app.post(
      "/admin/vehicle-docs/requests/:code/stage",
      {
        onRequest: admin.permit("vehicle_docs.update"),
        schema: {
          tags,
          operationId: "moveAdminVehicleDocRequest",
          summary: "Move a request to a stage the table allows (409 otherwise)",
          params: VehicleDocCodeParamsSchema,
          body: AdminVehicleDocStageBodySchema,
          response: { 200: AdminVehicleDocSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => docs.moveStage(deps, auditActor(req), req.params.code, req.body),
    );

    app.post(
      "/admin/vehicle-docs/requests/:code/question",
      {
        onRequest: admin.permit("vehicle_docs.update"),
        schema: {
          tags,
          operationId: "askAdminVehicleDocQuestion",
          summary: "Ask the driver for more information (the request waits for the answer)",
          params: VehicleDocCodeParamsSchema,
          body: AdminVehicleDocQuestionBodySchema,
          response: { 200: AdminVehicleDocSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => docs.askQuestion(deps, auditActor(req), req.params.code, req.body.question),
    );

    app.post(
      "/admin/vehicle-docs/requests/:code/expiries",
      {
        onRequest: admin.permit("vehicle_docs.update"),
        schema: {
          tags,
          operationId: "recordAdminVehicleDocExpiries",
          summary: "Record the issued papers' expiry dates on the vehicle (or the driver's licence)",
          params: VehicleDocCodeParamsSchema,
          body: AdminVehicleDocExpiriesBodySchema,
          response: { 200: AdminVehicleDocSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => docs.recordExpiries(deps, auditActor(req), req.params.code, req.body.expiries),
    );

    app.post(
      "/admin/vehicle-docs/requests/:code/refund",
      {
        onRequest: admin.permit("vehicle_docs.update"),
        schema: {
          tags,
          operationId: "refundAdminVehicleDocRequest",
          summary: "Refund an open request in full (with its credit note) and close it",
          params: VehicleDocCodeParamsSchema,
          body: AdminVehicleDocRefundBodySchema,
          response: { 200: AdminVehicleDocSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => docs.refund(deps, auditActor(req), req.params.code, req.body.note),
    );

    app.get(
      "/admin/vehicle-docs/fees",
      {
        onRequest: admin.permit("vehicle_doc_fees.view"),
        schema: {
          tags,
          operationId: "listAdminVehicleDocFees",
          summary: "The fee tables per state, document, use and engine band, and the service charge",
          querystring: AdminVehicleDocFeeQuerySchema,
          response: { 200: VehicleDocFeeListSchema, ...err },
        },
      },
      async (req) => docs.listFees(db, req.query.state_code),
    );

    app.put(
      "/admin/vehicle-docs/fees/:id",
      {
        onRequest: admin.permit("vehicle_doc_fees.update"),
        schema: {
          tags,
          operationId: "updateAdminVehicleDocFee",
          summary: "Change one fee of the tables (audited)",
          params: VehicleDocFeeParamsSchema,
          body: AdminVehicleDocFeeBodySchema,
          response: { 200: VehicleDocFeeSchema, ...err },
        },
      },
      async (req) => docs.updateFee(deps, auditActor(req), req.params.id, req.body.fee),
    );

    app.put(
      "/admin/vehicle-docs/service-charge",
      {
        onRequest: admin.permit("vehicle_doc_fees.update"),
        schema: {
          tags,
          operationId: "updateAdminVehicleDocServiceCharge",
          summary: "Change Parkwell's service charge per request (audited)",
          body: AdminVehicleDocServiceChargeBodySchema,
          response: { 200: VehicleDocFeeListSchema, ...err },
        },
      },
      async (req) => docs.updateServiceCharge(deps, auditActor(req), req.body.service_charge),
    );
  };
}
