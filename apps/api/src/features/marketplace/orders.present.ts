/**
 * A marketplace order as its driver reads it (OrderSchema, OrderSummarySchema), in the request's
 * language and major units. Pure: the rows are read by orders.repo.ts.
 */
import { nextStages, wallClockMs, type Order, type OrderStage, type OrderSummary } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { toMajor } from "../../lib/money";
import type { OrderDetailRows, OrderLineRow, OrderRow } from "./orders.repo";

export const nameIn = (name: { en: string; fr: string }, language: Language) => name[language] || name.en;

const money = (minor: number, currency: string, decimals: number) => ({
  amount: toMajor(minor, decimals),
  currency,
});

const hhmm = (at: Date, timeZone: string) =>
  new Date(wallClockMs(at.getTime(), timeZone)).toISOString().slice(11, 16);

function presentLine(l: OrderLineRow, currency: string, decimals: number, language: Language) {
  const lineTotal = (l.unitPriceMinor - l.unitOfferMinor) * l.quantity - l.couponShareMinor + l.taxShareMinor;
  return {
    item_id: l.itemId,
    kind: l.kind,
    name: nameIn(l.name, language),
    variation_name: l.variationName ? nameIn(l.variationName, language) : null,
    addons: l.addons.map((a) => ({
      id: a.id,
      name: nameIn(a.name, language),
      price: money(a.price_minor, currency, decimals),
    })),
    quantity: l.quantity,
    returned_quantity: l.returnedQuantity,
    unit_price: money(l.unitPriceMinor, currency, decimals),
    unit_offer: money(l.unitOfferMinor, currency, decimals),
    line_total: money(lineTotal, currency, decimals),
  };
}

export function summary(o: OrderRow, items: number, decimals: number, timeZone: string): OrderSummary {
  return {
    order_code: o.orderCode,
    stage: o.stage,
    payment_status: o.paymentStatus,
    order_type: o.orderType,
    source: o.source,
    items,
    total: money(o.totalMinor, o.currency, decimals),
    refunded: money(o.refundedMinor, o.currency, decimals),
    created_at: o.createdAt.toISOString(),
    time_zone: timeZone,
  };
}

export const COURIER_SHOWN: readonly OrderStage[] = [
  "out_for_delivery",
  "delivered",
  "completed",
  "returned",
];

/** An order as its driver (or the back office) reads it: lines, amounts, place, slot, timeline. */
export function presentOrder(
  o: OrderRow,
  country: { decimals: number; timeZone: string } | undefined,
  rows: OrderDetailRows,
  language: Language,
): Order {
  const { lines, timeline, park, booking, courier, payer } = rows;
  const decimals = country?.decimals ?? 2;
  const zone = country?.timeZone ?? "UTC";
  const m = (minor: number) => money(minor, o.currency, decimals);
  return {
    ...summary(
      o,
      lines.reduce((s, l) => s + l.quantity, 0),
      decimals,
      zone,
    ),
    lines: lines.map((l) => presentLine(l, o.currency, decimals, language)),
    subtotal: m(o.subtotalMinor),
    offer_discount: m(o.offerDiscountMinor),
    coupon_code: o.couponCode,
    coupon_discount: m(o.couponDiscountMinor),
    delivery_charge: m(o.deliveryMinor),
    tax: m(o.taxMinor),
    tax_name: o.taxName,
    address: o.address
      ? {
          label: o.address.label as "home" | "work" | "other",
          address: o.address.address,
          city: o.address.city,
          phone: o.address.phone,
        }
      : null,
    park: park ?? null,
    booking_code: booking?.code ?? null,
    time_slot:
      o.slotDate && o.slotStart && o.slotEnd
        ? { date: o.slotDate, start_time: hhmm(o.slotStart, zone), end_time: hhmm(o.slotEnd, zone) }
        : null,
    timeline: timeline.map((t) => ({ stage: t.stage, at: t.at.toISOString() })),
    courier: courier?.firstName ?? null,
    can_cancel: nextStages(o.stage, o.orderType, "driver").includes("canceled"),
    paid_by_company: payer,
  };
}
