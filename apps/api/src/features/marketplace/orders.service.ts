/**
 * Placing a marketplace order (docs/PRODUCT-RULES.md#marketplace, docs/decisions/024-marketplace-orders.md)
 * and reading a driver's orders. An order is placed in one transaction: the cart is priced again
 * by `priceCart` (the quote's function) with the coupon row locked; the wallet is charged (or the
 * company's account, when a member pays with their company: its member row locked first and its
 * policy asked, decision 030); the
 * order, its lines, its first timeline row, the coupon's use and the "placed" e-mail job are
 * written; then, last, the stock rows are decremented in a fixed order by conditional UPDATEs and
 * the service days take their jobs. Any refusal rolls all of it back.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  ORDER_CART_PROBLEM_MESSAGE,
  ORDERING_OFF_MESSAGE,
  type Order,
  type OrderStage,
  type PlaceOrderBody,
  type QuoteBody,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { servedCountries } from "../reference/served-countries";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { toMajor } from "../../lib/money";
import { readableCode } from "../../lib/readable-code";
import { issueReceipt } from "../receipts/receipts.service";
import { chargeWallet, revenueShard, shortOfFunds, walletBalanceMinor } from "../wallet/ledger.service";
import { orderPurchase } from "../companies/company-pay.domain";
import {
  checkPurchase,
  lockMember,
  moveCompanyMoney,
  payingCompany,
  recordCharge,
  type PayingCompany,
} from "../companies/company-pay.service";
import { orderReceiptBody } from "./order-receipts.domain";
import { priceCart, type CartLineView, type PricedCart } from "./cart-pricing.service";
import { orderNotFound, queueOrderMail, type OrderDeps } from "./order-stages.service";
import {
  addServiceDay,
  addSold,
  insertCouponUse,
  insertOrder,
  insertOrderLines,
  insertStageEvent,
  itemCapacity,
  orderByIdempotencyKey,
  orderDetailRows,
  ownOrderByCode,
  ownOrdersPage,
  readStock,
  takeStockRow,
  userCountryId,
  writeStock,
  type OrderRow,
  type StockRef,
} from "./orders.repo";
import { COURIER_SHOWN, nameIn, presentOrder, summary } from "./orders.present";
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

const fingerprint = (body: PlaceOrderBody) =>
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
        body.company_id ?? null,
      ]),
    )
    .digest("hex");

/** The order an Idempotency-Key already produced, or null; the same key with another body is a 422. */
async function replay(db: Tx, userId: string, key: string, hash: string): Promise<OrderRow | null> {
  const found = await orderByIdempotencyKey(db, userId, key);
  if (!found) return null;
  if (found.requestHash !== hash) {
    throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
  }
  return found;
}

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
    const updated = unsafe ? await readThenWrite(tx, stock, units) : await takeStockRow(tx, stock, units);
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
async function readThenWrite(tx: Tx, stock: StockRef, units: number) {
  const read = await readStock(tx, stock);
  if (read === undefined || read === null || read < units) return [];
  // A pause between the read and the write, as a busy server has: the window the race needs.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return writeStock(tx, stock, read - units);
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
    const taken = await addServiceDay(tx, itemId, cart.parkId, cart.serviceDay, units);
    const capacity = await itemCapacity(tx, itemId);
    if (taken === undefined || taken > (capacity ?? 0)) {
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
 * Places an order for `body`, paid from the driver's wallet, or by the company `body.company_id`
 * (checked as a payer before the transaction). The same Idempotency-Key with the same body answers
 * the first order again (`replayed`); with another body it is a 422.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
  language: Language,
): Promise<PlacedOrder> {
  const { db } = deps;
  const hash = fingerprint(body);
  const answer = async (order: OrderRow, replayed: boolean): Promise<PlacedOrder> => {
    const decimals = (await servedCountries(db).facts({ id: order.countryId }))?.decimals;
    const walletBalance = await walletBalanceMinor(db, userId, order.currency);
    return { order, replayed, walletBalanceMinor: walletBalance, decimals: decimals ?? 2 };
  };
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return answer(found, true);
  }
  const countryId = await userCountryId(db, userId);
  const served = countryId === undefined ? undefined : await servedCountries(db).byId(countryId);
  if (!served || served.code.trim() !== body.country) {
    throw AppError.validation({ country: OWN_COUNTRY_MESSAGE });
  }
  // Paying with a company: an active member of a verified, enabled company, before any lock.
  const payer = body.company_id
    ? { company: await payingCompany(db, body.company_id, userId), countryName: served.name }
    : null;

  for (let attempt = 1; ; attempt++) {
    try {
      const order = await db.transaction((tx) =>
        placeInTransaction(deps, tx, userId, body, idempotencyKey, hash, language, payer),
      );
      return answer(order, false);
    } catch (err) {
      // A refusal (sold out, a short account, a limit) may be this request's own retry losing to
      // its first attempt, committed since the replay check above (it took the last unit): the
      // driver is answered with that order, as a booking's retry is.
      if (idempotencyKey && err instanceof AppError) {
        const found = await replay(db, userId, idempotencyKey, hash);
        if (found) return answer(found, true);
        throw err;
      }
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
  payer: { company: PayingCompany; countryName: string } | null,
): Promise<OrderRow> {
  const now = deps.clock();
  // A company purchase locks its member's row first (then the coupon, the accounts, the stock).
  const member = payer ? await lockMember(tx, payer.company, userId) : null;
  const cart = await priceCart(tx, {
    countries: servedCountries(deps.db),
    body,
    userId,
    now,
    lockCoupon: true,
  });
  if (!cart) throw AppError.validation({ country: COUNTRY_UNKNOWN_MESSAGE });
  refuseUnorderable(cart, body, language);

  const id = randomUUID();
  const code = newOrderCode();
  const { amounts, country } = cart;
  if (payer && member) {
    // The month's charges summed and the policy asked, on the order's country and total.
    const purchase = orderPurchase({
      countryId: country.id,
      countryName: payer.countryName,
      amountMinor: amounts.totalMinor,
      currency: country.currency,
      decimals: country.decimals,
    });
    await checkPurchase(tx, payer.company, member, purchase, now);
  }
  if (amounts.totalMinor > 0 && payer && member) {
    await moveCompanyMoney(tx, {
      company: payer.company,
      purchaseId: id,
      currency: country.currency,
      amountMinor: amounts.totalMinor,
      idempotencyKey: `order:${id}:1`,
      kind: "order_charge",
      reference: code,
      description: `Marketplace order ${code}`,
      payer: { company: payer.company, decimals: country.decimals, purpose: "order" },
    });
    await recordCharge(tx, {
      companyId: payer.company.id,
      member,
      userId,
      kind: "order",
      ledgerKey: `order:${id}:1`,
      reference: code,
      currency: country.currency,
      amountMinor: amounts.totalMinor,
      at: now,
    });
  } else if (amounts.totalMinor > 0) {
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
  if (amounts.totalMinor > 0) {
    // Its receipt, with the charge: the lines and tax as priceOrder computed them.
    await issueReceipt(tx, {
      kind: "order",
      userId,
      ledgerKey: `order:${id}:1`,
      reference: code,
      countryId: country.id,
      // A pickup or service park's clock; a delivery's is the country's.
      parkId: cart.parkId,
      issuedAt: now,
      currency: country.currency,
      decimals: country.decimals,
      body: orderReceiptBody(
        {
          lines: cart.lines,
          couponCode: cart.coupon?.applied ? cart.coupon.code : null,
          couponDiscountMinor: amounts.couponDiscountMinor,
          deliveryMinor: amounts.deliveryMinor,
          taxMinor: amounts.taxMinor,
        },
        { name: country.taxName, rateBps: country.taxBps },
      ),
      expectedMinor: amounts.totalMinor,
      // A company's purchase: the receipt names the company as the buyer.
      buyerCompanyId: payer?.company.id ?? null,
    });
  }
  const order = await insertOrder(tx, {
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
  });
  await insertOrderLines(
    tx,
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
  await insertStageEvent(tx, { orderId: id, stage: "placed", actorId: userId, at: now });
  if (cart.coupon?.applied && cart.coupon.id !== null) {
    await insertCouponUse(tx, { couponId: cart.coupon.id, userId, orderId: id });
  }
  await queueOrderMail(deps.jobs, tx, id, "placed");
  // The contended rows last, so their locks are held only until the COMMIT that follows: the
  // stock, the service days, then the items' sold counters (each set in ascending id order).
  await takeStock(tx, cart.lines, language, deps.unsafeReadThenWriteStock);
  await takeServiceDays(tx, cart, language);
  const sold = new Map<number, number>();
  for (const l of cart.lines) sold.set(l.itemId, (sold.get(l.itemId) ?? 0) + l.quantity);
  for (const [itemId, units] of [...sold.entries()].sort((a, b) => a[0] - b[0])) {
    await addSold(tx, itemId, units);
  }
  return order;
}

// ---------------------------------------------------------------- reading

/** An order as its driver (or the back office) reads it: lines, amounts, place, slot, timeline. */
export async function orderView(db: Db, o: OrderRow, language: Language): Promise<Order> {
  const country = await servedCountries(db).facts({ id: o.countryId });
  const rows = await orderDetailRows(db, o, COURIER_SHOWN.includes(o.stage));
  return presentOrder(o, country, rows, language);
}

/** One of the driver's orders by code; another user's is as unknown as a missing one (404). */
export async function getOwnOrder(db: Db, userId: string, code: string): Promise<OrderRow> {
  const o = await ownOrderByCode(db, userId, code);
  if (!o) throw orderNotFound();
  return o;
}

/** The driver's orders, newest first, one page, optionally of one stage. */
export async function listOwnOrders(
  db: Db,
  userId: string,
  q: { page: number; size: number; stage?: OrderStage | undefined },
) {
  const { total, rows, units } = await ownOrdersPage(db, userId, {
    size: q.size,
    offset: offsetOf(q),
    stage: q.stage,
  });
  const served = servedCountries(db);
  const countries = await Promise.all(rows.map((r) => served.facts({ id: r.order.countryId })));
  return listPage(
    rows.map((r, i) =>
      summary(
        r.order,
        Number(units.find((u) => u.orderId === r.order.id)?.n ?? 0),
        countries[i]!.decimals,
        countries[i]!.timeZone,
      ),
    ),
    total,
    q,
  );
}
