/**
 * /admin/payout-accounts and /admin/payouts (issue #65): an operator's payout accounts (its branch
 * managers: `payout_accounts.*`), its payouts (`payouts.view`) and Parkwell's hold on them
 * (`payouts.update`, admins by default).
 */
import {
  ErrorSchema,
  PayoutAccountBodySchema,
  PayoutAccountListSchema,
  PayoutAccountParamsSchema,
  PayoutAccountSchema,
  PayoutBanksSchema,
  PayoutConfirmBodySchema,
  PayoutHoldBodySchema,
  PayoutHoldParamsSchema,
  PayoutHoldSchema,
  PayoutListQuerySchema,
  PayoutOperatorQuerySchema,
  PayoutOperatorsSchema,
  PayoutPageSchema,
  PayoutParamsSchema,
  PayoutResolveBodySchema,
  PayoutResolveSchema,
  PayoutSchema,
  PayoutSetupSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../../lib/language";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as accounts from "../../payouts/payout-accounts.service";
import type { PayoutAccountDeps } from "../../payouts/payout-accounts.service";
import * as payouts from "../../payouts/payouts.service";
import type { PayoutDeps } from "../../payouts/payouts.service";
import * as admin from "./admin-payouts.service";

export function adminPayoutsRoutes(
  deps: PayoutAccountDeps & PayoutDeps,
  access: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    const tags = ["Back office: payouts"];
    access.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const scopeOf = (req: Parameters<typeof requireStaff>[0]) => admin.payoutScope(requireStaff(req));
    const language = (req: { headers: Record<string, unknown> }) =>
      requestLanguage(req.headers["accept-language"] as string | undefined);

    app.get(
      "/admin/payout-accounts/setup",
      {
        onRequest: access.permit("payout_accounts.view"),
        schema: {
          tags,
          operationId: "getPayoutSetup",
          summary: "What adding a payout account asks for in the operator's country, its hold and minimum",
          querystring: PayoutOperatorQuerySchema,
          response: { 200: PayoutSetupSchema, ...err },
        },
      },
      async (req) =>
        accounts.payoutSetup(deps, accounts.operatorOfRequest(scopeOf(req), req.query.operator_id)),
    );
    app.get(
      "/admin/payout-accounts/banks",
      {
        onRequest: access.permit("payout_accounts.create"),
        schema: {
          tags,
          operationId: "listPayoutBanks",
          summary: "The banks a bank payout account may be at (from the country's provider)",
          querystring: PayoutOperatorQuerySchema,
          response: { 200: PayoutBanksSchema, ...err, 503: ErrorSchema },
        },
      },
      async (req) =>
        accounts.listBanks(deps, accounts.operatorOfRequest(scopeOf(req), req.query.operator_id)),
    );
    app.post(
      "/admin/payout-accounts/resolve",
      {
        onRequest: access.permit("payout_accounts.create"),
        schema: {
          tags,
          operationId: "resolvePayoutAccount",
          summary: "The name a bank account is held in, as the bank gives it (nothing is saved)",
          body: PayoutResolveBodySchema,
          response: { 200: PayoutResolveSchema, ...err, 503: ErrorSchema },
        },
      },
      async (req) =>
        accounts.resolveAccount(
          deps,
          accounts.operatorOfRequest(scopeOf(req), req.body.operator_id),
          req.body,
        ),
    );
    app.get(
      "/admin/payout-accounts",
      {
        onRequest: access.permit("payout_accounts.view"),
        schema: {
          tags,
          operationId: "listPayoutAccounts",
          summary: "An operator's payout accounts, masked, newest first",
          querystring: PayoutOperatorQuerySchema,
          response: { 200: PayoutAccountListSchema, ...err },
        },
      },
      async (req) =>
        accounts.listAccounts(deps, accounts.operatorOfRequest(scopeOf(req), req.query.operator_id)),
    );
    app.post(
      "/admin/payout-accounts",
      {
        onRequest: access.permit("payout_accounts.create"),
        schema: {
          tags,
          operationId: "addPayoutAccount",
          summary:
            "Add a payout account: checked by the provider, pending until confirmed from the e-mail (audited)",
          body: PayoutAccountBodySchema,
          response: { 201: PayoutAccountSchema, ...err, 503: ErrorSchema },
        },
      },
      async (req, reply) => {
        const added = await admin.addAccount(
          deps,
          requireStaff(req),
          auditActor(req),
          req.body,
          language(req),
        );
        return reply.code(201).send(added);
      },
    );
    app.post(
      "/admin/payout-accounts/confirm",
      {
        onRequest: access.permit("payout_accounts.update"),
        schema: {
          tags,
          operationId: "confirmPayoutAccount",
          summary: "Confirm a payout account from the e-mail's link: active, usable 48 hours later (audited)",
          body: PayoutConfirmBodySchema,
          response: { 200: PayoutAccountSchema, ...err, 409: ErrorSchema },
        },
      },
      async (req) => admin.confirmAccount(deps, requireStaff(req), auditActor(req), req.body.token),
    );
    app.delete(
      "/admin/payout-accounts/:id",
      {
        onRequest: access.permit("payout_accounts.delete"),
        schema: {
          tags,
          operationId: "cancelPayoutAccount",
          summary: "Cancel a pending or active payout account (audited)",
          params: PayoutAccountParamsSchema,
          response: { 200: PayoutAccountSchema, ...err, 409: ErrorSchema },
        },
      },
      async (req) => admin.cancelAccount(deps, requireStaff(req), auditActor(req), req.params.id),
    );

    app.get(
      "/admin/payouts",
      {
        onRequest: access.permit("payouts.view"),
        schema: {
          tags,
          operationId: "listPayouts",
          summary: "Payouts by operator, country, status and period, newest first",
          querystring: PayoutListQuerySchema,
          response: { 200: PayoutPageSchema, ...err },
        },
      },
      async (req) =>
        payouts.listPayouts(
          deps,
          scopeOf(req),
          { ...req.query, operatorId: req.query.operator_id },
          language(req),
        ),
    );
    app.get(
      "/admin/payouts/operators",
      {
        onRequest: access.permit("payouts.view"),
        schema: {
          tags,
          operationId: "listPayoutOperators",
          summary: "The operators whose payouts the caller sees, with their holds",
          response: { 200: PayoutOperatorsSchema, ...err },
        },
      },
      async (req) => payouts.payoutOperators(deps, scopeOf(req)),
    );
    app.get(
      "/admin/payouts/:id",
      {
        onRequest: access.permit("payouts.view"),
        schema: {
          tags,
          operationId: "getPayout",
          summary: "One payout: its statement's period, account (masked), status and reason",
          params: PayoutParamsSchema,
          response: { 200: PayoutSchema, ...err },
        },
      },
      async (req) => payouts.getPayout(deps, scopeOf(req), req.params.id, language(req)),
    );
    app.post(
      "/admin/operators/:id/payout-hold",
      {
        onRequest: access.permit("payouts.update"),
        schema: {
          tags,
          operationId: "holdOperatorPayouts",
          summary: "Hold an operator's payouts, with the reason it is shown (audited)",
          params: PayoutHoldParamsSchema,
          body: PayoutHoldBodySchema,
          response: { 200: PayoutHoldSchema, ...err },
        },
      },
      async (req) =>
        admin.setHold(
          deps,
          auditActor(req),
          accounts.operatorOfRequest(scopeOf(req), req.params.id),
          req.body.reason,
        ),
    );
    app.delete(
      "/admin/operators/:id/payout-hold",
      {
        onRequest: access.permit("payouts.update"),
        schema: {
          tags,
          operationId: "releaseOperatorPayouts",
          summary: "Release an operator's payouts (audited)",
          params: PayoutHoldParamsSchema,
          response: { 200: PayoutHoldSchema, ...err },
        },
      },
      async (req) =>
        admin.setHold(deps, auditActor(req), accounts.operatorOfRequest(scopeOf(req), req.params.id), null),
    );
  };
}
