/**
 * Moving an order along its stages (docs/PRODUCT-RULES.md#marketplace): the one function the
 * driver's cancel, the back office and the courier's phone all call. The move, its refund, the
 * stock and capacity it gives back, the timeline row and the e-mail job commit together, under the
 * order row's lock, or not at all.
 */
import {
  findTransition,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STAGE_REFUSED_MESSAGE,
  type OrderStage,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { releaseCouponUse } from "../purchases/coupons.service";
import { refundPurchase } from "../purchases/purchases.service";
import { returnRefund, type PricedLine } from "./order-pricing.domain";
import { returnReceiptBody } from "./order-receipts.domain";
import type { OrderMailTemplate } from "./orders.mail";
import {
  insertStageEvent,
  lockOrder,
  orderLinesOf,
  releaseServiceDay,
  restockRow,
  setReturnedQuantity,
  updateOrder,
  type OrderLineRow,
  type OrderRow,
} from "./orders.repo";

export type { OrderLineRow, OrderRow };

export interface OrderDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  /**
   * Test-only: take stock by reading it and writing the difference back, without the conditional
   * UPDATE, to prove the stock race test can fail. Never set in production.
   */
  unsafeReadThenWriteStock?: boolean;
}

export interface MoveOrderInput {
  orderId?: string;
  orderCode?: string;
  to: OrderStage;
  actor: { role: "driver" | "staff" | "courier"; userId: string };
  /** For a return: the lines (by position) and the units of each that come back. */
  returns?: { position: number; quantity: number }[];
  note?: string;
}

export const RETURNS_REQUIRED_MESSAGE = "Say which lines are returned and how many units";
export const RETURN_LINE_MESSAGE = "Line {position} cannot take back {quantity} units";

export const orderNotFound = () => AppError.notFound(ORDER_NOT_FOUND_MESSAGE, "order_not_found");

const stageRefused = (from: OrderStage, to: OrderStage) =>
  new AppError(
    409,
    "stage_refused",
    ORDER_STAGE_REFUSED_MESSAGE.replace("{from}", from).replace("{to}", to),
    undefined,
    { from, to },
  );

/** The stages that write to the driver, and the template each uses. */
const MAILED: Partial<Record<OrderStage, OrderMailTemplate>> = {
  placed: "placed",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  canceled: "canceled",
  rejected: "rejected",
  returned: "returned",
};

/** Queues the e-mail of the stage an order just reached, in the move's transaction (none for quiet stages). */
export async function queueOrderMail(
  jobs: Jobs,
  tx: Tx,
  orderId: string,
  stage: OrderStage,
  refundMinor = 0,
): Promise<void> {
  const template = MAILED[stage];
  if (!template) return;
  // Each stage is reached at most once, so the stage names the mail.
  await jobs.send(tx, "mail", {
    key: `order:${orderId}:${stage}`,
    type: "order",
    template,
    orderId,
    refundMinor,
  });
}

/** A line as priced when ordered, for the refund of its returned units. */
export function pricedLine(l: OrderLineRow): PricedLine {
  const lineSubtotalMinor = l.unitPriceMinor * l.quantity;
  const lineOfferMinor = l.unitOfferMinor * l.quantity;
  return {
    unitPriceMinor: l.unitPriceMinor,
    unitOfferMinor: l.unitOfferMinor,
    quantity: l.quantity,
    lineSubtotalMinor,
    lineOfferMinor,
    couponShareMinor: l.couponShareMinor,
    taxShareMinor: l.taxShareMinor,
    lineTotalMinor: lineSubtotalMinor - lineOfferMinor - l.couponShareMinor + l.taxShareMinor,
  };
}

/** Puts `units` of a line back on the shelf: the variation's stock, else the item's (services: none). */
async function restock(tx: Tx, line: OrderLineRow, units: number) {
  if (units <= 0 || line.kind !== "product") return;
  await restockRow(tx, line, units);
}

/** Frees the jobs a service line took on its park's day. */
async function giveBackCapacity(tx: Tx, order: OrderRow, line: OrderLineRow) {
  if (line.kind !== "service" || order.parkId === null || order.slotDate === null) return;
  await releaseServiceDay(tx, line.itemId, order.parkId, order.slotDate, line.quantity);
}

/** What a return gives back, per returned line, after checking every line and count (422 otherwise). */
function returnedUnits(
  lines: OrderLineRow[],
  returns: { position: number; quantity: number }[] | undefined,
): { line: OrderLineRow; units: number; refundMinor: number }[] {
  if (!returns || returns.length === 0) {
    throw AppError.validation({ returns: RETURNS_REQUIRED_MESSAGE });
  }
  const seen = new Set<number>();
  return returns.map((r) => {
    const line = lines.find((l) => l.position === r.position);
    const left = line ? line.quantity - line.returnedQuantity : 0;
    if (
      !line ||
      seen.has(r.position) ||
      !Number.isInteger(r.quantity) ||
      r.quantity < 1 ||
      r.quantity > left
    ) {
      const text = RETURN_LINE_MESSAGE.replace("{position}", String(r.position)).replace(
        "{quantity}",
        String(r.quantity),
      );
      throw AppError.validation({ returns: text }, text);
    }
    seen.add(r.position);
    return {
      line,
      units: r.quantity,
      refundMinor: returnRefund(pricedLine(line), line.returnedQuantity, r.quantity),
    };
  });
}

/** An order's moves on the purchase engine: `order:<id>:1` its charge, then each refund's. */
export const ORDER_MOVES = { ledgerPrefix: "order" } as const;

const taxOf = (t: { name: string; rateBps: number }) => ({ name: t.name, rateBps: t.rateBps });

/** An order as the purchase engine's refund reads it (a pickup or service park's clock, else the country's). */
const refundable = (order: OrderRow) => ({
  id: order.id,
  code: order.orderCode,
  userId: order.userId,
  countryId: order.countryId,
  parkId: order.parkId,
  currency: order.currency,
});

/**
 * Moves an order to `to` when the transition table allows it for the actor and the order's type:
 * a driver only their own orders and a courier only those assigned to them (404 otherwise, as if
 * it did not exist); a pair the table refuses is a 409 `stage_refused` and changes nothing. The
 * order row is locked (FOR UPDATE) and its stage read again under the lock, so two moves at once
 * are taken one after the other and the second is judged from the first's stage.
 * Refunding moves put the money back where it came from (`order:<id>:<n>`, n = moves + 1): the
 * driver's wallet, or the account of the company that paid the order (its first move's
 * company_charges row), with a negative `refund` row; then the stock
 * on the shelf and the service jobs back in the day; a full refund also gives back the coupon use.
 */
export async function moveOrder(deps: OrderDeps, input: MoveOrderInput): Promise<OrderRow> {
  const { db, jobs } = deps;
  if (!input.orderId && !input.orderCode) throw orderNotFound();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input);
    if (!order) throw orderNotFound();
    const { role, userId } = input.actor;
    if (role === "driver" && order.userId !== userId) throw orderNotFound();
    if (role === "courier" && order.courierId !== userId) throw orderNotFound();

    const transition = findTransition(order.stage, input.to, order.orderType);
    if (!transition || !transition.by.includes(role)) throw stageRefused(order.stage, input.to);

    const now = deps.clock();
    let refundMinor = 0;
    const patch: Partial<OrderRow> = { stage: input.to, updatedAt: now };

    if (transition.refund) {
      const lines = await orderLinesOf(tx, order.id);
      // What comes back: every unit not yet returned, or the returned units named.
      const back =
        transition.refund === "full"
          ? lines.map((line) => ({ line, units: line.quantity - line.returnedQuantity, refundMinor: 0 }))
          : returnedUnits(lines, input.returns);
      refundMinor =
        transition.refund === "full"
          ? order.totalMinor - order.refundedMinor
          : Math.min(
              back.reduce((s, r) => s + r.refundMinor, 0),
              order.totalMinor - order.refundedMinor,
            );
      // The wallet before the stock rows, in the order placing takes them (decision 024).
      if (refundMinor > 0) {
        const move = order.moves + 1;
        const returned = transition.refund === "full" ? null : back;
        await refundPurchase(tx, ORDER_MOVES, refundable(order), {
          move,
          amountMinor: refundMinor,
          description: `Order refund ${order.orderCode}`,
          at: now,
          // A full refund gives back everything the receipt and its earlier credit notes left; a
          // return, the units returned with their goods and their tax.
          creditNote:
            returned &&
            ((charged) =>
              returnReceiptBody(
                returned.map((x) => ({
                  line: x.line,
                  alreadyReturned: x.line.returnedQuantity,
                  units: x.units,
                  refundMinor: x.refundMinor,
                })),
                taxOf(charged.taxes[0] ?? { name: order.taxName ?? "Tax", rateBps: 0 }),
                refundMinor,
              )),
        });
        patch.moves = move;
        patch.refundedMinor = order.refundedMinor + refundMinor;
      }
      const sorted = [...back].sort(
        (a, b) => a.line.itemId - b.line.itemId || (a.line.variationId ?? 0) - (b.line.variationId ?? 0),
      );
      for (const r of sorted) await restock(tx, r.line, r.units);
      if (transition.refund === "full") {
        for (const r of sorted) await giveBackCapacity(tx, order, r.line);
        await releaseCouponUse(tx, order.id);
      } else {
        for (const r of back) {
          await setReturnedQuantity(tx, r.line.id, r.line.returnedQuantity + r.units);
        }
      }
    }

    const updated = await updateOrder(tx, order.id, patch);
    await insertStageEvent(tx, {
      orderId: order.id,
      stage: input.to,
      actorId: userId,
      note: input.note?.trim() ? input.note.trim().slice(0, 500) : null,
      at: now,
    });
    await queueOrderMail(jobs, tx, order.id, input.to, refundMinor);
    return updated;
  });
}
