import { requestLanguage } from "../../lib/language";
import {
  ErrorSchema,
  idParam,
  IdempotencyKeySchema,
  PassCodeParamsSchema,
  PassCreateSchema,
  PassListQuerySchema,
  PassListSchema,
  PassDetailSchema,
  type PassDetail,
  PassPurchaseSchema,
  PassVehiclesSchema,
  PlanListQuerySchema,
  PlanListSchema,
  PlanQuoteQuerySchema,
  PlanQuoteSchema,
  PublicPlanSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { accountLanguage, monthlyPassContent } from "../../lib/wallet-pass/content";
import {
  holderOf,
  LINK_QUERY,
  passHolder,
  PKPASS_RESPONSE,
  pkpassLinkPath,
  pkpassOf,
  sendPkpass,
  walletLinks,
  type WalletPasses,
} from "../../lib/wallet-pass/wallet-pass";
import { requireUser, type Auth } from "../../plugins/auth";
import type { PassRead } from "./passes.present";
import * as renewal from "./passes-renewal.service";
import * as passes from "./passes.service";
import * as plans from "./plans.service";
import * as quotes from "./plans-quote.service";

/** The monthly plans on sale (public): find them by country, text or point, read one, price a pass. */
export function plansRoutes(deps: Pick<passes.PassDeps, "db" | "clock">, auth: Auth): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ["Monthly passes"];
    const errors = { 404: ErrorSchema, 422: ErrorSchema };
    app.get(
      "/plans",
      {
        schema: {
          tags,
          operationId: "listPlans",
          summary:
            "Monthly plans on sale: nearest a point, or by city and park; filters for vehicle type, price and hours",
          querystring: PlanListQuerySchema,
          response: { 200: PlanListSchema, ...errors },
        },
      },
      async (req, reply) => reply.header("cache-control", "no-store").send(await plans.list(db, req.query)),
    );
    app.get(
      "/plans/:id",
      {
        schema: {
          tags,
          operationId: "getPlan",
          summary: "A monthly plan on sale, with its park, hours, prices and passes left",
          params: z.object({ id: idParam("id") }),
          response: { 200: PublicPlanSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply.header("cache-control", "no-store").send(await plans.get(db, req.params.id)),
    );
    app.get(
      "/plans/:id/quote",
      {
        onRequest: auth.optional,
        schema: {
          tags,
          operationId: "quotePlan",
          summary:
            "The first term of a pass on the plan (its days, breakdown, total and the term's discount), as POST /passes would charge it now",
          params: z.object({ id: idParam("id") }),
          querystring: PlanQuoteQuerySchema,
          response: { 200: PlanQuoteSchema, 401: ErrorSchema, 409: ErrorSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .send(
            await quotes.quote(
              db,
              deps.clock(),
              { plan_id: req.params.id, ...req.query },
              req.authUser?.id ?? null,
              requestLanguage(req.headers["accept-language"]),
            ),
          ),
    );
  };
}

/**
 * A monthly pass's Apple Wallet pass (decision 065), beside the guarded routes: the owner fetches
 * it with their bearer token, or opens the plain link the pass's page gave (`?link=`).
 */
export function passWalletPassRoutes(
  deps: passes.PassDeps & { wallet: WalletPasses },
  auth: Auth,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/passes/:code/wallet-pass.pkpass",
      {
        onRequest: auth.tokenOrLink,
        schema: {
          tags: ["Monthly passes"],
          operationId: "getPassWalletPass",
          summary:
            "The pass as an Apple Wallet pass (.pkpass) of its state now: park, paid term, plates and gate QR; by bearer token, or by the plain link its page gave (`link`, 15 minutes); 404 when the server has no Apple Wallet keys",
          params: PassCodeParamsSchema,
          querystring: LINK_QUERY,
          response: { 200: PKPASS_RESPONSE, 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) => {
        const holder =
          passHolder(req.authUser, req.query.link, "pass", req.params.code, deps.qrSecret, deps.clock()) ??
          holderOf(requireUser(req));
        const read = await passes.getOwn(deps, holder.userId, req.params.code);
        const content = monthlyPassContent(read, accountLanguage(holder.language));
        return sendPkpass(reply, pkpassOf(deps.wallet, content), read.pass_code);
      },
    );
  };
}

/**
 * A driver's monthly passes (bearer): buy from the wallet, list, read, cancel at the term's end,
 * and add to Apple's or Google's wallet (decision 065) when `wallet` has their keys.
 */
export function passesRoutes(
  deps: passes.PassDeps & { wallet: WalletPasses },
  auth: Auth,
): FastifyPluginAsyncZod {
  /** The pass's page: its wallet passes added, in the account's language. */
  const detail = async (req: FastifyRequest, read: PassRead): Promise<PassDetail> => {
    const user = requireUser(req);
    const content = () => monthlyPassContent(read, accountLanguage(user.language));
    const path = () =>
      pkpassLinkPath(
        `/passes/${encodeURIComponent(read.pass_code)}/wallet-pass.pkpass`,
        { k: "pass", r: read.pass_code, u: user.id, l: user.language },
        deps.qrSecret,
        deps.clock(),
      );
    return { ...read, wallet: await walletLinks(deps.wallet, content, path, deps.clock()) };
  };
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Monthly passes"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };

    app.post(
      "/passes",
      {
        schema: {
          tags,
          operationId: "createPass",
          summary: "Buy a monthly pass on a plan, paid from the wallet for its first term",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: PassCreateSchema,
          response: { 200: PassPurchaseSchema, 201: PassPurchaseSchema, 402: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { purchase, replayed } = await passes.buy(
          deps,
          requireUser(req).id,
          req.body,
          req.headers["idempotency-key"],
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send(purchase);
      },
    );

    app.get(
      "/passes",
      {
        schema: {
          tags,
          operationId: "listPasses",
          summary: "The driver's passes, newest first",
          querystring: PassListQuerySchema,
          response: { 200: PassListSchema, ...errors },
        },
      },
      async (req) => passes.listOwn(deps, requireUser(req).id, req.query),
    );

    app.get(
      "/passes/:code",
      {
        schema: {
          tags,
          operationId: "getPass",
          summary: "One of the driver's passes, with its gate QR, next renewal and the terms charged",
          params: PassCodeParamsSchema,
          response: { 200: PassDetailSchema, ...errors },
        },
      },
      async (req) => detail(req, await passes.getOwn(deps, requireUser(req).id, req.params.code)),
    );

    app.put(
      "/passes/:code/vehicles",
      {
        schema: {
          tags,
          operationId: "setPassVehicles",
          summary:
            "Replace the pass's plate numbers (one or two), at once: a plate left out is no longer let in",
          params: PassCodeParamsSchema,
          body: PassVehiclesSchema,
          response: { 200: PassDetailSchema, ...errors },
        },
      },
      async (req) =>
        detail(req, await passes.setVehicles(deps, requireUser(req).id, req.params.code, req.body.plates)),
    );

    app.post(
      "/passes/:code/cancel",
      {
        schema: {
          tags,
          operationId: "cancelPass",
          summary:
            "Cancel a pass at the end of its paid term (no refund of the term paid; it holds no space after)",
          params: PassCodeParamsSchema,
          response: { 200: PassDetailSchema, ...errors },
        },
      },
      async (req) => detail(req, await passes.cancel(deps, requireUser(req).id, req.params.code)),
    );

    app.post(
      "/passes/:code/renew",
      {
        schema: {
          tags,
          operationId: "renewPassFromWallet",
          summary:
            "Pay a pass's renewal in grace from the driver's own wallet (their company refused it, or the wallet was short); it renews from the wallet from then on",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          params: PassCodeParamsSchema,
          response: { 200: PassDetailSchema, 402: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = requireUser(req).id;
        const { replayed } = await renewal.payRenewalMyself(
          deps,
          userId,
          req.params.code,
          req.headers["idempotency-key"],
        );
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.send(await detail(req, await passes.getOwn(deps, userId, req.params.code)));
      },
    );
  };
}
