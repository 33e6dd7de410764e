import { HoldBookingBodySchema, HoldSchema, IdempotencyKeySchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import { requireUser, type Auth } from "../../plugins/auth";
import type { PaymentDeps } from "../payments/verify.service";
import { walletErrors } from "../wallet/wallet.routes";
import { holdAndPay } from "./hold.service";

/** POST /bookings/hold: book a window the wallet is short of, paying the difference (decision 026). */
export function holdRoutes(
  deps: PaymentDeps,
  config: Config,
  auth: Auth,
  /** The signing secret of quotes' tokens (bookings.routes qrSecret). */
  quoteSecret: string,
): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.post(
      "/bookings/hold",
      {
        schema: {
          tags: ["Bookings"],
          operationId: "holdBooking",
          summary: "Hold a window and start a top-up of what the wallet is short of; paid, it is booked",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: HoldBookingBodySchema,
          response: { 200: HoldSchema, 201: HoldSchema, ...walletErrors },
        },
      },
      async (req, reply) => {
        const { hold, replayed } = await holdAndPay(
          deps,
          config,
          requireUser(req).id,
          req.body,
          req.headers["idempotency-key"],
          quoteSecret,
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send(hold);
      },
    );
  };
}
