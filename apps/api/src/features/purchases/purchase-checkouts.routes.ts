import { IdempotencyKeySchema, PurchaseCheckoutBodySchema, PurchaseCheckoutSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import type { PaymentDeps } from "../payments/verify.service";
import { walletErrors } from "../wallet/wallet.routes";
import { startCheckout, type CheckoutKinds } from "./purchase-checkouts.service";

/** POST /purchases/checkout: an order, pass or document request the wallet is short of, paying the difference (decision 026). */
export function purchaseCheckoutRoutes(
  deps: PaymentDeps & { kinds: CheckoutKinds },
  config: Config,
  auth: Auth,
): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.post(
      "/purchases/checkout",
      {
        schema: {
          tags: ["Wallet"],
          operationId: "checkoutPurchase",
          summary:
            "Start a top-up of what the wallet is short of for an order, pass or document request; paid, it is made",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: PurchaseCheckoutBodySchema,
          response: { 201: PurchaseCheckoutSchema, ...walletErrors },
        },
      },
      async (req, reply) => {
        const { checkout, replayed } = await startCheckout(
          deps,
          config,
          requireUser(req).id,
          req.body,
          req.headers["idempotency-key"],
          requestLanguage(req.headers["accept-language"]),
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send(checkout);
      },
    );
  };
}
