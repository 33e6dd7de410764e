import {
  ErrorSchema,
  PageQuerySchema,
  WalletResponseSchema,
  WalletTransactionsResponseSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { requireUser, type Auth } from "../../plugins/auth";
import { getWallet, listTransactions, type TopUpProvider } from "./wallet.service";

const tags = ["Wallet"];
/** The error answers of the wallet's routes and of those that start a top-up (payments/top-up.routes, bookings/hold.routes). */
export const walletErrors = {
  401: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
  502: ErrorSchema,
  503: ErrorSchema,
  504: ErrorSchema,
};

/**
 * The wallet under /api/v1 (bearer): its balance and transactions. Money moves only through the
 * payments and ledger services; a top-up's routes are payments/top-up.routes.
 */
export function walletRoutes(db: Db, auth: Auth, topUpProvider: TopUpProvider): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/wallet",
      {
        schema: {
          tags,
          operationId: "getWallet",
          summary: "The wallet's balance",
          response: { 200: WalletResponseSchema, ...walletErrors },
        },
      },
      async (req) => getWallet(db, topUpProvider, requireUser(req).id),
    );

    app.get(
      "/wallet/transactions",
      {
        schema: {
          tags,
          operationId: "listWalletTransactions",
          summary: "The wallet's transactions",
          querystring: PageQuerySchema,
          response: { 200: WalletTransactionsResponseSchema, ...walletErrors },
        },
      },
      async (req) => listTransactions(db, requireUser(req).id, req.query.page, req.query.size),
    );
  };
}
