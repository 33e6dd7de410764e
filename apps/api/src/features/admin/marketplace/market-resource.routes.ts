import { ErrorSchema, MessageSchema, AdminMarketIdParamsSchema } from "@parkwell/contract";
import type { FastifyTypeProviderDefault } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import type { AuditActor } from "../audit.repo";

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A route's entry in the OpenAPI document. */
interface RouteDoc {
  operationId: string;
  summary: string;
}

/**
 * The four routes most records of the back office's marketplace have, each with its permission,
 * the section's tag and the common error answers: a list (GET path, marketplace.view), a create
 * (POST path, 201, marketplace.create), an edit (PATCH path/:id, marketplace.update) and a removal
 * (DELETE path/:id, a message, marketplace.delete). Each call registers one route, so a section
 * keeps its routes in its own order and writes its other routes (images, variations) beside them.
 */
export function marketResourceRoutes(zodApp: App, admin: AdminAccess) {
  // The same instance: its zod schemas still validate each request and serialise each answer. The
  // schemas are type parameters here, which Fastify's types cannot resolve, so each handler's own
  // signature carries the types, checked where a section calls these.
  const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
  const tags = ["Back office: marketplace"];
  const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
  return {
    list<Q extends z.ZodType, L extends z.ZodType>(
      path: string,
      doc: RouteDoc & { querystring: Q; response: L },
      handler: (query: z.output<Q>) => Promise<z.input<L>>,
    ) {
      app.get(
        path,
        {
          onRequest: admin.permit("marketplace.view"),
          schema: { tags, ...doc, response: { 200: doc.response, ...err } },
        },
        async (req) => handler(req.query as z.output<Q>),
      );
    },

    create<B extends z.ZodType, R extends z.ZodType>(
      path: string,
      doc: RouteDoc & { body: B; response: R },
      handler: (actor: AuditActor, body: z.output<B>) => Promise<z.input<R>>,
    ) {
      app.post(
        path,
        {
          onRequest: admin.permit("marketplace.create"),
          schema: { tags, ...doc, response: { 201: doc.response, ...err } },
        },
        async (req, reply) => reply.code(201).send(await handler(auditActor(req), req.body as z.output<B>)),
      );
    },

    update<B extends z.ZodType, R extends z.ZodType>(
      path: string,
      doc: RouteDoc & { body: B; response: R },
      handler: (actor: AuditActor, id: number, body: z.output<B>) => Promise<z.input<R>>,
    ) {
      app.patch(
        `${path}/:id`,
        {
          onRequest: admin.permit("marketplace.update"),
          schema: {
            tags,
            ...doc,
            params: AdminMarketIdParamsSchema,
            response: { 200: doc.response, ...err },
          },
        },
        async (req) => handler(auditActor(req), (req.params as { id: number }).id, req.body as z.output<B>),
      );
    },

    /** `conflict`: the removal may answer 409 (the record is in use: deactivate it instead). */
    remove(
      path: string,
      doc: RouteDoc & { conflict?: boolean; message: string },
      handler: (actor: AuditActor, id: number) => Promise<void>,
    ) {
      const { conflict, message, ...entry } = doc;
      app.delete(
        `${path}/:id`,
        {
          onRequest: admin.permit("marketplace.delete"),
          schema: {
            tags,
            ...entry,
            params: AdminMarketIdParamsSchema,
            response: { 200: MessageSchema, ...(conflict ? { 409: ErrorSchema } : {}), ...err },
          },
        },
        async (req) => {
          await handler(auditActor(req), (req.params as { id: number }).id);
          return { message };
        },
      );
    },
  };
}
