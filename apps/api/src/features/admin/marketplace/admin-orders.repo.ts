/**
 * The queries of the back office's orders: the filtered list with its counts per stage, an order
 * by code (locked for a move), the rows its detail and a courier's delivery show, the couriers.
 * Queries only; admin-orders.service.ts holds the use cases.
 */
import type { OrderStage } from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { orderLines, orders } from "../../../db/schema/index";
import { likePattern } from "../../../lib/like";

type OrderRow = typeof orders.$inferSelect;

const dayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE k.timezone)`;
const dayEnd = (date: string) => sql`(((${date}::date + 1))::timestamp AT TIME ZONE k.timezone)`;

export interface OrderListFilter {
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  stage?: OrderStage | undefined;
  size: number;
  offset: number;
}

export interface OrderListRow {
  order_code: string;
  stage: OrderStage;
  order_type: "delivery" | "takeaway";
  source: "web" | "app";
  country_code: string;
  currency: string;
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
}

/** The counts per stage of the orders the filter matches (stage aside), and the page of those of its stage. */
export async function orderListRows(db: Db, q: OrderListFilter) {
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
  const where = sql`${base} AND ${q.stage ? sql`o.stage = ${q.stage}` : sql`true`}`;
  const rows = await queryRows<OrderListRow>(
    db,
    sql`SELECT o.order_code, o.stage, o.order_type, o.source, k.code AS country_code, o.currency,
        u.id AS user_id, u.first_name, u.last_name, u.email,
        (SELECT COALESCE(sum(l.quantity), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS items,
        o.total_minor, o.refunded_minor, o.courier_id,
        (SELECT c.first_name || ' ' || c.last_name FROM users c WHERE c.id = o.courier_id) AS courier_name,
        o.created_at
      ${from} WHERE ${where}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.size} OFFSET ${q.offset}`,
  );
  return { counts, rows };
}

/** An order by code; with `lock`, its row is held until the transaction commits. */
export async function orderByCode(tx: Tx, code: string, lock = false): Promise<OrderRow | undefined> {
  const query = tx.select().from(orders).where(eq(orders.orderCode, code.toUpperCase()));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function orderById(db: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
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

function linesOf(tx: Tx, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
}

/** Everything an order's detail shows beside its row and country. */
export async function orderDetailRows(tx: Tx, order: OrderRow) {
  const lines = await linesOf(tx, order.id);
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
  const depot = await depotOf(tx, order);
  const courier = await courierOf(tx, order);
  return { lines, customer: customer!, park, booking, timeline, depot, courier };
}

export type AdminOrderDetailRows = Awaited<ReturnType<typeof orderDetailRows>>;

/** What a courier's delivery shows beside its row and country. */
export async function deliveryRows(tx: Tx, order: OrderRow) {
  const lines = await linesOf(tx, order.id);
  const [customer] = await queryRows<{ first_name: string; last_name: string }>(
    tx,
    sql`SELECT first_name, last_name FROM users WHERE id = ${order.userId}`,
  );
  const depot = await depotOf(tx, order);
  return { lines, customer, depot };
}

export type DeliveryRows = Awaited<ReturnType<typeof deliveryRows>>;

/** Whether a user is an enabled courier (delivery_boy). */
export async function isActiveCourier(tx: Tx, userId: string): Promise<boolean> {
  const [courier] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE id = ${userId} AND role = 'delivery_boy' AND disabled_at IS NULL`,
  );
  return courier !== undefined;
}

export async function setCourier(tx: Tx, orderId: string, courierId: string, now: Date): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ courierId, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return updated!;
}

/** The enabled couriers with their count of open orders, by name. */
export function courierRows(db: Db) {
  return queryRows<{
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
}

/** The count of a courier's orders and the ids of one page: the ones still to deliver first, by slot. */
export async function deliveryIdsPage(db: Db, courierId: string, size: number, offset: number) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders WHERE courier_id = ${courierId}`,
  );
  const ids = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM orders WHERE courier_id = ${courierId}
      ORDER BY (stage IN ('delivered', 'completed', 'canceled', 'rejected', 'returned')),
        CASE WHEN stage IN ('delivered', 'completed', 'canceled', 'rejected', 'returned') THEN NULL
          ELSE slot_start END NULLS LAST,
        updated_at DESC, id
      LIMIT ${size} OFFSET ${offset}`,
  );
  return { total: Number(count?.n ?? 0), ids: ids.map((r) => r.id) };
}
