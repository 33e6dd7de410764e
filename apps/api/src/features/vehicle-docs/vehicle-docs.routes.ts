import { requestLanguage } from "../../lib/language";
import {
  AdminVehicleDocFeeQuerySchema,
  DriverLicenceExpiryBodySchema,
  DriverLicenceExpirySchema,
  ErrorSchema,
  IdempotencyKeySchema,
  VehicleDocAnswerBodySchema,
  VehicleDocCodeParamsSchema,
  VehicleDocFeeListSchema,
  VehicleDocInsurerListSchema,
  VehicleDocListQuerySchema,
  VehicleDocPageSchema,
  VehicleDocQuoteBodySchema,
  VehicleDocRequestBodySchema,
  VehicleDocQuoteSchema,
  VehicleDocRequestSchema,
  VehicleExpiriesBodySchema,
  VehicleIdPathSchema,
  VehicleRenewalDetailsBodySchema,
  VehicleRenewalDetailsListSchema,
  VehicleRenewalDetailsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, type Auth } from "../../plugins/auth";
import * as details from "./vehicle-docs-details.service";
import * as tables from "./vehicle-docs-tables.service";
import * as purchase from "./vehicle-docs-purchase.service";
import * as docs from "./vehicle-docs.service";
import type { VehicleDocDeps } from "./vehicle-docs.service";

const PlacedSchema = VehicleDocRequestSchema.extend({
  wallet_balance: z.object({ amount: z.number(), currency: z.string() }),
});

/** A driver's vehicle document renewal (bearer): renewal details, quote, requests (decision 031). */
export function vehicleDocsRoutes(deps: VehicleDocDeps, auth: Auth): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Vehicle documents"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

    app.get(
      "/vehicle-docs/insurers",
      {
        schema: {
          tags,
          operationId: "listVehicleDocInsurers",
          summary:
            "The insurers offering comprehensive motor insurance: rate on the vehicle's value, minimum premium",
          response: { 200: VehicleDocInsurerListSchema, ...errors },
        },
      },
      async () => tables.listInsurers(db),
    );

    app.get(
      "/vehicle-docs/vehicles",
      {
        schema: {
          tags,
          operationId: "listVehicleRenewalDetails",
          summary: "The driver's saved vehicles with what renewal knows and each paper's status",
          response: { 200: VehicleRenewalDetailsListSchema, ...errors },
        },
      },
      async (req) => details.listRenewalDetails(db, clock, requireUser(req).id),
    );

    app.get(
      "/vehicle-docs/vehicles/:id",
      {
        schema: {
          tags,
          operationId: "getVehicleRenewalDetails",
          summary: "What renewal knows of a saved vehicle: year, engine, VIN, state of registration, use",
          params: VehicleIdPathSchema,
          response: { 200: VehicleRenewalDetailsSchema, ...errors },
        },
      },
      async (req) => details.renewalDetails(db, clock, requireUser(req).id, req.params.id),
    );

    app.put(
      "/vehicle-docs/vehicles/:id",
      {
        schema: {
          tags,
          operationId: "setVehicleRenewalDetails",
          summary: "Set what renewal needs on a saved vehicle (the state is a Nigerian state's code)",
          params: VehicleIdPathSchema,
          body: VehicleRenewalDetailsBodySchema,
          response: { 200: VehicleRenewalDetailsSchema, ...errors },
        },
      },
      async (req) => details.setRenewalDetails(db, clock, requireUser(req).id, req.params.id, req.body),
    );

    app.put(
      "/vehicle-docs/vehicles/:id/expiries",
      {
        schema: {
          tags,
          operationId: "setVehiclePaperExpiries",
          summary: "Record the expiry dates of a vehicle's papers renewed elsewhere",
          params: VehicleIdPathSchema,
          body: VehicleExpiriesBodySchema,
          response: { 200: VehicleRenewalDetailsSchema, ...errors },
        },
      },
      async (req) => details.setOwnExpiries(db, clock, requireUser(req).id, req.params.id, req.body.expiries),
    );

    app.get(
      "/vehicle-docs/licence-expiry",
      {
        schema: {
          tags,
          operationId: "getDriverLicenceExpiry",
          summary: "The driver's licence's expiry date (one per driver, no vehicle) and its status",
          response: { 200: DriverLicenceExpirySchema, ...errors },
        },
      },
      async (req) => details.ownLicenceExpiry(db, clock, requireUser(req).id),
    );

    app.put(
      "/vehicle-docs/licence-expiry",
      {
        schema: {
          tags,
          operationId: "setDriverLicenceExpiry",
          summary:
            "Record the expiry date of the driver's licence renewed elsewhere (null clears it); it replaces the date of a renewal through Parkwell and the reverse",
          body: DriverLicenceExpiryBodySchema,
          response: { 200: DriverLicenceExpirySchema, ...errors },
        },
      },
      async (req) => details.setOwnLicenceExpiry(db, clock, requireUser(req).id, req.body.expires_on),
    );

    app.get(
      "/vehicle-docs/fees",
      {
        schema: {
          tags,
          operationId: "listVehicleDocFees",
          summary: "The fee tables of one Nigerian state (or all) and Parkwell's service charge",
          querystring: AdminVehicleDocFeeQuerySchema,
          response: { 200: VehicleDocFeeListSchema, ...errors },
        },
      },
      async (req) => tables.listFees(db, req.query.state_code),
    );

    app.post(
      "/vehicle-docs/quote",
      {
        schema: {
          tags,
          operationId: "quoteVehicleDocs",
          summary: "Each document's fee, the service charge, delivery, tax and the total, before paying",
          body: VehicleDocQuoteBodySchema,
          response: { 200: VehicleDocQuoteSchema, ...errors },
        },
      },
      async (req) =>
        purchase.quote(
          db,
          clock(),
          requireUser(req).id,
          req.body,
          requestLanguage(req.headers["accept-language"]),
        ),
    );

    app.post(
      "/vehicle-docs/requests",
      {
        schema: {
          tags,
          operationId: "createVehicleDocRequest",
          summary:
            "Send a renewal request and pay it from the wallet or a company (402 with the amount missing)",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: VehicleDocRequestBodySchema,
          response: { 201: PlacedSchema, 402: ErrorSchema, 409: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const placed = await purchase.placeRequest(
          deps,
          requireUser(req).id,
          req.body,
          req.headers["idempotency-key"],
        );
        if (placed.replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send({ ...placed.request, wallet_balance: placed.wallet });
      },
    );

    app.get(
      "/vehicle-docs/requests",
      {
        schema: {
          tags,
          operationId: "listVehicleDocRequests",
          summary: "The driver's renewal requests, newest first",
          querystring: VehicleDocListQuerySchema,
          response: { 200: VehicleDocPageSchema, ...errors },
        },
      },
      async (req) => docs.listOwn(db, requireUser(req).id, req.query),
    );

    app.get(
      "/vehicle-docs/requests/:code",
      {
        schema: {
          tags,
          operationId: "getVehicleDocRequest",
          summary: "One of the driver's renewal requests with its timeline",
          params: VehicleDocCodeParamsSchema,
          response: { 200: VehicleDocRequestSchema, ...errors },
        },
      },
      async (req) => docs.getOwn(db, requireUser(req).id, req.params.code),
    );

    app.post(
      "/vehicle-docs/requests/:code/cancel",
      {
        schema: {
          tags,
          operationId: "cancelVehicleDocRequest",
          summary: "Cancel a request before it reaches the licensing office; refunded in full",
          params: VehicleDocCodeParamsSchema,
          response: { 200: VehicleDocRequestSchema, 409: ErrorSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return docs.view(db, await docs.cancelOwn(deps, user.id, req.params.code));
      },
    );

    app.post(
      "/vehicle-docs/requests/:code/answer",
      {
        schema: {
          tags,
          operationId: "answerVehicleDocRequest",
          summary: "Answer the staff's question: the request goes back to be checked",
          params: VehicleDocCodeParamsSchema,
          body: VehicleDocAnswerBodySchema,
          response: { 200: VehicleDocRequestSchema, 409: ErrorSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return docs.view(db, await docs.answerOwn(deps, user.id, req.params.code, req.body.answer));
      },
    );
  };
}
