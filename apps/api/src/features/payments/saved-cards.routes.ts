/**
 * Saved cards and the automatic reload under /api/v1 (bearer; decision 069): the cards kept for the
 * wallet's provider, removing one, and turning the reload on or off. Paying with a card is
 * add-funds' `card_id` and the checkouts' `card_id`.
 */
import { AutoReloadBodySchema, SavedCardParamsSchema, SavedCardsSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import { requireUser, type Auth } from "../../plugins/auth";
import { walletErrors } from "../wallet/wallet.routes";
import { saveAutoReload, stopAutoReload } from "./auto-reload.service";
import { listCards, removeCard } from "./saved-cards.service";
import type { PaymentDeps } from "./verify.service";

const tags = ["Wallet"];
const envelope = z.object({ status: z.literal("success"), message: z.string(), data: SavedCardsSchema });

export function savedCardsRoutes(deps: PaymentDeps, config: Config, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/wallet/cards",
      {
        schema: {
          tags,
          operationId: "listSavedCards",
          summary: "Your saved cards and automatic reload, where the wallet's provider keeps cards",
          response: { 200: envelope, ...walletErrors },
        },
      },
      async (req) => ({
        status: "success" as const,
        message: "Saved cards retrieved",
        data: await listCards(deps, config, requireUser(req).id),
      }),
    );

    app.delete(
      "/wallet/cards/:id",
      {
        schema: {
          tags,
          operationId: "removeSavedCard",
          summary: "Forget a saved card, here and at the provider (its automatic reload stops)",
          params: SavedCardParamsSchema,
          response: { 204: z.null(), ...walletErrors },
        },
      },
      async (req, reply) => {
        await removeCard(deps, requireUser(req).id, req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      "/wallet/auto-reload",
      {
        schema: {
          tags,
          operationId: "saveAutoReload",
          summary: "Reload the wallet with a saved card when its balance falls under a threshold",
          body: AutoReloadBodySchema,
          response: { 200: envelope, ...walletErrors },
        },
      },
      async (req) => ({
        status: "success" as const,
        message: "Automatic reload saved",
        data: await saveAutoReload(deps, config, requireUser(req).id, req.body),
      }),
    );

    app.delete(
      "/wallet/auto-reload",
      {
        schema: {
          tags,
          operationId: "stopAutoReload",
          summary: "Stop the automatic reload",
          response: { 204: z.null(), ...walletErrors },
        },
      },
      async (req, reply) => {
        await stopAutoReload(deps, requireUser(req).id);
        return reply.code(204).send(null);
      },
    );
  };
}
