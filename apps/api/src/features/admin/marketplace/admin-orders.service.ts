/**
 * The back office's orders (docs/PRODUCT-RULES.md#marketplace): the list with its stage filter
 * and counts per stage, an order's whole detail (lines, amounts, customer, where and when, the
 * timeline, the courier, the stages the staff may move it to), the move itself through
 * `moveOrder` (the one place the transition table is enforced), the courier's assignment and the
 * printable receipt. A courier (delivery_boy) sees only the orders assigned to them and moves
 * them from being prepared to out for delivery, then to delivered.
 */
import {
  FINAL_ORDER_STAGES,
  nextStages,
  ORDER_STAGES,
  type AdminCourierList,
  type AdminDelivery,
  type AdminDeliveryList,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderListQuery,
  type AdminOrderReceipt,
  type AdminOrderStageBody,
  type OrderStage,
} from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { orderLines, orders, type Localised } from "../../../db/schema/index";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { moveOrder, orderNotFound, type OrderRow } from "../../marketplace/order-stages.service";
import type { StaffAccess } from "../access.service";
import type { AuditActor } from "../audit.repo";
import { audit, findCountry, iso, localOf, money, type MarketCountry } from "./market-admin.shared";
import { likePattern } from "../../../lib/like";
import { listPage, offsetOf } from "../../../lib/pagination";

export interface AdminOrderDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  /** The site's address, printed on the receipt. */
  publicUrl: string;
  /** The sender of the shop's e-mails ("Parkwell <no-reply@…>"), printed on the receipt. */
  mailFrom: string;
}

export const CHOOSE_COURIER_MESSAGE = "Choose a courier";
export const COURIER_NOT_DELIVERY_MESSAGE = "Only a delivery order gets a courier";
export const COURIER_TOO_LATE_MESSAGE = "This order is already delivered or closed";

const ENDED = new Set<OrderStage>(["delivered", ...FINAL_ORDER_STAGES]);

const dayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE k.timezone)`;
const dayEnd = (date: string) => sql`(((${date}::date + 1))::timestamp AT TIME ZONE k.timezone)`;

// ---------------------------------------------------------------------------------------------
// The list

export async function listOrders(db: Db, q: AdminOrderListQuery): Promise<AdminOrderList> {
  const base = sql`${q.country ? sql`k.code = ${q.country}` : sql`true`}
    AND ${q.from ? sql`o.created_at >= ${dayStart(q.from)}` : sql`true`}
    AND ${q.to ? sql`o.created_at < ${dayEnd(q.to)}` : sql`true`}
    AND ${
      q.search
        ? sql`(o.order_code ILIKE ${likePattern(q.search)} OR u.email ILIKE ${likePattern(q.search)}
            OR (u.first_name || ' ' || u.last_name) ILIKE ${likePattern(q.search)}
            OR COALESCE(u.phone, '') ILIKE ${likePattern(q.search)})`
        : sql`true`
    }`;
  const from = sql`FROM orders o JOIN countries k ON k.id = o.country_id JOIN users u ON u.id = o.user_id`;
  const counts = await queryRows<{ stage: OrderStage; n: number }>(
    db,
    sql`SELECT o.stage, count(*)::int AS n ${from} WHERE ${base} GROUP BY o.stage`,
  );
  const stages = Object.fromEntries(ORDER_STAGES.map((s) => [s, 0])) as Record<OrderStage, number>;
  for (const c of counts) stages[c.stage] = Number(c.n);
  const where = sql`${base} AND ${q.stage ? sql`o.stage = ${q.stage}` : sql`true`}`;
  const total = q.stage ? stages[q.stage] : Object.values(stages).reduce((a, b) => a + b, 0);
  const rows = await queryRows<{
    order_code: string;
    stage: OrderStage;
    order_type: "delivery" | "takeaway";
    source: "web" | "app";
    country_code: string;
    currency: string;
    decimals: number;
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    items: number;
    total_minor: string;
    refunded_minor: string;
    courier_id: string | null;
    courier_name: string | null;
    created_at: string;
  }>(
    db,
    sql`SELECT o.order_code, o.stage, o.order_type, o.source, k.code AS country_code, o.currency,
        k.currency_decimals AS decimals, u.id AS user_id, u.first_name, u.last_name, u.email,
        (SELECT COALESCE(sum(l.quantity), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS items,
        o.total_minor, o.refunded_minor, o.courier_id,
        (SELECT c.first_name || ' ' || c.last_name FROM users c WHERE c.id = o.courier_id) AS courier_name,
        o.created_at
      ${from} WHERE ${where}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  return {
    ...listPage(
      rows.map((r) => {
        const c = { currency: r.currency, decimals: Number(r.decimals) };
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
      }),
      total,
      q,
    ),
    stages,
  };
}

// ---------------------------------------------------------------------------------------------
// The detail

async function findOrder(tx: Tx, code: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderCode, code.toUpperCase()));
  if (!row) throw orderNotFound();
  return row;
}

const hhmm = (t: Date | string, zone: string) => localOf(t, zone).slice(11, 16);

function slotOf(order: OrderRow, country: MarketCountry) {
  if (!order.slotDate || !order.slotStart || !order.slotEnd) return null;
  return {
    date: String(order.slotDate),
    start_time: hhmm(order.slotStart, country.timeZone),
    end_time: hhmm(order.slotEnd, country.timeZone),
  };
}

async function depotOf(tx: Tx, order: OrderRow) {
  if (order.depotId === null) return null;
  const [d] = await queryRows<{ id: number; name: string; city: string }>(
    tx,
    sql`SELECT id, name, city FROM market_depots WHERE id = ${order.depotId}`,
  );
  return d ? { id: Number(d.id), name: d.name, city: d.city } : null;
}

async function courierOf(tx: Tx, order: OrderRow) {
  if (order.courierId === null) return null;
  const [c] = await queryRows<{ id: string; first_name: string; last_name: string }>(
    tx,
    sql`SELECT id, first_name, last_name FROM users WHERE id = ${order.courierId}`,
  );
  return c ? { id: c.id, name: `${c.first_name} ${c.last_name}`.trim() } : null;
}

export async function presentOrder(tx: Tx, order: OrderRow): Promise<AdminOrder> {
  const country = (await findCountry(tx, { id: order.countryId }))!;
  const c = { currency: order.currency, decimals: country.decimals };
  const m = (minor: number) => money(minor, c);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const [customer] = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
  }>(tx, sql`SELECT id, first_name, last_name, email, phone FROM users WHERE id = ${order.userId}`);
  const park =
    order.parkId === null
      ? null
      : ((
          await queryRows<{ id: number; name: string; address: string; city: string }>(
            tx,
            sql`SELECT id, name, address, city FROM parks WHERE id = ${order.parkId}`,
          )
        )[0] ?? null);
  const booking =
    order.bookingId === null
      ? null
      : ((
          await queryRows<{ booking_code: string }>(
            tx,
            sql`SELECT booking_code FROM bookings WHERE id = ${order.bookingId}`,
          )
        )[0] ?? null);
  const timeline = await queryRows<{
    stage: OrderStage;
    at: string;
    note: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    tx,
    sql`SELECT e.stage, e.at, e.note, u.first_name, u.last_name
      FROM order_stage_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.order_id = ${order.id} ORDER BY e.at, e.id`,
  );
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
      id: customer!.id,
      first_name: customer!.first_name,
      last_name: customer!.last_name,
      email: customer!.email,
      phone: customer!.phone,
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
    depot: await depotOf(tx, order),
    park: park ? { id: Number(park.id), name: park.name, address: park.address, city: park.city } : null,
    booking_code: booking?.booking_code ?? null,
    time_slot: slotOf(order, country),
    timeline: timeline.map((e) => ({
      stage: e.stage,
      at: iso(e.at),
      actor: e.first_name === null ? null : `${e.first_name} ${e.last_name ?? ""}`.trim(),
      note: e.note,
    })),
    courier: await courierOf(tx, order),
    next_stages: nextStages(order.stage, order.orderType, "staff"),
    can_assign_courier: order.orderType === "delivery" && !ENDED.has(order.stage),
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
  };
}

export async function getOrder(db: Db, code: string): Promise<AdminOrder> {
  return presentOrder(db, await findOrder(db, code));
}

export async function receipt(deps: AdminOrderDeps, code: string): Promise<AdminOrderReceipt> {
  const order = await getOrder(deps.db, code);
  const from = /^(.*?)\s*<([^>]+)>$/.exec(deps.mailFrom);
  return {
    seller: {
      name: from?.[1]?.replace(/^"|"$/g, "") || "Parkwell",
      email: from?.[2] ?? deps.mailFrom,
      website: deps.publicUrl,
    },
    order,
    printed_at: deps.clock().toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Moves

/**
 * Runs `moveOrder` inside a transaction of ours (its own becomes a savepoint) with the order row
 * locked first, so the audit entry is written with the move, and its "before" is the stage the
 * move started from.
 */
async function movedWithAudit(
  deps: AdminOrderDeps,
  actor: AuditActor,
  code: string,
  move: (deps: AdminOrderDeps) => Promise<OrderRow>,
  entry: (
    before: OrderRow,
    after: OrderRow,
  ) => { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const [seen] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderCode, code.toUpperCase()))
      .for("update");
    if (!seen) throw orderNotFound();
    const moved = await move({ ...deps, db: tx as unknown as Db });
    const { before, after } = entry(seen, moved);
    await audit(tx, actor, "order.stage", "order", moved.orderCode, before, after);
    return moved;
  });
}

/** Moves an order as the back office's staff, with its audit entry in the same transaction. */
export async function moveStage(
  deps: AdminOrderDeps,
  actor: AuditActor,
  code: string,
  body: AdminOrderStageBody,
): Promise<AdminOrder> {
  const moved = await movedWithAudit(
    deps,
    actor,
    code,
    (inTx) =>
      moveOrder(inTx, {
        orderCode: code,
        to: body.to,
        actor: { role: "staff", userId: actor.userId },
        ...(body.returns ? { returns: body.returns } : {}),
        ...(body.note ? { note: body.note } : {}),
      }),
    (seen, after) => ({
      before: { stage: seen.stage, refunded_minor: seen.refundedMinor },
      after: {
        stage: after.stage,
        refunded_minor: after.refundedMinor,
        ...(body.returns ? { returns: body.returns } : {}),
        ...(body.note ? { note: body.note } : {}),
      },
    }),
  );
  return presentOrder(deps.db, moved);
}

export async function assignCourier(
  db: Db,
  actor: AuditActor,
  code: string,
  courierId: string,
  now: Date,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderCode, code.toUpperCase()))
      .for("update");
    if (!order) throw orderNotFound();
    if (order.orderType !== "delivery") {
      throw new AppError(409, "not_delivery", COURIER_NOT_DELIVERY_MESSAGE);
    }
    if (ENDED.has(order.stage)) throw new AppError(409, "order_closed", COURIER_TOO_LATE_MESSAGE);
    const [courier] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM users WHERE id = ${courierId} AND role = 'delivery_boy' AND disabled_at IS NULL`,
    );
    if (!courier) throw AppError.validation({ courier_id: CHOOSE_COURIER_MESSAGE });
    const [updated] = await tx
      .update(orders)
      .set({ courierId, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await audit(
      tx,
      actor,
      "order.courier",
      "order",
      order.orderCode,
      { courier_id: order.courierId },
      {
        courier_id: courierId,
      },
    );
    return presentOrder(tx, updated!);
  });
}

/** The couriers the assignment offers: users with the delivery_boy role, with their open orders. */
export async function listCouriers(db: Db): Promise<AdminCourierList> {
  const rows = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    active_orders: number;
  }>(
    db,
    sql`SELECT u.id, u.first_name, u.last_name, u.email,
        (SELECT count(*)::int FROM orders o WHERE o.courier_id = u.id
          AND o.stage NOT IN ('delivered', 'completed', 'canceled', 'rejected', 'returned')) AS active_orders
      FROM users u WHERE u.role = 'delivery_boy' AND u.disabled_at IS NULL
      ORDER BY u.first_name, u.last_name, u.id LIMIT 1000`,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      active_orders: Number(r.active_orders),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// A courier's deliveries

async function presentDelivery(tx: Tx, order: OrderRow): Promise<AdminDelivery> {
  const country = (await findCountry(tx, { id: order.countryId }))!;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const [customer] = await queryRows<{ first_name: string; last_name: string }>(
    tx,
    sql`SELECT first_name, last_name FROM users WHERE id = ${order.userId}`,
  );
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
    depot: await depotOf(tx, order),
    time_slot: slotOf(order, country),
    next_stages: nextStages(order.stage, order.orderType, "courier"),
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
  };
}

/** The orders assigned to the signed-in courier: the ones still to deliver first, by slot. */
export async function myDeliveries(
  db: Db,
  access: StaffAccess,
  q: { page: number; size: number },
): Promise<AdminDeliveryList> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders WHERE courier_id = ${access.userId}`,
  );
  const ids = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM orders WHERE courier_id = ${access.userId}
      ORDER BY (stage IN ('delivered', 'completed', 'canceled', 'rejected', 'returned')),
        CASE WHEN stage IN ('delivered', 'completed', 'canceled', 'rejected', 'returned') THEN NULL
          ELSE slot_start END NULLS LAST,
        updated_at DESC, id
      LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  const items: AdminDelivery[] = [];
  for (const { id } of ids) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    items.push(await presentDelivery(db, row!));
  }
  const total = Number(count?.n ?? 0);
  return listPage(items, total, q);
}

/** A courier's move of their own order (another's is a 404, as one that does not exist). */
export async function courierMove(
  deps: AdminOrderDeps,
  actor: AuditActor,
  code: string,
  to: "out_for_delivery" | "delivered",
): Promise<AdminDelivery> {
  const moved = await movedWithAudit(
    deps,
    actor,
    code,
    (inTx) => moveOrder(inTx, { orderCode: code, to, actor: { role: "courier", userId: actor.userId } }),
    (seen, after) => ({ before: { stage: seen.stage }, after: { stage: after.stage, by: "courier" } }),
  );
  return presentDelivery(deps.db, moved);
}
