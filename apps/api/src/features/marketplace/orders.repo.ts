/**
 * The queries of marketplace orders: reading them, writing a placed order and its lines, taking
 * and giving back stock and service capacity, and the rows a stage move writes. Queries only; the
 * services (orders.service.ts, order-stages.service.ts) hold the rules and the transaction.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { OrderStage } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import {
  bookings,
  companies,
  companyCharges,
  marketItems,
  marketVariations,
  orderLines,
  orders,
  orderStageEvents,
  parks,
  serviceDays,
  users,
} from "../../db/schema/index";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StockRef = { table: "variation" | "item"; id: number };

/** A user's order of an Idempotency-Key. */
/** An order by id (the purchase engine's replay). */
export async function orderById(db: Tx, id: string): Promise<OrderRow | undefined> {
  const [found] = await db.select().from(orders).where(eq(orders.id, id));
  return found;
}

/** The id of a user's country (the served countries name it). */
export async function userCountryId(db: Tx, userId: string): Promise<number | undefined> {
  const [user] = await db.select({ countryId: users.countryId }).from(users).where(eq(users.id, userId));
  return user?.countryId;
}

/** Takes units off a stock row when it has them (none written otherwise): the rows updated. */
export function takeStockRow(tx: Tx, stock: StockRef, units: number) {
  return stock.table === "variation"
    ? tx
        .update(marketVariations)
        .set({ stock: sql`${marketVariations.stock} - ${units}` })
        .where(and(eq(marketVariations.id, stock.id), sql`${marketVariations.stock} >= ${units}`))
        .returning({ stock: marketVariations.stock })
    : tx
        .update(marketItems)
        .set({ stock: sql`${marketItems.stock} - ${units}` })
        .where(and(eq(marketItems.id, stock.id), sql`${marketItems.stock} >= ${units}`))
        .returning({ stock: marketItems.stock });
}

/** The stock of a row, read without a lock (the unsafe negative control only). */
export async function readStock(tx: Tx, stock: StockRef): Promise<number | null | undefined> {
  const table = stock.table === "variation" ? marketVariations : marketItems;
  const [row] = await tx.select({ stock: table.stock }).from(table).where(eq(table.id, stock.id));
  return row ? row.stock : undefined;
}

/** Writes a stock value as is (the unsafe negative control only). */
export function writeStock(tx: Tx, stock: StockRef, value: number) {
  const table = stock.table === "variation" ? marketVariations : marketItems;
  return tx
    .update(table)
    .set({ stock: value })
    .where(eq(table.id, stock.id))
    .returning({ stock: table.stock });
}

/** Adds jobs to an item's day at a park: the day's count after it. */
export async function addServiceDay(
  tx: Tx,
  itemId: number,
  parkId: number,
  day: string,
  units: number,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(serviceDays)
    .values({ itemId, parkId, day, taken: units })
    .onConflictDoUpdate({
      target: [serviceDays.itemId, serviceDays.parkId, serviceDays.day],
      set: { taken: sql`${serviceDays.taken} + ${units}` },
    })
    .returning({ taken: serviceDays.taken });
  return row?.taken;
}

/** An item's daily capacity (services). */
export async function itemCapacity(tx: Tx, itemId: number): Promise<number | null | undefined> {
  const [item] = await tx
    .select({ capacity: marketItems.dailyCapacity })
    .from(marketItems)
    .where(eq(marketItems.id, itemId));
  return item?.capacity;
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  return order!;
}

export async function insertOrderLines(tx: Tx, values: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await tx.insert(orderLines).values(values);
}

export async function insertStageEvent(tx: Tx, values: typeof orderStageEvents.$inferInsert): Promise<void> {
  await tx.insert(orderStageEvents).values(values);
}

/** Counts units as sold on an item. */
export async function addSold(tx: Tx, itemId: number, units: number): Promise<void> {
  await tx
    .update(marketItems)
    .set({ sold: sql`${marketItems.sold} + ${units}` })
    .where(eq(marketItems.id, itemId));
}

/** Everything an order's page shows beside its row and country: lines, timeline, park, booking, courier. */
export async function orderDetailRows(db: Tx, o: OrderRow, withCourier: boolean) {
  const lines = await orderLinesOf(db, o.id);
  const timeline = await db
    .select({ stage: orderStageEvents.stage, at: orderStageEvents.at })
    .from(orderStageEvents)
    .where(eq(orderStageEvents.orderId, o.id))
    .orderBy(asc(orderStageEvents.at), asc(orderStageEvents.id));
  const [park] = o.parkId
    ? await db
        .select({ id: parks.id, name: parks.name, address: parks.address, city: parks.city })
        .from(parks)
        .where(eq(parks.id, o.parkId))
    : [];
  const [booking] = o.bookingId
    ? await db.select({ code: bookings.bookingCode }).from(bookings).where(eq(bookings.id, o.bookingId))
    : [];
  const [courier] =
    o.courierId && withCourier
      ? await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, o.courierId))
      : [];
  const payer = await payerCompanyName(db, o.id);
  return { lines, timeline, park, booking, courier, payer };
}

export type OrderDetailRows = Awaited<ReturnType<typeof orderDetailRows>>;

/** An order's lines in their order. */
export function orderLinesOf(db: Tx, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** A user's order by code. */
export async function ownOrderByCode(db: Db, userId: string, code: string): Promise<OrderRow | undefined> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderCode, code.toUpperCase()), eq(orders.userId, userId)));
  return o;
}

/** One page of a user's orders, newest first, with the units of each. */
export async function ownOrdersPage(
  db: Db,
  userId: string,
  q: { size: number; offset: number; stage?: OrderStage | undefined },
) {
  const where: SQL = and(eq(orders.userId, userId), q.stage ? eq(orders.stage, q.stage) : undefined)!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.size)
    .offset(q.offset);
  const ids = rows.map((r) => r.order.id);
  const units = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId)
    : [];
  return { total: Number(total), rows, units };
}

/** An order by id or code, its row locked until the transaction commits. */
export async function lockOrder(
  tx: Tx,
  by: { orderId?: string | undefined; orderCode?: string | undefined },
): Promise<OrderRow | undefined> {
  const where = by.orderId ? eq(orders.id, by.orderId) : eq(orders.orderCode, by.orderCode!.toUpperCase());
  const [order] = await tx.select().from(orders).where(where).for("update");
  return order;
}

/** Puts units back on a stock row that keeps stock (none kept: nothing written). */
export async function restockRow(tx: Tx, line: OrderLineRow, units: number): Promise<void> {
  if (line.variationId !== null) {
    await tx
      .update(marketVariations)
      .set({ stock: sql`${marketVariations.stock} + ${units}` })
      .where(and(eq(marketVariations.id, line.variationId), sql`${marketVariations.stock} IS NOT NULL`));
  } else {
    await tx
      .update(marketItems)
      .set({ stock: sql`${marketItems.stock} + ${units}` })
      .where(and(eq(marketItems.id, line.itemId), sql`${marketItems.stock} IS NOT NULL`));
  }
}

/** Frees jobs on an item's day at a park (never below zero). */
export async function releaseServiceDay(
  tx: Tx,
  itemId: number,
  parkId: number,
  day: string,
  units: number,
): Promise<void> {
  await tx
    .update(serviceDays)
    .set({ taken: sql`greatest(${serviceDays.taken} - ${units}, 0)` })
    .where(and(eq(serviceDays.itemId, itemId), eq(serviceDays.parkId, parkId), eq(serviceDays.day, day)));
}

export async function setReturnedQuantity(tx: Tx, lineId: number, returned: number): Promise<void> {
  await tx.update(orderLines).set({ returnedQuantity: returned }).where(eq(orderLines.id, lineId));
}

export async function updateOrder(tx: Tx, orderId: string, patch: Partial<OrderRow>): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set(patch).where(eq(orders.id, orderId)).returning();
  return updated!;
}

/** An order with its driver's e-mail and language, while the driver's account is enabled. */
/** The name of the company that paid the order (its first move's company_charges row), or null: the driver's wallet. */
export async function payerCompanyName(db: Tx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companyCharges)
    .innerJoin(companies, eq(companies.id, companyCharges.companyId))
    .where(eq(companyCharges.ledgerKey, `order:${orderId}:1`));
  return row?.name ?? null;
}

export async function orderWithDriver(db: Tx, orderId: string) {
  const [found] = await db
    .select({ order: orders, email: users.email, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), sql`${users.disabledAt} IS NULL`));
  return found;
}
