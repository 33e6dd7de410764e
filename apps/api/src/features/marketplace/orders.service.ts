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
import {
  ORDER_CART_PROBLEM_MESSAGE,
  ORDERING_OFF_MESSAGE,
  type Order,
  type OrderStage,
  type PlaceOrderBody,
  PlaceOrderBodySchema,
  type QuoteBody,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { servedCountries } from "../reference/served-countries";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { toMajor } from "../../lib/money";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { assertCouponApplies } from "../purchases/coupons.service";
import { countryPurchase } from "../purchases/purchases.domain";
import type { CheckoutRegistration } from "../purchases/purchase-checkouts.service";
import { makePurchase, type PurchaseKind, type PurchasePrice } from "../purchases/purchases.service";
import { orderReceiptBody } from "./order-receipts.domain";
import { priceCart, type CartLineView, type PricedCart } from "./cart-pricing.service";
import { ORDER_MOVES, orderNotFound, queueOrderMail, type OrderDeps } from "./order-stages.service";
import {
  addServiceDay,
  addSold,
  insertOrder,
  insertOrderLines,
  insertStageEvent,
  itemCapacity,
  orderById,
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

export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was used for another order";
export const ORDER_OUT_OF_STOCK_MESSAGE = "{name} is out of stock";
export const ORDER_SERVICE_FULL_MESSAGE = "{name} is fully booked on that day";
export const OWN_COUNTRY_MESSAGE = "You can only order in your own country";
export const COUNTRY_UNKNOWN_MESSAGE = "This country is not served";

/** The parts of an order request that change what is bought (the purchase engine hashes them). */
const fingerprint = (body: PlaceOrderBody) => [
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
];

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
  assertCouponApplies(cart.coupon);
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

type PricedOrder = PricedCart & PurchasePrice;

/**
 * The kind the purchase engine places: the cart priced again by `priceCart` with the coupon row
 * locked and refused when it cannot be ordered as it is; then the order, its lines, its first
 * timeline row and the "placed" mail (the engine records the coupon's use); last the contended rows, so their locks
 * are held only until the COMMIT that follows: the stock, the service days, then the items' sold
 * counters (each set in ascending id order).
 */
function orderKind(deps: OrderDeps, language: Language): PurchaseKind<PlaceOrderBody, PricedOrder, OrderRow> {
  return {
    name: "order",
    ...ORDER_MOVES,
    chargeKind: "order_charge",
    receiptKind: "order",
    describe: (code) => `Marketplace order ${code}`,
    walletPurpose: "order",
    company: { purpose: "order", chargeKind: "order" },
    keyReusedMessage: IDEMPOTENCY_REUSED_MESSAGE,
    fingerprint,
    async check(db, { userId, input: body }) {
      const countryId = await userCountryId(db, userId);
      const served = countryId === undefined ? undefined : await servedCountries(deps.db).byId(countryId);
      if (!served || served.code.trim() !== body.country) {
        throw AppError.validation({ country: OWN_COUNTRY_MESSAGE });
      }
    },
    async prepare(tx, { userId, input: body, now }) {
      const cart = await priceCart(tx, {
        countries: servedCountries(deps.db),
        body,
        userId,
        now,
        lockCoupon: true,
      });
      if (!cart) throw AppError.validation({ country: COUNTRY_UNKNOWN_MESSAGE });
      refuseUnorderable(cart, body, language);
      const { amounts, country } = cart;
      return {
        ...cart,
        amountMinor: amounts.totalMinor,
        currency: country.currency,
        decimals: country.decimals,
        countryId: country.id,
        // A pickup or service park's clock; a delivery's is the country's.
        parkId: cart.parkId,
        // The lines and tax as priceOrder computed them.
        receiptBody: orderReceiptBody(
          {
            lines: cart.lines,
            couponCode: cart.coupon?.applied ? cart.coupon.code : null,
            couponDiscountMinor: amounts.couponDiscountMinor,
            deliveryMinor: amounts.deliveryMinor,
            taxMinor: amounts.taxMinor,
          },
          { name: country.taxName, rateBps: country.taxBps },
        ),
        // What a company's policy reads: the order's country and total.
        companyPurchase: countryPurchase("order", {
          countryId: country.id,
          countryName: (await servedCountries(deps.db).byId(country.id, tx))?.name ?? "",
          amountMinor: amounts.totalMinor,
          currency: country.currency,
          decimals: country.decimals,
        }),
      };
    },
    async insert(tx, { id, code, userId, input: body, priced: cart, now }) {
      const { amounts, country } = cart;
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
      await queueOrderMail(deps.jobs, tx, id, "placed");
      await takeStock(tx, cart.lines, language, deps.unsafeReadThenWriteStock);
      await takeServiceDays(tx, cart, language);
      const sold = new Map<number, number>();
      for (const l of cart.lines) sold.set(l.itemId, (sold.get(l.itemId) ?? 0) + l.quantity);
      for (const [itemId, units] of [...sold.entries()].sort((a, b) => a[0] - b[0])) {
        await addSold(tx, itemId, units);
      }
      return order;
    },
    load: (db, id) => orderById(db, id),
  };
}

/** An order as a top-up of the difference places it (purchase-checkouts.service.ts): POST /orders' body. */
export const orderCheckout = (deps: OrderDeps): CheckoutRegistration<PlaceOrderBody> => ({
  schema: PlaceOrderBodySchema,
  kind: (language) => orderKind(deps, language),
  verified: {
    made: (code) => `Payment verified: your order ${code} is placed`,
    notMade: "Payment verified, but your order could not be placed: the money is in your wallet",
  },
});

/**
 * Places an order for `body` through the purchase engine, paid from the driver's wallet, or by the
 * company `body.company_id` (checked as a payer before the transaction, its policy asked inside).
 * The same Idempotency-Key with the same body answers the first order again (`replayed`); with
 * another body it is a 422.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
  language: Language,
): Promise<PlacedOrder> {
  const { db } = deps;
  const { row: order, replayed } = await makePurchase(orderKind(deps, language), deps, {
    userId,
    input: body,
    idempotencyKey,
    companyId: body.company_id,
  });
  const decimals = (await servedCountries(db).facts({ id: order.countryId }))?.decimals;
  const walletBalance = await walletBalanceMinor(db, userId, order.currency);
  return { order, replayed, walletBalanceMinor: walletBalance, decimals: decimals ?? 2 };
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
