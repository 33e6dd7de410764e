/**
 * Placing a marketplace order (docs/PRODUCT-RULES.md#marketplace, docs/decisions/024-marketplace-orders.md)
 * and reading a driver's orders. An order is placed in one transaction: the cart is priced again
 * by `priceCart` (the quote's function) with the coupon row locked; the wallet is charged; the
 * order, its lines, its first timeline row, the coupon's use and the "placed" e-mail job are
 * written; then, last, the stock rows are decremented in a fixed order by conditional UPDATEs and
 * the service days take their jobs. Any refusal rolls all of it back.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  nextStages,
  ORDER_CART_PROBLEM_MESSAGE,
  ORDERING_OFF_MESSAGE,
  wallClockMs,
  type Order,
  type OrderStage,
  type OrderSummary,
  type QuoteBody,
} from "@parkwell/contract";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import {
  bookings,
  countries,
  couponUses,
  marketItems,
  marketVariations,
  orderLines,
  orders,
  orderStageEvents,
  parks,
  serviceDays,
  users,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { toMajor } from "../../lib/money";
import { readableCode } from "../../lib/readable-code";
import { chargeWallet, revenueShard, shortOfFunds, walletBalanceMinor } from "../wallet/ledger.service";
import { priceCart, type CartLineView, type PricedCart } from "./cart-pricing.service";
import {
  orderNotFound,
  queueOrderMail,
  type OrderDeps,
  type OrderLineRow,
  type OrderRow,
} from "./order-stages.service";
import { listPage, offsetOf } from "../../lib/pagination";
import { pgError, SQLSTATE } from "../../lib/pg-error";

export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was used for another order";
export const ORDER_OUT_OF_STOCK_MESSAGE = "{name} is out of stock";
export const ORDER_SERVICE_FULL_MESSAGE = "{name} is fully booked on that day";
export const OWN_COUNTRY_MESSAGE = "You can only order in your own country";
export const COUNTRY_UNKNOWN_MESSAGE = "This country is not served";

/** `OR-` and six readable characters (ORDER_CODE_PATTERN still reads the orders made before with L). */
export function newOrderCode(bytes?: Uint8Array): string {
  return readableCode("OR-", 6, bytes);
}

const fingerprint = (body: QuoteBody) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        body.country,
        body.order_type,
        body.lines.map((l) => [l.item_id, l.variation_id ?? null, [...l.addon_ids].sort(), l.quantity]),
        body.coupon_code ?? null,
        body.address_id ?? null,
        body.park_id ?? null,
        body.time_slot ? [body.time_slot.slot_id, body.time_slot.date] : null,
        body.booking_code?.toUpperCase() ?? null,
        body.source,
        body.expected_total ?? null,
      ]),
    )
    .digest("hex");

/** The order an Idempotency-Key already produced, or null; the same key with another body is a 422. */
async function replay(db: Tx, userId: string, key: string, hash: string): Promise<OrderRow | null> {
  const [found] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  if (!found) return null;
  if (found.requestHash !== hash) {
    throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
  }
  return found;
}

const nameIn = (name: { en: string; fr: string }, language: Language) => name[language] || name.en;

/** The 409 for a cart the catalogue no longer matches, with each line's problem. */
function cartChanged(cart: PricedCart, language: Language) {
  return new AppError(409, "cart_changed", ORDER_CART_PROBLEM_MESSAGE, undefined, {
    lines: cart.lines.map((l) => ({
      index: l.index,
      item_id: l.itemId,
      variation_id: l.variationId,
      name: nameIn(l.name, language),
      problem: l.problem ? { code: l.problem.code, message: translate(l.problem.message, language) } : null,
    })),
  });
}

/** Refuses a priced cart that cannot be ordered as it is, as the order route answers it. */
function refuseUnorderable(cart: PricedCart, body: QuoteBody, language: Language) {
  if (cart.orderingOff) throw new AppError(422, "ordering_off", ORDERING_OFF_MESSAGE);
  const short = cart.lines.find(
    (l) => l.problem?.code === "out_of_stock" || l.problem?.code === "over_stock",
  );
  if (short) {
    // Sold out since the quote (another order took the units): the same 409 as the stock UPDATE's.
    const message = ORDER_OUT_OF_STOCK_MESSAGE.replace("{name}", nameIn(short.name, language));
    throw new AppError(409, "out_of_stock", message, undefined, {
      ...cartChanged(cart, language).details,
      line: short.index,
      item_id: short.itemId,
      variation_id: short.variationId,
    });
  }
  const full = cart.lines.find((l) => l.problem?.code === "service_full");
  if (full) {
    const message = ORDER_SERVICE_FULL_MESSAGE.replace("{name}", nameIn(full.name, language));
    throw new AppError(409, "service_full", message, undefined, {
      ...cartChanged(cart, language).details,
      line: full.index,
      item_id: full.itemId,
    });
  }
  if (cart.lines.some((l) => l.problem)) throw cartChanged(cart, language);
  if (body.expected_total !== undefined) {
    const total = toMajor(cart.amounts.totalMinor, cart.country.decimals);
    if (Math.abs(total - body.expected_total) > 1e-9) throw cartChanged(cart, language);
  }
  if (cart.coupon && !cart.coupon.applied) {
    const message = cart.coupon.message ?? "This coupon does not apply";
    throw new AppError(422, "coupon_refused", message, { coupon_code: message });
  }
  if (cart.problems.length > 0) {
    throw AppError.validation(Object.fromEntries(cart.problems.map((p) => [p.field, p.message])));
  }
}

/**
 * Takes the units of every stocked line, one conditional UPDATE per stock row, in the order of
 * (item, variation): two orders lock the rows they share in the same order, so they wait for each
 * other instead of deadlocking, and a row never goes below zero. 0 rows updated: out of stock.
 */
async function takeStock(tx: Tx, lines: CartLineView[], language: Language, unsafe = false) {
  const wants = new Map<string, { line: CartLineView; units: number }>();
  for (const l of lines) {
    if (l.kind !== "product" || !l.stockOf) continue;
    const key = `${l.stockOf.table}:${l.stockOf.id}`;
    const found = wants.get(key);
    wants.set(key, { line: found?.line ?? l, units: (found?.units ?? 0) + l.quantity });
  }
  const sorted = [...wants.values()].sort(
    (a, b) => a.line.itemId - b.line.itemId || (a.line.variationId ?? 0) - (b.line.variationId ?? 0),
  );
  for (const { line, units } of sorted) {
    const stock = line.stockOf!;
    const updated = unsafe
      ? await readThenWrite(tx, stock, units)
      : stock.table === "variation"
        ? await tx
            .update(marketVariations)
            .set({ stock: sql`${marketVariations.stock} - ${units}` })
            .where(and(eq(marketVariations.id, stock.id), sql`${marketVariations.stock} >= ${units}`))
            .returning({ stock: marketVariations.stock })
        : await tx
            .update(marketItems)
            .set({ stock: sql`${marketItems.stock} - ${units}` })
            .where(and(eq(marketItems.id, stock.id), sql`${marketItems.stock} >= ${units}`))
            .returning({ stock: marketItems.stock });
    if (updated.length === 0) {
      const message = ORDER_OUT_OF_STOCK_MESSAGE.replace("{name}", nameIn(line.name, language));
      throw new AppError(409, "out_of_stock", message, undefined, {
        line: line.index,
        item_id: line.itemId,
        variation_id: line.variationId,
      });
    }
  }
}

/** The unsafe way the negative control uses: a read, then the difference written back (lost updates). */
async function readThenWrite(tx: Tx, stock: { table: "variation" | "item"; id: number }, units: number) {
  const table = stock.table === "variation" ? marketVariations : marketItems;
  const [row] = await tx.select({ stock: table.stock }).from(table).where(eq(table.id, stock.id));
  if (!row || row.stock === null || row.stock < units) return [];
  // A pause between the read and the write, as a busy server has: the window the race needs.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return tx
    .update(table)
    .set({ stock: row.stock - units })
    .where(eq(table.id, stock.id))
    .returning({ stock: table.stock });
}

/** Takes the service jobs on the park's day, per item in id order; over the daily capacity is a 409. */
async function takeServiceDays(tx: Tx, cart: PricedCart, language: Language): Promise<void> {
  if (cart.parkId === null || !cart.serviceDay) return;
  const wants = new Map<number, { line: CartLineView; units: number }>();
  for (const l of cart.lines) {
    if (l.kind !== "service") continue;
    const found = wants.get(l.itemId);
    wants.set(l.itemId, { line: found?.line ?? l, units: (found?.units ?? 0) + l.quantity });
  }
  for (const [itemId, { line, units }] of [...wants.entries()].sort((a, b) => a[0] - b[0])) {
    const [row] = await tx
      .insert(serviceDays)
      .values({ itemId, parkId: cart.parkId, day: cart.serviceDay, taken: units })
      .onConflictDoUpdate({
        target: [serviceDays.itemId, serviceDays.parkId, serviceDays.day],
        set: { taken: sql`${serviceDays.taken} + ${units}` },
      })
      .returning({ taken: serviceDays.taken });
    const [item] = await tx
      .select({ capacity: marketItems.dailyCapacity })
      .from(marketItems)
      .where(eq(marketItems.id, itemId));
    if (!row || row.taken > (item?.capacity ?? 0)) {
      const message = ORDER_SERVICE_FULL_MESSAGE.replace("{name}", nameIn(line.name, language));
      throw new AppError(409, "service_full", message, undefined, { line: line.index, item_id: itemId });
    }
  }
}

export interface PlacedOrder {
  order: OrderRow;
  replayed: boolean;
  walletBalanceMinor: number;
  /** The currency's decimals, to show the balance. */
  decimals: number;
}

/**
 * Places an order for `body`, paid from the driver's wallet. The same Idempotency-Key with the
 * same body answers the first order again (`replayed`); with another body it is a 422.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  body: QuoteBody,
  idempotencyKey: string | undefined,
  language: Language,
): Promise<PlacedOrder> {
  const { db } = deps;
  const hash = fingerprint(body);
  const answer = async (order: OrderRow, replayed: boolean): Promise<PlacedOrder> => {
    const [c] = await db
      .select({ decimals: countries.currencyDecimals })
      .from(countries)
      .where(eq(countries.id, order.countryId));
    const walletBalance = await walletBalanceMinor(db, userId, order.currency);
    return { order, replayed, walletBalanceMinor: walletBalance, decimals: c?.decimals ?? 2 };
  };
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return answer(found, true);
  }
  const [user] = await db
    .select({ countryCode: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!user || user.countryCode.trim() !== body.country) {
    throw AppError.validation({ country: OWN_COUNTRY_MESSAGE });
  }

  for (let attempt = 1; ; attempt++) {
    try {
      const order = await db.transaction((tx) =>
        placeInTransaction(deps, tx, userId, body, idempotencyKey, hash, language),
      );
      return answer(order, false);
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== SQLSTATE.uniqueViolation) throw err;
      // The same key racing itself: the loser waits on the unique index, then replays the winner.
      if (idempotencyKey && constraint !== "orders_code_key") {
        const found = await replay(db, userId, idempotencyKey, hash);
        if (found) return answer(found, true);
      }
      // Two orders drew the same code (one in a billion): draw again.
      if (constraint === "orders_code_key" && attempt < 5) continue;
      throw err;
    }
  }
}

async function placeInTransaction(
  deps: OrderDeps,
  tx: Tx,
  userId: string,
  body: QuoteBody,
  idempotencyKey: string | undefined,
  hash: string,
  language: Language,
): Promise<OrderRow> {
  const now = deps.clock();
  const cart = await priceCart(tx, { body, userId, now, lockCoupon: true });
  if (!cart) throw AppError.validation({ country: COUNTRY_UNKNOWN_MESSAGE });
  refuseUnorderable(cart, body, language);

  const id = randomUUID();
  const code = newOrderCode();
  const { amounts, country } = cart;
  if (amounts.totalMinor > 0) {
    try {
      await chargeWallet(tx, {
        userId,
        currency: country.currency,
        amountMinor: amounts.totalMinor,
        idempotencyKey: `order:${id}:1`,
        kind: "order_charge",
        reference: code,
        description: `Marketplace order ${code}`,
        revenueShard: revenueShard(id),
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
      throw await shortOfFunds(tx, userId, country.currency, amounts.totalMinor, country.decimals, "order");
    }
  }
  const [order] = await tx
    .insert(orders)
    .values({
      id,
      orderCode: code,
      userId,
      countryId: country.id,
      currency: country.currency,
      orderType: body.order_type,
      source: body.source,
      stage: "placed",
      paymentStatus: "paid",
      address: cart.address,
      depotId: cart.depotId,
      parkId: cart.parkId,
      bookingId: cart.bookingId,
      slotDate: cart.slot?.date ?? cart.serviceDay,
      slotStart: cart.slot?.start ?? null,
      slotEnd: cart.slot?.end ?? null,
      couponId: cart.coupon?.applied ? cart.coupon.id : null,
      couponCode: cart.coupon?.applied ? cart.coupon.code : null,
      subtotalMinor: amounts.subtotalMinor,
      offerDiscountMinor: amounts.offerDiscountMinor,
      couponDiscountMinor: amounts.couponDiscountMinor,
      deliveryMinor: amounts.deliveryMinor,
      taxMinor: amounts.taxMinor,
      taxName: country.taxName,
      totalMinor: amounts.totalMinor,
      moves: 1,
      idempotencyKey: idempotencyKey ?? null,
      requestHash: idempotencyKey ? hash : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(orderLines).values(
    cart.lines.map((l, position) => ({
      orderId: id,
      position,
      itemId: l.itemId,
      variationId: l.variationId,
      kind: l.kind!,
      name: l.name,
      variationName: l.variationName,
      addons: l.addons.map((a) => ({ id: a.id, name: a.name, price_minor: a.priceMinor })),
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      unitOfferMinor: l.unitOfferMinor,
      couponShareMinor: l.priced!.couponShareMinor,
      taxShareMinor: l.priced!.taxShareMinor,
    })),
  );
  await tx.insert(orderStageEvents).values({ orderId: id, stage: "placed", actorId: userId, at: now });
  if (cart.coupon?.applied && cart.coupon.id !== null) {
    await tx.insert(couponUses).values({ couponId: cart.coupon.id, userId, orderId: id });
  }
  await queueOrderMail(deps.jobs, tx, id, "placed");
  // The contended rows last, so their locks are held only until the COMMIT that follows: the
  // stock, the service days, then the items' sold counters (each set in ascending id order).
  await takeStock(tx, cart.lines, language, deps.unsafeReadThenWriteStock);
  await takeServiceDays(tx, cart, language);
  const sold = new Map<number, number>();
  for (const l of cart.lines) sold.set(l.itemId, (sold.get(l.itemId) ?? 0) + l.quantity);
  for (const [itemId, units] of [...sold.entries()].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(marketItems)
      .set({ sold: sql`${marketItems.sold} + ${units}` })
      .where(eq(marketItems.id, itemId));
  }
  return order!;
}

// ---------------------------------------------------------------- reading

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

function summary(o: OrderRow, items: number, decimals: number, timeZone: string): OrderSummary {
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

const COURIER_SHOWN: readonly OrderStage[] = ["out_for_delivery", "delivered", "completed", "returned"];

/** An order as its driver (or the back office) reads it: lines, amounts, place, slot, timeline. */
export async function presentOrder(db: Tx, o: OrderRow, language: Language): Promise<Order> {
  const [country] = await db
    .select({ decimals: countries.currencyDecimals, timezone: countries.timezone })
    .from(countries)
    .where(eq(countries.id, o.countryId));
  const decimals = country?.decimals ?? 2;
  const zone = country?.timezone ?? "UTC";
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.position));
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
    o.courierId && COURIER_SHOWN.includes(o.stage)
      ? await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, o.courierId))
      : [];
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
  };
}

/** One of the driver's orders by code; another user's is as unknown as a missing one (404). */
export async function getOwnOrder(db: Db, userId: string, code: string): Promise<OrderRow> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderCode, code.toUpperCase()), eq(orders.userId, userId)));
  if (!o) throw orderNotFound();
  return o;
}

/** The driver's orders, newest first, one page, optionally of one stage. */
export async function listOwnOrders(
  db: Db,
  userId: string,
  q: { page: number; size: number; stage?: OrderStage | undefined },
) {
  const where: SQL = and(eq(orders.userId, userId), q.stage ? eq(orders.stage, q.stage) : undefined)!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select({ order: orders, decimals: countries.currencyDecimals, timezone: countries.timezone })
    .from(orders)
    .innerJoin(countries, eq(countries.id, orders.countryId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const ids = rows.map((r) => r.order.id);
  const units = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId)
    : [];
  const n = Number(total);
  return listPage(
    rows.map((r) =>
      summary(r.order, Number(units.find((u) => u.orderId === r.order.id)?.n ?? 0), r.decimals, r.timezone),
    ),
    n,
    q,
  );
}
