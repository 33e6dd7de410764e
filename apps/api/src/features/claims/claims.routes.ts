import multipart from "@fastify/multipart";
import {
  ClaimConflictSchema,
  ClaimCreateBodySchema,
  ClaimIdParamsSchema,
  ClaimListQuerySchema,
  ClaimPageSchema,
  ClaimSchema,
  ErrorSchema,
  IdempotencyKeySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DOCUMENT_MAX_BYTES } from "../../lib/private-files";
import { requireUser, type Auth } from "../../plugins/auth";
import { readDocumentUpload } from "../../plugins/private-files";
import * as read from "./claims-read.service";
import * as claims from "./claims.service";
import type { ClaimDeps } from "./claims.service";

/**
 * A driver's claims (bearer, decision 057): report a problem with a booking or a monthly pass, add
 * its photo, read one's own claims and their decisions.
 */
export function claimsRoutes(deps: ClaimDeps, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Claims"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

    app.post(
      "/claims",
      {
        schema: {
          tags,
          operationId: "createClaim",
          summary:
            "Report a problem with a booking or a monthly pass (its current term): park full, barrier closed, space not as described, charged wrongly; decided at once when the park's records prove it",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: ClaimCreateBodySchema,
          response: { 200: ClaimSchema, 201: ClaimSchema, 409: ClaimConflictSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = requireUser(req).id;
        const { id, replayed } = await claims.fileClaim(
          deps,
          userId,
          req.body,
          req.headers["idempotency-key"],
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send(await read.getOwn(deps, userId, id));
      },
    );

    app.get(
      "/claims",
      {
        schema: {
          tags,
          operationId: "listClaims",
          summary: "The driver's claims, newest first, with their decisions",
          querystring: ClaimListQuerySchema,
          response: { 200: ClaimPageSchema, ...errors },
        },
      },
      async (req) => read.listOwn(deps, requireUser(req).id, req.query),
    );

    app.get(
      "/claims/:id",
      {
        schema: {
          tags,
          operationId: "getClaim",
          summary: "One of the driver's claims, its photo through a 5-minute link",
          params: ClaimIdParamsSchema,
          response: { 200: ClaimSchema, ...errors },
        },
      },
      async (req) => read.getOwn(deps, requireUser(req).id, req.params.id),
    );

    app.post(
      "/claims/:id/photo",
      {
        schema: {
          tags,
          operationId: "addClaimPhoto",
          summary:
            "Add the claim's photo (multipart, field file): JPEG, PNG or PDF up to 10 MB, once, while open",
          consumes: ["multipart/form-data"],
          params: ClaimIdParamsSchema,
          response: { 201: ClaimSchema, 409: ErrorSchema, 413: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = requireUser(req).id;
        // Another driver's claim is a 404 before its upload is even read.
        await read.getOwn(deps, userId, req.params.id);
        const upload = await readDocumentUpload(req, "file");
        return reply.code(201).send(await read.addPhoto(deps, userId, req.params.id, upload));
      },
    );
  };
}
