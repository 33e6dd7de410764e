/**
 * A company's wallet under /api/v1/business/companies/{id} (bearer; owners and admins): its
 * balances and billing mode, its top-ups through the payments path of personal wallets, and the
 * switch between wallet and invoice billing.
 */
import {
  AddFundsBodySchema,
  AddFundsResponseSchema,
  CompanyBillingBodySchema,
  CompanyIdParamsSchema,
  CompanyTopUpParamsSchema,
  CompanyWalletSchema,
  ErrorSchema,
  IdempotencyKeySchema,
  PaymentResultResponseSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import { requireUser, type Auth } from "../../plugins/auth";
import type { PaymentDeps } from "../payments/verify.service";
import * as wallet from "./company-wallet.service";

const tags = ["Business"];
const errors = {
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
  502: ErrorSchema,
  503: ErrorSchema,
  504: ErrorSchema,
};

export function companyWalletRoutes(deps: PaymentDeps, config: Config, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/business/companies/:id/wallet",
      {
        schema: {
          tags,
          operationId: "getCompanyWallet",
          summary: "The company's balances per currency, billing mode and credit limit (owners and admins)",
          params: CompanyIdParamsSchema,
          response: { 200: CompanyWalletSchema, ...errors },
        },
      },
      async (req) => wallet.walletOf(deps.db, req.params.id, requireUser(req).id),
    );

    app.post(
      "/business/companies/:id/top-ups",
      {
        schema: {
          tags,
          operationId: "topUpCompanyWallet",
          summary: "Start a top-up of the company's wallet at its country's payment gateway",
          params: CompanyIdParamsSchema,
          headers: z.object({ "idempotency-key": IdempotencyKeySchema }),
          body: AddFundsBodySchema,
          response: { 200: AddFundsResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const result = await wallet.startTopUp(deps, config, req.params.id, requireUser(req).id, {
          amount: req.body.amount,
          idempotencyKey: req.headers["idempotency-key"],
        });
        if ("replayed" in result) reply.header("idempotent-replayed", "true");
        return { status: result.status, message: result.message, data: result.data };
      },
    );

    app.post(
      "/business/companies/:id/top-ups/:reference/verify",
      {
        schema: {
          tags,
          operationId: "verifyCompanyTopUp",
          summary: "Ask the provider and credit the company's paid top-up once",
          params: CompanyTopUpParamsSchema,
          response: { 200: PaymentResultResponseSchema, ...errors },
        },
      },
      async (req) => wallet.verifyTopUp(deps, req.params.id, requireUser(req).id, req.params.reference),
    );

    app.patch(
      "/business/companies/:id/billing",
      {
        schema: {
          tags,
          operationId: "setCompanyBilling",
          summary: "Switch the company between prepaid wallet and invoice billing (owners and admins)",
          params: CompanyIdParamsSchema,
          body: CompanyBillingBodySchema,
          response: { 200: CompanyWalletSchema, ...errors },
        },
      },
      async (req) => wallet.setBilling(deps.db, req.params.id, requireUser(req).id, req.body.billing),
    );
  };
}
