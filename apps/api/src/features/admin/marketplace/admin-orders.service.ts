/**
 * The back office's orders (docs/PRODUCT-RULES.md#marketplace): the list with its stage filter
 * and counts per stage, an order's whole detail (lines, amounts, customer, where and when, the
 * timeline, the courier, the stages the staff may move it to), the move itself through
 * `moveOrder` (the one place the transition table is enforced), the courier's assignment and the
 * printable receipt. A courier (delivery_boy) sees only the orders assigned to them and moves
 * them from being prepared to out for delivery, then to delivered.
 */
import {
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
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { moveOrder, orderNotFound, type OrderRow } from "../../marketplace/order-stages.service";
import type { StaffAccess } from "../access.service";
import type { AuditActor } from "../audit.repo";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import { audit } from "./market-admin.service";
import {
  courierRows,
  deliveryIdsPage,
  deliveryRows,
  isActiveCourier,
  orderByCode,
  orderById,
  orderDetailRows,
  orderListRows,
  setCourier,
} from "./admin-orders.repo";
import { ENDED, presentAdminOrder, presentDelivery, presentListRow } from "./admin-orders.present";
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

// ---------------------------------------------------------------------------------------------
// The list

export async function listOrders(db: Db, q: AdminOrderListQuery): Promise<AdminOrderList> {
  const { counts, rows } = await orderListRows(db, {
    country: q.country,
    from: q.from,
    to: q.to,
    search: q.search,
    stage: q.stage,
    size: q.size,
    offset: offsetOf(q),
  });
  const stages = Object.fromEntries(ORDER_STAGES.map((s) => [s, 0])) as Record<OrderStage, number>;
  for (const c of counts) stages[c.stage] = Number(c.n);
  const total = q.stage ? stages[q.stage] : Object.values(stages).reduce((a, b) => a + b, 0);
  const served = servedCountries(db);
  const countries = await Promise.all(rows.map((r) => served.facts({ code: r.country_code })));
  return {
    ...listPage(
      rows.map((r, i) => presentListRow(r, countries[i]!.decimals)),
      total,
      q,
    ),
    stages,
  };
}

// ---------------------------------------------------------------------------------------------
// The detail

async function findOrder(tx: Tx, code: string): Promise<OrderRow> {
  const row = await orderByCode(tx, code);
  if (!row) throw orderNotFound();
  return row;
}

/** An order's whole detail, as the back office reads it. */
export async function orderView(served: ServedCountries, tx: Tx, order: OrderRow): Promise<AdminOrder> {
  const country = (await served.facts({ id: order.countryId }, tx))!;
  return presentAdminOrder(order, country, await orderDetailRows(tx, order));
}

export async function getOrder(db: Db, code: string): Promise<AdminOrder> {
  return orderView(servedCountries(db), db, await findOrder(db, code));
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
    const seen = await orderByCode(tx, code, true);
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
  return orderView(servedCountries(deps.db), deps.db, moved);
}

export async function assignCourier(
  db: Db,
  actor: AuditActor,
  code: string,
  courierId: string,
  now: Date,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const order = await orderByCode(tx, code, true);
    if (!order) throw orderNotFound();
    if (order.orderType !== "delivery") {
      throw new AppError(409, "not_delivery", COURIER_NOT_DELIVERY_MESSAGE);
    }
    if (ENDED.has(order.stage)) throw new AppError(409, "order_closed", COURIER_TOO_LATE_MESSAGE);
    if (!(await isActiveCourier(tx, courierId)))
      throw AppError.validation({ courier_id: CHOOSE_COURIER_MESSAGE });
    const updated = await setCourier(tx, order.id, courierId, now);
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
    return orderView(servedCountries(db), tx, updated);
  });
}

/** The couriers the assignment offers: users with the delivery_boy role, with their open orders. */
export async function listCouriers(db: Db): Promise<AdminCourierList> {
  const rows = await courierRows(db);
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

async function deliveryView(served: ServedCountries, tx: Tx, order: OrderRow): Promise<AdminDelivery> {
  const country = (await served.facts({ id: order.countryId }, tx))!;
  return presentDelivery(order, country, await deliveryRows(tx, order));
}

/** The orders assigned to the signed-in courier: the ones still to deliver first, by slot. */
export async function myDeliveries(
  db: Db,
  access: StaffAccess,
  q: { page: number; size: number },
): Promise<AdminDeliveryList> {
  const { total, ids } = await deliveryIdsPage(db, access.userId, q.size, offsetOf(q));
  const items: AdminDelivery[] = [];
  for (const id of ids) items.push(await deliveryView(servedCountries(db), db, (await orderById(db, id))!));
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
  return deliveryView(servedCountries(deps.db), deps.db, moved);
}
