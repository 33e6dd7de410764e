import type { Order, Quote } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { readMailbox } from "../../test/mailbox";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { fundedUser } from "../bookings/bookings.test-kit";
import { moveOrder } from "./order-stages.service";
import { returnRefund } from "./order-pricing.domain";
import { pricedLine } from "./order-stages.service";
import {
  createAddress,
  createCoupon,
  createItem,
  createVariation,
  offerAtPark,
  placeOrder,
  quote,
  stockOf,
  type Body,
} from "./marketplace.test-kit";
import { minor, ordersKit } from "./orders.test-kit";

const kit = ordersKit();
const { deps, takeaway } = kit;
let ctx: TestContext;
let db: Db;
let category: { id: number; slug: string };
let slot: { slot_id: number; date: string };
let park: number;

beforeAll(() => {
  ({ ctx, db, category, slot, park } = kit.suite);
});

describe("refunds", () => {
  it("a driver's cancel refunds to the minor unit, restocks, frees the service day and mails", async () => {
    const varied = await createItem(db, { categoryId: category.id, priceMinor: 5_000, stock: null });
    const v = await createVariation(db, varied.id, { priceMinor: 33_333, stock: 9 });
    const service = await createItem(db, { categoryId: category.id, kind: "service", dailyCapacity: 3 });
    await offerAtPark(db, service.id, park);
    const user = await fundedUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const body = takeaway([
      { item_id: varied.id, variation_id: v.id, quantity: 4 },
      { item_id: service.id, quantity: 3 },
    ]);
    const placed = await placeOrder(ctx.app, user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(db, "variation", v.id)).toBe(5);
    // The service's day is full now.
    const full = (await quote(ctx.app, user, takeaway([{ item_id: service.id, quantity: 1 }]))).json<Quote>();
    expect(full.lines[0]!.problem?.code).toBe("service_full");
    const code = placed.json<Order>().order_code;
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/orders/${code}/cancel`,
      headers: bearer(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<Order>();
    expect(order.stage).toBe("canceled");
    expect(order.refunded).toEqual(order.total);
    expect(order.can_cancel).toBe(false);
    expect(order.timeline.map((t) => t.stage)).toEqual(["placed", "canceled"]);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start);
    expect(await stockOf(db, "variation", v.id)).toBe(9);
    expect(
      (await quote(ctx.app, user, takeaway([{ item_id: service.id, quantity: 3 }]))).json<Quote>().orderable,
    ).toBe(true);
    // Cancelling twice is refused and changes nothing.
    const twice = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/orders/${code}/cancel`,
      headers: bearer(user),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "stage_refused" });
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start);
    const subjects = (await readMailbox(ctx)).filter((m) => m.to.includes(user.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Your Parkwell order ${code} is placed`,
        `Your Parkwell order ${code} is cancelled`,
      ]),
    );
  });

  it("a staff rejection refunds in full; a return refunds exactly the returned lines' share", async () => {
    const a = await createItem(db, { categoryId: category.id, priceMinor: 10_001, stock: 20 });
    const b = await createItem(db, { categoryId: category.id, priceMinor: 7_777, stock: 20 });
    const coupon = await createCoupon(db, { discountType: "percentage", discount: 1_111, limitPerUser: 9 });
    const user = await fundedUser(db);
    const staff = await createUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const address = await createAddress(db, user.id);
    const body: Body = {
      country: "NG",
      order_type: "delivery",
      address_id: address.id,
      time_slot: slot,
      coupon_code: coupon.code,
      lines: [
        { item_id: a.id, quantity: 3 },
        { item_id: b.id, quantity: 2 },
      ],
    };
    const rejected = (await placeOrder(ctx.app, user, body)).json<Order>();
    await moveOrder(deps(), {
      orderCode: rejected.order_code,
      to: "confirmed",
      actor: { role: "staff", userId: staff.id },
    });
    const r = await moveOrder(deps(), {
      orderCode: rejected.order_code,
      to: "rejected",
      actor: { role: "staff", userId: staff.id },
    });
    expect(r.refundedMinor).toBe(r.totalMinor);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start);
    expect([await stockOf(db, "item", a.id), await stockOf(db, "item", b.id)]).toEqual([20, 20]);

    const placed = (await placeOrder(ctx.app, user, body)).json<Order>();
    const afterCharge = await walletBalanceMinor(db, user.id, "NGN");
    for (const to of [
      "confirmed",
      "processing",
      "being_prepared",
      "out_for_delivery",
      "delivered",
    ] as const) {
      await moveOrder(deps(), {
        orderCode: placed.order_code,
        to,
        actor: { role: "staff", userId: staff.id },
      });
    }
    await expect(
      moveOrder(deps(), {
        orderCode: placed.order_code,
        to: "returned",
        actor: { role: "staff", userId: staff.id },
      }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      moveOrder(deps(), {
        orderCode: placed.order_code,
        to: "returned",
        actor: { role: "staff", userId: staff.id },
        returns: [{ position: 0, quantity: 4 }],
      }),
    ).rejects.toMatchObject({ status: 422 });
    const lines = await queryRows<Record<string, number>>(
      db,
      sql`SELECT l.* FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_code = ${placed.order_code} ORDER BY position`,
    );
    const asLine = (l: Record<string, number>) =>
      pricedLine({
        id: l.id!,
        orderId: "",
        position: l.position!,
        itemId: l.item_id!,
        variationId: null,
        kind: "product",
        name: { en: "", fr: "" },
        variationName: null,
        addons: [],
        quantity: l.quantity!,
        unitPriceMinor: Number(l.unit_price_minor),
        unitOfferMinor: Number(l.unit_offer_minor),
        couponShareMinor: Number(l.coupon_share_minor),
        taxShareMinor: Number(l.tax_share_minor),
        returnedQuantity: 0,
      });
    const expected = returnRefund(asLine(lines[0]!), 0, 2) + returnRefund(asLine(lines[1]!), 0, 2);
    const returned = await moveOrder(deps(), {
      orderCode: placed.order_code,
      to: "returned",
      actor: { role: "staff", userId: staff.id },
      returns: [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 2 },
      ],
    });
    expect(returned.refundedMinor).toBe(expected);
    expect(returned.moves).toBe(2);
    expect((await walletBalanceMinor(db, user.id, "NGN")) - afterCharge).toBe(expected);
    expect([await stockOf(db, "item", a.id), await stockOf(db, "item", b.id)]).toEqual([17 + 2, 18 + 2]);
    const view = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/v1/orders/${placed.order_code}`,
        headers: bearer(user),
      })
    ).json<Order>();
    expect(view.lines.map((l) => l.returned_quantity)).toEqual([2, 2]);
    expect(minor(view.refunded)).toBe(expected);
  });
});
