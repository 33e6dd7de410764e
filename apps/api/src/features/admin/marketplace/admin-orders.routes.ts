import { Readable } from "node:stream";
import {
  AdminCourierListSchema,
  AdminDeliveryListQuerySchema,
  AdminDeliveryListSchema,
  AdminDeliverySchema,
  AdminOrderCodeParamsSchema,
  AdminOrderCourierBodySchema,
  AdminOrderListQuerySchema,
  AdminOrderListSchema,
  AdminOrderReceiptSchema,
  AdminOrderSchema,
  AdminOrderStageBodySchema,
  ErrorSchema,
  MarketItemsReportQuerySchema,
  MarketItemsReportSchema,
  MarketSalesReportQuerySchema,
  MarketSalesReportSchema,
} from "@parkwell/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as orders from "./admin-orders.service";
import type { AdminOrderDeps } from "./admin-orders.service";
import * as reports from "./market-reports.service";

function sendCsv(reply: FastifyReply, csv: { filename: string; chunks: AsyncGenerator<string> }) {
  // Readable.from pulls the next batch only when the socket has taken the last one.
  const body = Readable.from(csv.chunks, { objectMode: false, highWaterMark: 64 * 1024 });
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${csv.filename}"`)
    .send(body);
}

/**
 * The back office's marketplace orders (section `orders`): the list, an order, its moves along
 * the stage table, its courier and receipt, and the Sales and Items reports; and a courier's own
 * deliveries (section `deliveries`).
 */
export function adminOrdersRoutes(deps: AdminOrderDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: orders"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/orders",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "listAdminOrders",
          summary:
            "Marketplace orders, newest first, with stage, country, date and search filters and counts per stage",
          querystring: AdminOrderListQuerySchema,
          response: { 200: AdminOrderListSchema, ...err },
        },
      },
      async (req) => orders.listOrders(db, req.query),
    );

    app.get(
      "/admin/orders/couriers",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "listAdminCouriers",
          summary: "The couriers (delivery_boy users) an order may be assigned to, with their open orders",
          response: { 200: AdminCourierListSchema, ...err },
        },
      },
      async () => orders.listCouriers(db),
    );

    const reportDescription =
      "A page of the report (`{items, total, page, size, pages, from, to, totals}`), or with `format=csv` the whole filtered range as a CSV file.";
    app.get(
      "/admin/orders/reports/sales",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "adminMarketSalesReport",
          summary:
            "Sales Report: orders per day or per order, with subtotal, discounts, delivery, tax, refunds, net",
          description: reportDescription,
          querystring: MarketSalesReportQuerySchema,
          response: { 200: MarketSalesReportSchema, ...err },
        },
      },
      async (req, reply) => {
        if (req.query.format !== "csv") return reports.salesReport({ db, clock }, req.query);
        return sendCsv(reply, await reports.salesCsv({ db, clock }, req.query));
      },
    );
    app.get(
      "/admin/orders/reports/items",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "adminMarketItemsReport",
          summary: "Items Report: units sold and returned and revenue per item and variation",
          description: reportDescription,
          querystring: MarketItemsReportQuerySchema,
          response: { 200: MarketItemsReportSchema, ...err },
        },
      },
      async (req, reply) => {
        if (req.query.format !== "csv") return reports.itemsReport({ db, clock }, req.query);
        return sendCsv(reply, await reports.itemsCsv({ db, clock }, req.query));
      },
    );

    app.get(
      "/admin/orders/:orderCode",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "getAdminOrder",
          summary:
            "An order: lines, amounts, customer, address or park and slot, timeline, courier, next stages",
          params: AdminOrderCodeParamsSchema,
          response: { 200: AdminOrderSchema, ...err },
        },
      },
      async (req) => orders.getOrder(db, req.params.orderCode),
    );

    app.get(
      "/admin/orders/:orderCode/receipt",
      {
        onRequest: admin.permit("orders.view"),
        schema: {
          tags,
          operationId: "getAdminOrderReceipt",
          summary: "What the printable receipt shows: the order and the seller",
          params: AdminOrderCodeParamsSchema,
          response: { 200: AdminOrderReceiptSchema, ...err },
        },
      },
      async (req) => orders.receipt(deps, req.params.orderCode),
    );

    app.post(
      "/admin/orders/:orderCode/stage",
      {
        onRequest: admin.permit("orders.update"),
        schema: {
          tags,
          operationId: "moveAdminOrder",
          summary: "Move an order to a stage the table allows (409 otherwise); a return names its lines",
          params: AdminOrderCodeParamsSchema,
          body: AdminOrderStageBodySchema,
          response: { 200: AdminOrderSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => orders.moveStage(deps, auditActor(req), req.params.orderCode, req.body),
    );

    app.post(
      "/admin/orders/:orderCode/courier",
      {
        onRequest: admin.permit("orders.update"),
        schema: {
          tags,
          operationId: "assignAdminOrderCourier",
          summary: "Give a delivery order not yet delivered to a courier",
          params: AdminOrderCodeParamsSchema,
          body: AdminOrderCourierBodySchema,
          response: { 200: AdminOrderSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) =>
        orders.assignCourier(db, auditActor(req), req.params.orderCode, req.body.courier_id, clock()),
    );

    app.get(
      "/admin/deliveries",
      {
        onRequest: admin.permit("deliveries.view"),
        schema: {
          tags,
          operationId: "listMyDeliveries",
          summary: "The orders assigned to me as a courier, those still to deliver first",
          querystring: AdminDeliveryListQuerySchema,
          response: { 200: AdminDeliveryListSchema, ...err },
        },
      },
      async (req) => orders.myDeliveries(db, requireStaff(req), req.query),
    );

    app.post(
      "/admin/deliveries/:orderCode/picked-up",
      {
        onRequest: admin.permit("deliveries.update"),
        schema: {
          tags,
          operationId: "markDeliveryPickedUp",
          summary: "I picked my order up: it is out for delivery",
          params: AdminOrderCodeParamsSchema,
          response: { 200: AdminDeliverySchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => orders.courierMove(deps, auditActor(req), req.params.orderCode, "out_for_delivery"),
    );

    app.post(
      "/admin/deliveries/:orderCode/delivered",
      {
        onRequest: admin.permit("deliveries.update"),
        schema: {
          tags,
          operationId: "markDeliveryDelivered",
          summary: "I handed my order over: it is delivered",
          params: AdminOrderCodeParamsSchema,
          response: { 200: AdminDeliverySchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => orders.courierMove(deps, auditActor(req), req.params.orderCode, "delivered"),
    );
  };
}
