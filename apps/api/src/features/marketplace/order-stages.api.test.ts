// Every (from, to) pair of order stages, for each actor and order type, against ORDER_TRANSITIONS:
// the moves the table allows succeed, every other is refused with 409 and changes nothing.
import {
  findTransition,
  ORDER_ACTORS,
  ORDER_STAGES,
  ORDER_TYPES,
  type OrderActor,
  type OrderStage,
  type OrderType,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { fundedUser } from "../bookings/bookings.test-kit";
import { servedCountries } from "../reference/served-countries";
import { moveOrder } from "./order-stages.service";
import { composeOrderMail } from "./orders.mail";
import {
  createAddress,
  createCategory,
  createDeliveryArea,
  createItem,
  createSlots,
  marketViolations,
  ngParks,
  placeOrder,
  resetDeliverySetup,
  stockOf,
} from "./marketplace.test-kit";

let ctx: TestContext;
let db: Db;
let driver: TestUser;
let staff: TestUser;
let courier: TestUser;
let itemId: number;
let slot: { slot_id: number; date: string };
let park: number;
let addressId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  const category = await createCategory(db);
  await createDeliveryArea(db);
  slot = await createSlots(db);
  [park] = (await ngParks(db, 1)) as [number];
  itemId = (await createItem(db, { categoryId: category.id, priceMinor: 12_345, stock: 10_000 })).id;
  driver = await fundedUser(db, 1_000_000_000);
  staff = await createUser(db);
  courier = await createUser(db);
  addressId = (await createAddress(db, driver.id)).id;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await marketViolations(db)).toEqual([]);
});

const deps = () => ({ db, jobs: ctx.app.jobs, clock: () => new Date() });

/** A fresh order of this type, assigned to the courier, put at stage `from` (its history aside). */
async function orderAt(type: OrderType, from: OrderStage): Promise<string> {
  const res = await placeOrder(ctx.app, driver, {
    country: "NG",
    order_type: type,
    ...(type === "delivery" ? { address_id: addressId } : { park_id: park }),
    time_slot: slot,
    lines: [{ item_id: itemId, quantity: 2 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const code = res.json<{ order_code: string }>().order_code;
  await db.execute(
    sql`UPDATE orders SET stage = ${from}, courier_id = ${courier.id} WHERE order_code = ${code}`,
  );
  return code;
}

const state = async (code: string) =>
  (
    await queryRows<{ stage: string; refunded_minor: string; moves: number; events: number }>(
      db,
      sql`SELECT stage, refunded_minor::text, moves,
        (SELECT count(*)::int FROM order_stage_events e WHERE e.order_id = o.id) AS events
      FROM orders o WHERE order_code = ${code}`,
    )
  )[0]!;

const actorUser = (actor: OrderActor) => ({ driver, staff, courier })[actor];

describe("the order stage table", () => {
  it.each(ORDER_TYPES.map((t) => [t]))("%s orders: every pair, every actor", async (type) => {
    let allowed = 0;
    let refused = 0;
    for (const from of ORDER_STAGES) {
      // One order per stage takes every refusal (a refusal changes nothing).
      const base = await orderAt(type, from);
      for (const to of ORDER_STAGES) {
        const t = findTransition(from, to, type);
        for (const actor of ORDER_ACTORS) {
          const ok = Boolean(t && t.by.includes(actor));
          const code = ok ? await orderAt(type, from) : base;
          const before = await state(code);
          const stock = await stockOf(db, "item", itemId);
          const wallet = await walletBalanceMinor(db, driver.id, "NGN");
          const attempt = moveOrder(deps(), {
            orderCode: code,
            to,
            actor: { role: actor, userId: actorUser(actor).id },
            ...(t?.refund === "returned_lines" ? { returns: [{ position: 0, quantity: 1 }] } : {}),
          });
          if (ok) {
            const moved = await attempt;
            expect(moved.stage, `${type} ${from}→${to} by ${actor}`).toBe(to);
            const after = await state(code);
            expect(after.events).toBe(before.events + 1);
            if (t!.refund) {
              expect(Number(after.refunded_minor)).toBeGreaterThan(0);
              expect(after.moves).toBe(before.moves + 1);
              expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(
                wallet + Number(after.refunded_minor),
              );
              expect(await stockOf(db, "item", itemId)).toBe(stock! + (t!.refund === "full" ? 2 : 1));
            } else {
              expect(after.refunded_minor).toBe("0");
            }
            allowed += 1;
          } else {
            await expect(attempt, `${type} ${from}→${to} by ${actor}`).rejects.toMatchObject({
              status: 409,
              code: "stage_refused",
            });
            expect(await state(code)).toEqual(before);
            expect(await stockOf(db, "item", itemId)).toBe(stock);
            expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet);
            refused += 1;
          }
        }
      }
    }
    const expectedAllowed = ORDER_STAGES.flatMap((from) =>
      ORDER_STAGES.flatMap((to) =>
        ORDER_ACTORS.filter((a) => findTransition(from, to, type)?.by.includes(a)),
      ),
    ).length;
    expect(allowed).toBe(expectedAllowed);
    expect(allowed + refused).toBe(ORDER_STAGES.length ** 2 * ORDER_ACTORS.length);
  });

  it("hides another driver's order and an order not assigned to the courier (404)", async () => {
    const code = await orderAt("delivery", "being_prepared");
    const stranger = await createUser(db);
    await expect(
      moveOrder(deps(), { orderCode: code, to: "canceled", actor: { role: "driver", userId: stranger.id } }),
    ).rejects.toMatchObject({ status: 404, code: "order_not_found" });
    await expect(
      moveOrder(deps(), {
        orderCode: code,
        to: "out_for_delivery",
        actor: { role: "courier", userId: stranger.id },
      }),
    ).rejects.toMatchObject({ status: 404, code: "order_not_found" });
    await expect(
      moveOrder(deps(), {
        orderCode: "OR-ZZZZZZ",
        to: "confirmed",
        actor: { role: "staff", userId: staff.id },
      }),
    ).rejects.toMatchObject({ status: 404 });
    const moved = await moveOrder(deps(), {
      orderCode: code,
      to: "out_for_delivery",
      actor: { role: "courier", userId: courier.id },
    });
    expect(moved.stage).toBe("out_for_delivery");
  });

  it("names a pickup's hand-over 'collected', never 'delivered', in its e-mail; a delivery's stays 'delivered'", async () => {
    const countries = servedCountries(db);
    await countries.load();
    const handOver = async (type: OrderType, from: OrderStage) => {
      const code = await orderAt(type, from);
      await moveOrder(deps(), {
        orderCode: code,
        to: "delivered",
        actor: { role: "staff", userId: staff.id },
      });
      const [order] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM orders WHERE order_code = ${code}`,
      );
      const mail = await composeOrderMail(
        { db, countries, publicUrl: "https://parkwell.test" },
        {
          key: `order:${order!.id}:delivered`,
          type: "order",
          template: "delivered",
          orderId: order!.id,
          refundMinor: 0,
        },
      );
      return { code, mail: mail! };
    };
    const pickup = await handOver("takeaway", "being_prepared");
    expect(pickup.mail.subject).toBe(`Your Parkwell order ${pickup.code} is collected`);
    expect(`${pickup.mail.subject} ${pickup.mail.text}`).not.toMatch(/deliver/i);
    const delivery = await handOver("delivery", "out_for_delivery");
    expect(delivery.mail.subject).toBe(`Your Parkwell order ${delivery.code} is delivered`);
  });

  it("takes two moves at once one after the other: one refund, never two", async () => {
    const code = await orderAt("takeaway", "placed");
    const wallet = await walletBalanceMinor(db, driver.id, "NGN");
    const results = await Promise.allSettled([
      moveOrder(deps(), { orderCode: code, to: "canceled", actor: { role: "driver", userId: driver.id } }),
      moveOrder(deps(), { orderCode: code, to: "rejected", actor: { role: "staff", userId: staff.id } }),
      moveOrder(deps(), { orderCode: code, to: "canceled", actor: { role: "staff", userId: staff.id } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const after = await state(code);
    expect(after.moves).toBe(2);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet + Number(after.refunded_minor));
  });
});
