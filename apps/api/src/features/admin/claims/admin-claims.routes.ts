import {
  AdminClaimPageSchema,
  AdminClaimSchema,
  AdminClaimsQuerySchema,
  ClaimDecisionBodySchema,
  ClaimIdParamsSchema,
  ClaimRebookParksSchema,
  ErrorSchema,
  GateClaimListSchema,
  GateClaimsQuerySchema,
  IdempotencyKeySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import type { ClaimDeps } from "../../claims/claims.service";
import * as claims from "./admin-claims.service";

/**
 * The back office's claims (decision 057): the queue of drivers' claims at the user's parks
 * (`claims.view`; open first by their due time, what is overdue marked), a claim with its evidence
 * (the photo through a link for the staff member), the parks a rebooking may move it to, and the
 * decision (`claims.update`).
 */
export function adminClaimsRoutes(deps: ClaimDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: claims"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/claims",
      {
        onRequest: admin.permit("claims.view"),
        schema: {
          tags,
          operationId: "listAdminClaims",
          summary: "Drivers' claims at your parks: open ones first by the time they are due, overdue marked",
          querystring: AdminClaimsQuerySchema,
          response: { 200: AdminClaimPageSchema, ...err },
        },
      },
      async (req) => claims.listClaims(deps, requireStaff(req), req.query),
    );

    app.get(
      "/admin/claims/:id",
      {
        onRequest: admin.permit("claims.view"),
        schema: {
          tags,
          operationId: "getAdminClaim",
          summary:
            "A claim with its evidence: the driver's words, photo (a 5-minute link), place and the gate's records",
          params: ClaimIdParamsSchema,
          response: { 200: AdminClaimSchema, ...err },
        },
      },
      async (req) => claims.getClaim(deps, requireStaff(req), req.params.id),
    );

    app.get(
      "/admin/claims/:id/rebook-parks",
      {
        onRequest: admin.permit("claims.update"),
        schema: {
          tags,
          operationId: "listClaimRebookParks",
          summary:
            "The nearest parks free for what is left of a claim's booking's window, with their price and distance: where a rebook decision may move it",
          params: ClaimIdParamsSchema,
          response: { 200: ClaimRebookParksSchema, ...err },
        },
      },
      async (req) => claims.parksForRebook(deps, requireStaff(req), req.params.id),
    );

    app.post(
      "/admin/claims/:id/decision",
      {
        onRequest: admin.permit("claims.update"),
        schema: {
          tags,
          operationId: "decideClaim",
          summary:
            "Decide an open claim: refund in full (fees included), refund part of it, decline with the reason the driver reads, or rebook at another park (the guarantee paying the difference; replays with the same Idempotency-Key)",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          params: ClaimIdParamsSchema,
          body: ClaimDecisionBodySchema,
          response: { 200: AdminClaimSchema, 402: ErrorSchema, ...err },
        },
      },
      async (req, reply) => {
        const { claim, replayed } = await claims.decide(
          deps,
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.body,
          req.headers["idempotency-key"],
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return claim;
      },
    );

    app.get(
      "/admin/gate/claims",
      {
        onRequest: admin.permit("gate.view"),
        schema: {
          tags: ["Back office: gate"],
          operationId: "listGateClaims",
          summary:
            "Problems drivers reported at my parks (a full park, a closed barrier) in the last hours, still open: the attendant may confirm them",
          querystring: GateClaimsQuerySchema,
          response: { 200: GateClaimListSchema, ...err },
        },
      },
      async (req) => claims.listGateClaims(deps, requireStaff(req), req.query.park_id),
    );

    app.post(
      "/admin/claims/:id/confirm",
      {
        onRequest: admin.permit("gate.update"),
        schema: {
          tags: ["Back office: gate"],
          operationId: "confirmClaim",
          summary:
            "The park's attendant confirms a full park or a closed barrier reported at the gate: decided at once as the park_full rule does (a full refund, or a space nearby when the driver asked for one); replays with the same Idempotency-Key",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          params: ClaimIdParamsSchema,
          response: { 200: AdminClaimSchema, 402: ErrorSchema, ...err },
        },
      },
      async (req, reply) => {
        const { claim, replayed } = await claims.confirm(
          deps,
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.headers["idempotency-key"],
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return claim;
      },
    );
  };
}
