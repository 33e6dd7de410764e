/**
 * A wallet top-up's routes: start it at the country's gateway (add-funds, create-payment-intent),
 * ask the provider and credit it once (verify-payment, credit). The wallet's own pages (balance,
 * transactions) are wallet.routes; the money moves through verify.service and the ledger.
 */
import {
  AddFundsBodySchema,
  AddFundsResponseSchema,
  CreatePaymentIntentBodySchema,
  CreditQuerySchema,
  PaymentIntentResponseSchema,
  PaymentResultResponseSchema,
  RequiredIdempotencyKeySchema,
  VerifyPaymentQuerySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import { requireUser, type Auth } from "../../plugins/auth";
import { walletErrors } from "../wallet/wallet.routes";
import { addFunds } from "./top-up.service";
import { creditPayment, verifyPayment, type PaymentDeps } from "./verify.service";

const tags = ["Wallet"];
/** Required on both top-ups: a double submit must not open two checkouts (API-CONVENTIONS.md#idempotency). */
const IdempotencyHeaders = z.object({ "idempotency-key": RequiredIdempotencyKeySchema });

/** The wallet's top-ups under /api/v1 (bearer), never cached like the rest of the wallet. */
export function topUpRoutes(deps: PaymentDeps, config: Config, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/wallet/add-funds",
      {
        schema: {
          tags,
          operationId: "addFunds",
          summary: "Start a top-up at the country's payment gateway",
          headers: IdempotencyHeaders,
          body: AddFundsBodySchema,
          response: { 200: AddFundsResponseSchema, ...walletErrors },
        },
      },
      async (req, reply) => {
        const result = await addFunds(deps, config, requireUser(req).id, {
          amount: req.body.amount,
          idempotencyKey: req.headers["idempotency-key"],
          saveCard: req.body.save_card,
          cardId: req.body.card_id,
        });
        if ("replayed" in result) reply.header("idempotent-replayed", "true");
        return { status: result.status, message: result.message, data: result.data };
      },
    );

    app.post(
      "/wallet/verify-payment",
      {
        schema: {
          tags,
          operationId: "verifyPayment",
          summary: "Ask the provider and credit a paid top-up once",
          querystring: VerifyPaymentQuerySchema,
          response: { 200: PaymentResultResponseSchema, ...walletErrors },
        },
      },
      async (req) =>
        verifyPayment(deps, requireUser(req).id, {
          reference: req.query.payment_reference,
          provider: req.query.payment_provider,
          amount: req.query.amount,
        }),
    );

    app.post(
      "/wallet/credit",
      {
        schema: {
          tags,
          operationId: "creditPayment",
          summary: "Credit a confirmed, not yet credited provider payment",
          querystring: CreditQuerySchema,
          response: { 200: PaymentResultResponseSchema, ...walletErrors },
        },
      },
      async (req) => creditPayment(deps, requireUser(req).id, req.query),
    );
  };
}

/**
 * POST /api/create-payment-intent (outside /api/v1: API-CONVENTIONS.md): a Stripe PaymentIntent for
 * a top-up, or in demo mode without Stripe keys the demo provider's payment, as add-funds gives.
 */
export function paymentIntentRoutes(deps: PaymentDeps, config: Config, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/create-payment-intent",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "createPaymentIntent",
          summary: "A Stripe PaymentIntent for a wallet top-up",
          headers: IdempotencyHeaders,
          body: CreatePaymentIntentBodySchema,
          response: { 200: PaymentIntentResponseSchema, ...walletErrors },
        },
      },
      async (req, reply) => {
        const result = await addFunds(deps, config, requireUser(req).id, {
          amount: req.body.amount,
          currency: req.body.currency,
          idempotencyKey: req.headers["idempotency-key"],
          only: "stripe",
        });
        reply.header("cache-control", "no-store");
        const { payment_info: info, provider, reference } = result.data;
        const demo = provider === "demo";
        return {
          client_secret: demo ? `${reference}_secret_demo` : String(info.client_secret),
          payment_intent_id: demo ? reference : String(info.payment_intent_id),
          reference,
          amount: result.data.amount,
          currency: result.data.currency,
          provider,
          ...(typeof info.publishable_key === "string" ? { publishable_key: info.publishable_key } : {}),
          ...(typeof info.payment_url === "string" ? { payment_url: info.payment_url } : {}),
        };
      },
    );
  };
}
