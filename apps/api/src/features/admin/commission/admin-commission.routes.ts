import {
  CommissionDefaultBodySchema,
  CommissionDefaultsSchema,
  CommissionOperatorParamsSchema,
  CommissionOperatorsSchema,
  CommissionRateBodySchema,
  ErrorSchema,
  OperatorCommissionSchema,
  SettlementPeriodBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as service from "./admin-commission.service";

/**
 * The back office's commission (issue #65, decision 056): an operator's rates and statement period
 * (`commission.view` reads an operator's, a branch manager its own only; `commission.update` adds a
 * rate or sets the period, Parkwell's staff only) and the countries' defaults.
 */
export function adminCommissionRoutes(
  deps: service.CommissionDeps,
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: commission"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/commission/operators",
      {
        onRequest: admin.permit("commission.view"),
        schema: {
          tags,
          operationId: "listCommissionOperators",
          summary: "The operators whose commission the user may see (an operator's staff: their own)",
          response: { 200: CommissionOperatorsSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (req) => service.listOperators(deps, requireStaff(req)),
    );

    app.get(
      "/admin/operators/:id/commission",
      {
        onRequest: admin.permit("commission.view"),
        schema: {
          tags,
          operationId: "getOperatorCommission",
          summary:
            "An operator's commission now per product with where each comes from (its own rate or its country's default), the rates' history newest first, and its statement period",
          params: CommissionOperatorParamsSchema,
          response: { 200: OperatorCommissionSchema, ...err },
        },
      },
      async (req) => service.operatorCommission(deps, requireStaff(req), req.params.id),
    );

    app.put(
      "/admin/operators/:id/commission",
      {
        onRequest: admin.permit("commission.update"),
        schema: {
          tags,
          operationId: "addOperatorCommissionRate",
          summary:
            "Add a rate of the operator's (basis points, optionally for one product) from a date (its midnight on the country's clock) or an instant, never in the past: earlier rates are kept",
          params: CommissionOperatorParamsSchema,
          body: CommissionRateBodySchema,
          response: { 200: OperatorCommissionSchema, ...err, 409: ErrorSchema },
        },
      },
      async (req) =>
        service.addOperatorRate(deps, requireStaff(req), auditActor(req), req.params.id, req.body),
    );

    app.put(
      "/admin/operators/:id/settlement-period",
      {
        onRequest: admin.permit("commission.update"),
        schema: {
          tags,
          operationId: "setOperatorSettlementPeriod",
          summary:
            "Set how often the operator's statements close (weekly or monthly), from the start of the next period",
          params: CommissionOperatorParamsSchema,
          body: SettlementPeriodBodySchema,
          response: { 200: OperatorCommissionSchema, ...err },
        },
      },
      async (req) =>
        service.setSettlementPeriod(deps, requireStaff(req), auditActor(req), req.params.id, req.body.period),
    );

    app.get(
      "/admin/commission/defaults",
      {
        onRequest: admin.permit("commission.view"),
        schema: {
          tags,
          operationId: "listCommissionDefaults",
          summary:
            "Each served country's default commission now per product, and its history (an operator's staff: their country's)",
          response: { 200: CommissionDefaultsSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (req) => service.commissionDefaults(deps, requireStaff(req)),
    );

    app.put(
      "/admin/commission/defaults",
      {
        onRequest: admin.permit("commission.update"),
        schema: {
          tags,
          operationId: "addCommissionDefault",
          summary:
            "Add a served country's default rate (optionally for one product) from a date or an instant, never in the past",
          body: CommissionDefaultBodySchema,
          response: {
            200: CommissionDefaultsSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            409: ErrorSchema,
            422: ErrorSchema,
          },
        },
      },
      async (req) => service.addCountryDefault(deps, requireStaff(req), auditActor(req), req.body),
    );
  };
}
