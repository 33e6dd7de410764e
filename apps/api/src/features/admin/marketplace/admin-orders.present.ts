/**
 * The back office's orders as the contract answers them (AdminOrder, AdminDelivery, the list's
 * rows), in major units and the country's clock. Pure: the rows are read by admin-orders.repo.ts.
 */
import {
  FINAL_ORDER_STAGES,
  nextStages,
  type AdminDelivery,
  type AdminOrder,
  type AdminOrderList,
  type OrderStage,
} from "@parkwell/contract";
import type { Localised } from "../../../db/schema/index";
import type { OrderRow } from "../../marketplace/order-stages.service";
import type { AdminOrderDetailRows, DeliveryRows, OrderListRow } from "./admin-orders.repo";
import { iso, localOf, money, type MarketCountry } from "./market-admin.domain";

/** The stages after which an order takes no courier. */
export const ENDED = new Set<OrderStage>(["delivered", ...FINAL_ORDER_STAGES]);

const hhmm = (t: Date | string, zone: string) => localOf(t, zone).slice(11, 16);

function slotOf(order: OrderRow, country: MarketCountry) {
  if (!order.slotDate || !order.slotStart || !order.slotEnd) return null;
  return {
    date: String(order.slotDate),
    start_time: hhmm(order.slotStart, country.timeZone),
    end_time: hhmm(order.slotEnd, country.timeZone),
  };
}

/** A row of the orders list; `decimals`: its country's currency decimals. */
export function presentListRow(r: OrderListRow, decimals: number): AdminOrderList["items"][number] {
  const c = { currency: r.currency, decimals };
  return {
    order_code: r.order_code,
    stage: r.stage,
    order_type: r.order_type,
    source: r.source,
    country_code: r.country_code,
    customer: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    items: Number(r.items),
    total: money(Number(r.total_minor), c),
    refunded: money(Number(r.refunded_minor), c),
    courier: r.courier_id ? { id: r.courier_id, name: r.courier_name ?? "" } : null,
    created_at: iso(r.created_at),
  };
}

/** An order's whole detail, with the stages the staff may move it to. */
export function presentAdminOrder(
  order: OrderRow,
  country: MarketCountry,
  { lines, customer, park, booking, timeline, depot, courier }: AdminOrderDetailRows,
): AdminOrder {
  const c = { currency: order.currency, decimals: country.decimals };
  const m = (minor: number) => money(minor, c);
  return {
    order_code: order.orderCode,
    stage: order.stage,
    payment_status: order.paymentStatus,
    order_type: order.orderType,
    source: order.source,
    country_code: country.code,
    currency: order.currency,
    time_zone: country.timeZone,
    customer: {
      id: customer.id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: customer.phone,
    },
    lines: lines.map((l) => {
      const subtotal = l.unitPriceMinor * l.quantity;
      return {
        position: l.position,
        item_id: l.itemId,
        variation_id: l.variationId,
        kind: l.kind,
        name: l.name,
        variation_name: l.variationName,
        addons: l.addons.map((a) => ({ id: a.id, name: a.name, price: m(a.price_minor) })),
        quantity: l.quantity,
        returned_quantity: l.returnedQuantity,
        unit_price: m(l.unitPriceMinor),
        unit_offer: m(l.unitOfferMinor),
        coupon_share: m(l.couponShareMinor),
        tax_share: m(l.taxShareMinor),
        line_total: m(subtotal - l.unitOfferMinor * l.quantity - l.couponShareMinor + l.taxShareMinor),
      };
    }),
    subtotal: m(order.subtotalMinor),
    offer_discount: m(order.offerDiscountMinor),
    coupon_code: order.couponCode,
    coupon_discount: m(order.couponDiscountMinor),
    delivery_charge: m(order.deliveryMinor),
    tax: m(order.taxMinor),
    tax_name: order.taxName,
    total: m(order.totalMinor),
    refunded: m(order.refundedMinor),
    address: order.address,
    depot,
    park: park ? { id: Number(park.id), name: park.name, address: park.address, city: park.city } : null,
    booking_code: booking?.booking_code ?? null,
    time_slot: slotOf(order, country),
    timeline: timeline.map((e) => ({
      stage: e.stage,
      at: iso(e.at),
      actor: e.first_name === null ? null : `${e.first_name} ${e.last_name ?? ""}`.trim(),
      note: e.note,
    })),
    courier,
    next_stages: nextStages(order.stage, order.orderType, "staff"),
    can_assign_courier: order.orderType === "delivery" && !ENDED.has(order.stage),
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
  };
}

/** An order as its courier sees it. */
export function presentDelivery(
  order: OrderRow,
  country: MarketCountry,
  { lines, customer, depot }: DeliveryRows,
): AdminDelivery {
  return {
    order_code: order.orderCode,
    stage: order.stage,
    currency: order.currency,
    total: money(order.totalMinor, { currency: order.currency, decimals: country.decimals }),
    items: lines.reduce((n, l) => n + l.quantity, 0),
    lines: lines.map((l) => ({
      name: l.name as Localised,
      variation_name: l.variationName,
      quantity: l.quantity,
    })),
    customer: { first_name: customer?.first_name ?? "", last_name: customer?.last_name ?? "" },
    address: order.address,
    depot,
    time_slot: slotOf(order, country),
    next_stages: nextStages(order.stage, order.orderType, "courier"),
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
  };
}
