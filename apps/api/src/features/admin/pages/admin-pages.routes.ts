import {
  AdminPageListSchema,
  ErrorSchema,
  PageKeyParamsSchema,
  PageVersionListSchema,
  PageVersionSchema,
  PublishPageBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as service from "./admin-pages.service";

/** The back office's Pages (decision 035): `pages.view` reads, `pages.update` publishes. */
export function adminPagesRoutes(deps: { db: Db; clock: Clock }, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: pages"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/pages",
      {
        onRequest: admin.permit("pages.view"),
        schema: {
          tags,
          operationId: "listAdminPages",
          summary: "The company's pages, each with its current version",
          response: { 200: AdminPageListSchema, ...err },
        },
      },
      async () => service.listPages(db),
    );

    app.get(
      "/admin/pages/:key/versions",
      {
        onRequest: admin.permit("pages.view"),
        schema: {
          tags,
          operationId: "listPageVersions",
          summary: "A page's versions, newest first: both languages' texts, who published each, when and why",
          params: PageKeyParamsSchema,
          response: { 200: PageVersionListSchema, ...err },
        },
      },
      async (req) => service.listVersions(db, req.params.key),
    );

    app.post(
      "/admin/pages/:key/versions",
      {
        onRequest: admin.permit("pages.update"),
        schema: {
          tags,
          operationId: "publishPageVersion",
          summary: "Publish a new version of a page (both languages, with a note saying what changed)",
          params: PageKeyParamsSchema,
          body: PublishPageBodySchema,
          response: { 201: PageVersionSchema, ...err, 409: ErrorSchema },
        },
      },
      async (req, reply) => {
        const version = await service.publishPage(
          db,
          clock,
          requireStaff(req),
          auditActor(req),
          req.params.key,
          req.body,
        );
        return reply.code(201).send(version);
      },
    );
  };
}
