import {
  AddressBodySchema,
  AddressParamsSchema,
  AddressSchema,
  ErrorSchema,
  IdempotencyKeySchema,
  MarketCategorySchema,
  MarketCountryQuerySchema,
  MarketHomeSchema,
  MarketItemDetailSchema,
  MarketItemListQuerySchema,
  MarketItemPageSchema,
  MarketItemParamsSchema,
  MessageSchema,
  OrderCodeParamsSchema,
  OrderConflictSchema,
  OrderingOptionsQuerySchema,
  OrderingOptionsSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderSchema,
  PlaceOrderBodySchema,
  QuoteBodySchema,
  QuoteSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { requestLanguage } from "../../lib/language";
import { toMajor } from "../../lib/money";
import type { Db } from "../../db/client";
import { requireUser, type Auth } from "../../plugins/auth";
import * as addresses from "./addresses.service";
import { priceCart } from "./cart-pricing.service";
import { servedCountries } from "../reference/served-countries";
import * as catalogue from "./catalogue.service";
import { moveOrder, type OrderDeps } from "./order-stages.service";
import * as orders from "./orders.service";
import { presentQuote } from "./quote.present";

export const ADDRESS_DELETED_MESSAGE = "Address deleted";

const language = (req: { headers: { "accept-language"?: string | undefined } }) =>
  requestLanguage(req.headers["accept-language"]);

/** The marketplace's public catalogue and its quote (signed in or not). */
/**
 * The catalogue's browsing reads `read` (a replica when one is in rotation: docs/decisions/
 * 037-read-replicas.md); what ordering decides (options, quotes) reads the primary.
 */
export function marketplaceRoutes(deps: OrderDeps & { read: Db }, auth: Auth): FastifyPluginAsyncZod {
  const { db, clock, read } = deps;
  return async (app) => {
    const tags = ["Marketplace"];
    const errors = { 404: ErrorSchema, 422: ErrorSchema };
    const cached = "public, max-age=30";

    app.get(
      "/marketplace/home",
      {
        schema: {
          tags,
          operationId: "marketplaceHome",
          summary: "A country's marketplace home: categories, sliders and live offers",
          querystring: MarketCountryQuerySchema,
          response: { 200: MarketHomeSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", cached)
          .header("vary", "accept-language")
          .send(await catalogue.marketHome(read, req.query.country, language(req), clock())),
    );

    app.get(
      "/marketplace/categories",
      {
        schema: {
          tags,
          operationId: "listMarketCategories",
          summary: "A country's marketplace categories with their count of items",
          querystring: MarketCountryQuerySchema,
          response: { 200: z.array(MarketCategorySchema), ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", cached)
          .header("vary", "accept-language")
          .send(await catalogue.listCategories(read, req.query.country, language(req))),
    );

    app.get(
      "/marketplace/items",
      {
        schema: {
          tags,
          operationId: "listMarketItems",
          summary: "A country's items: category, kind, words, on offer; popular, newest, price or name order",
          querystring: MarketItemListQuerySchema,
          response: { 200: MarketItemPageSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .header("vary", "accept-language")
          .send(await catalogue.listItems(read, req.query, language(req), clock())),
    );

    app.get(
      "/marketplace/items/:id",
      {
        schema: {
          tags,
          operationId: "getMarketItem",
          summary: "An item with its variations, add-ons, stock, parks and offer",
          params: MarketItemParamsSchema,
          response: { 200: MarketItemDetailSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .header("vary", "accept-language")
          .send(await catalogue.getItem(read, req.params.id, language(req), clock())),
    );

    app.get(
      "/marketplace/options",
      {
        schema: {
          tags,
          operationId: "marketplaceOrderingOptions",
          summary: "What ordering offers in a country: delivery and takeaway on or off, slots, parks, bands",
          querystring: OrderingOptionsQuerySchema,
          response: { 200: OrderingOptionsSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .send(
            await catalogue.orderingOptions(
              db,
              req.query.country,
              clock(),
              req.query.lat !== undefined && req.query.lng !== undefined
                ? { lat: req.query.lat, lng: req.query.lng }
                : undefined,
            ),
          ),
    );

    app.post(
      "/marketplace/quote",
      {
        onRequest: auth.optional,
        schema: {
          tags,
          operationId: "quoteCart",
          summary: "Price a cart as the order would: lines, offers, coupon, delivery, tax, total, problems",
          body: QuoteBodySchema,
          response: { 200: QuoteSchema, 401: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const cart = await priceCart(db, {
          countries: servedCountries(db),
          body: req.body,
          userId: req.authUser?.id ?? null,
          now: clock(),
        });
        if (!cart) throw AppError.validation({ country: catalogue.MARKET_COUNTRY_UNKNOWN_MESSAGE });
        return reply.header("cache-control", "no-store").send(presentQuote(cart, language(req)));
      },
    );
  };
}

/** A driver's orders and saved addresses (bearer). */
export function ordersRoutes(deps: OrderDeps, auth: Auth): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Orders"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 409: OrderConflictSchema, 422: ErrorSchema };

    app.post(
      "/orders",
      {
        schema: {
          tags,
          operationId: "createOrder",
          summary: "Place a marketplace order and pay it from the wallet or with the driver's company",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          body: PlaceOrderBodySchema,
          response: { 200: OrderSchema, 201: OrderSchema, 402: ErrorSchema, 403: ErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const lang = language(req);
        const placed = await orders.placeOrder(deps, user.id, req.body, req.headers["idempotency-key"], lang);
        const body = await orders.orderView(db, placed.order, lang);
        const wallet = {
          amount: toMajor(placed.walletBalanceMinor, placed.decimals),
          currency: placed.order.currency,
        };
        if (placed.replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send({ ...body, wallet_balance: wallet });
      },
    );

    app.get(
      "/orders",
      {
        schema: {
          tags,
          operationId: "listOrders",
          summary: "The driver's orders, newest first",
          querystring: OrderListQuerySchema,
          response: { 200: OrderPageSchema, ...errors },
        },
      },
      async (req) => orders.listOwnOrders(db, requireUser(req).id, req.query),
    );

    app.get(
      "/orders/:orderCode",
      {
        schema: {
          tags,
          operationId: "getOrder",
          summary: "One of the driver's orders with its lines and timeline",
          params: OrderCodeParamsSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (req) => {
        const order = await orders.getOwnOrder(db, requireUser(req).id, req.params.orderCode);
        return orders.orderView(db, order, language(req));
      },
    );

    app.post(
      "/orders/:orderCode/cancel",
      {
        schema: {
          tags,
          operationId: "cancelOrder",
          summary: "Cancel a placed order; it is refunded in full to its payer (the wallet or the company)",
          params: OrderCodeParamsSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const order = await moveOrder(deps, {
          orderCode: req.params.orderCode,
          to: "canceled",
          actor: { role: "driver", userId: user.id },
        });
        return orders.orderView(db, order, language(req));
      },
    );

    app.get(
      "/addresses",
      {
        schema: {
          tags,
          operationId: "listAddresses",
          summary: "The driver's saved delivery addresses",
          response: { 200: z.array(AddressSchema), ...errors },
        },
      },
      async (req) => addresses.listAddresses(db, requireUser(req).id),
    );

    app.post(
      "/addresses",
      {
        schema: {
          tags,
          operationId: "createAddress",
          summary: "Save a delivery address (in the driver's country)",
          body: AddressBodySchema,
          response: { 201: AddressSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await addresses.createAddress(db, requireUser(req).id, req.body)),
    );

    app.patch(
      "/addresses/:id",
      {
        schema: {
          tags,
          operationId: "updateAddress",
          summary: "Change a saved address",
          params: AddressParamsSchema,
          body: AddressBodySchema.partial(),
          response: { 200: AddressSchema, ...errors },
        },
      },
      async (req) => addresses.updateAddress(db, requireUser(req).id, req.params.id, req.body),
    );

    app.delete(
      "/addresses/:id",
      {
        schema: {
          tags,
          operationId: "deleteAddress",
          summary: "Delete a saved address",
          params: AddressParamsSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => {
        await addresses.deleteAddress(db, requireUser(req).id, req.params.id);
        return { message: ADDRESS_DELETED_MESSAGE };
      },
    );
  };
}
