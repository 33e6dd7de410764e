import type { FastifyInstance } from "fastify";
import { GATEWAY_PROVIDERS } from "@parkwell/contract";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { WebhookSignatureError, type ProviderName } from "./providers/types";
import type { PaymentDeps } from "./verify.service";
import { handleWebhookEvent } from "./webhooks.service";

const Params = z.object({
  // Every provider but the demo one, which has no webhooks.
  provider: z.enum(GATEWAY_PROVIDERS, { error: "Unknown payment provider" }),
});

/**
 * POST /payments/webhooks/{paystack|stripe|wave}. Signatures are checked over the exact bytes
 * received, so this plugin parses JSON itself and keeps the raw buffer. A replayed event is
 * acknowledged and ignored; a new one goes through the same settle() as verify.
 */
export function webhookRoutes(deps: PaymentDeps) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(["application/json", "text/plain"], { parseAs: "buffer" }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      "/payments/webhooks/:provider",
      { schema: { tags: ["Payments"], summary: "Provider webhooks", hide: true } },
      async (req, reply) => {
        const parsed = Params.safeParse(req.params);
        if (!parsed.success) throw AppError.notFound("Unknown payment provider", "unknown_provider");
        const name: ProviderName = parsed.data.provider;
        const adapter = deps.payments.get(name);
        if (!adapter?.parseWebhook)
          throw AppError.notFound("This provider is not configured", "unknown_provider");
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);

        let event;
        try {
          event = adapter.parseWebhook(raw, req.headers, deps.clock());
        } catch (err) {
          if (err instanceof WebhookSignatureError || err instanceof SyntaxError) {
            req.log.warn({ provider: name, reason: err.message }, "webhook refused");
            throw new AppError(401, "invalid_signature", "The webhook signature is not valid");
          }
          throw err;
        }

        // A failure to settle is a 500, which asks the provider to deliver the event again.
        const result = await handleWebhookEvent(deps, name, event, JSON.parse(raw.toString("utf8")));
        if ("unknownPayment" in result) {
          req.log.warn(
            { provider: name, ref: event.payment?.providerReference },
            "webhook for an unknown payment",
          );
          return reply.send({ received: true });
        }
        return reply.send(result);
      },
    );
  };
}
