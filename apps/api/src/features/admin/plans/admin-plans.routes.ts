import {
  AdminPassIdParamsSchema,
  AdminPassListQuerySchema,
  AdminPassListSchema,
  AdminPassPatchSchema,
  AdminPassSchema,
  AdminPlanCreateSchema,
  PlanAllocationConflictSchema,
  AdminPlanListQuerySchema,
  AdminPlanListSchema,
  AdminPlanPatchSchema,
  AdminPlanSchema,
  ErrorSchema,
  PlanIdParamsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as passes from "./admin-passes.service";
import * as plans from "./admin-plans.service";

export interface AdminPlansDeps {
  db: Db;
  clock: Clock;
}

/**
 * The back office's monthly plans: list, read, create and edit the plans of the parks in scope;
 * and the passes sold on them, with the space label of a pass on a plan with named spaces.
 */
export function adminPlansRoutes(deps: AdminPlansDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: monthly plans"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/plans",
      {
        onRequest: admin.permit("plans.view"),
        schema: {
          tags,
          operationId: "listAdminPlans",
          summary: "The monthly plans of the parks in my scope, by park, with their passes valid now",
          querystring: AdminPlanListQuerySchema,
          response: { 200: AdminPlanListSchema, ...err },
        },
      },
      async (req) => plans.list(db, requireStaff(req), req.query),
    );

    app.post(
      "/admin/plans",
      {
        onRequest: admin.permit("plans.create"),
        schema: {
          tags,
          operationId: "createAdminPlan",
          summary:
            "Create a park's monthly plan: weekly hours on the park's clock, monthly prices, allocation, terms",
          body: AdminPlanCreateSchema,
          response: { 201: AdminPlanSchema, ...err },
        },
      },
      async (req, reply) => {
        const plan = await plans.create(db, requireStaff(req), auditActor(req), req.body, clock());
        return reply.code(201).send(plan);
      },
    );

    app.get(
      "/admin/plans/:id",
      {
        onRequest: admin.permit("plans.view"),
        schema: {
          tags,
          operationId: "getAdminPlan",
          summary: "A monthly plan with its hours, prices and passes valid now",
          params: PlanIdParamsSchema,
          response: { 200: AdminPlanSchema, ...err },
        },
      },
      async (req) => plans.get(db, requireStaff(req), req.params.id),
    );

    app.patch(
      "/admin/plans/:id",
      {
        onRequest: admin.permit("plans.update"),
        schema: {
          tags,
          operationId: "updateAdminPlan",
          summary:
            "Edit a plan: 409 for an allocation below the passes valid now, or other hours once passes were sold",
          params: PlanIdParamsSchema,
          body: AdminPlanPatchSchema,
          response: { 200: AdminPlanSchema, 409: PlanAllocationConflictSchema.or(ErrorSchema), ...err },
        },
      },
      async (req) => plans.update(db, requireStaff(req), auditActor(req), req.params.id, req.body, clock()),
    );

    app.get(
      "/admin/passes",
      {
        onRequest: admin.permit("plans.view"),
        schema: {
          tags,
          operationId: "listAdminPasses",
          summary:
            "The passes sold at the parks in my scope, newest first: by park, plan, status, or a pass code or plate",
          querystring: AdminPassListQuerySchema,
          response: { 200: AdminPassListSchema, ...err },
        },
      },
      async (req) => passes.list(db, requireStaff(req), req.query),
    );

    app.patch(
      "/admin/passes/:id",
      {
        onRequest: admin.permit("plans.update"),
        schema: {
          tags,
          operationId: "updateAdminPass",
          summary:
            "Set or clear a pass's space label (plans with named spaces): 409 when another pass holding space at the park has it",
          params: AdminPassIdParamsSchema,
          body: AdminPassPatchSchema,
          response: { 200: AdminPassSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) =>
        passes.setSpaceLabel(
          db,
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.body.space_label,
          clock(),
        ),
    );
  };
}
