import { bpsOf, type Order, type Quote } from "@parkwell/contract";
import {
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_OTHER_COUNTRY_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  COUPON_USED_UP_MESSAGE,
} from "@parkwell/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../db/client";
import { bearer } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { fundedUser } from "../bookings/bookings.test-kit";
import {
  createAddon,
  createAddress,
  createCategory,
  createCoupon,
  createItem,
  createOffer,
  createVariation,
  offerAtPark,
  placeOrder,
  quote,
  stockOf,
  type Body,
} from "./marketplace.test-kit";
import { minor, ordersKit } from "./orders.test-kit";

const kit = ordersKit();
const { takeaway } = kit;
let ctx: TestContext;
let db: Db;
let category: { id: number; slug: string };
let slot: { slot_id: number; date: string };
let park: number;
let taxBps: number;
const DAY = 86_400_000;
const AMOUNTS = ["subtotal", "offer_discount", "delivery_charge", "tax", "total"] as const;

beforeAll(() => {
  ({ ctx, db, category, slot, park, taxBps } = kit.suite);
});

describe("quote and order price alike", () => {
  it("charges exactly what the quote showed, for carts with variations, add-ons, offers, coupons and delivery", async () => {
    const plain = await createItem(db, { categoryId: category.id, priceMinor: 12_345, stock: 50 });
    const varied = await createItem(db, { categoryId: category.id, priceMinor: 99_999, stock: null });
    const small = await createVariation(db, varied.id, { priceMinor: 45_000, stock: 30 });
    const addon = await createAddon(db, varied.id, 1_999);
    await createOffer(db, { itemId: varied.id, discountType: "percentage", discount: 1_250 });
    const offCategory = await createCategory(db, "Offers");
    const cut = await createItem(db, { categoryId: offCategory.id, priceMinor: 30_001, stock: 40 });
    await createOffer(db, { categoryId: offCategory.id, discountType: "fixed", discount: 2_500 });
    const service = await createItem(db, {
      categoryId: category.id,
      kind: "service",
      priceMinor: 80_000,
      dailyCapacity: 10,
    });
    await offerAtPark(db, service.id, park);
    const percent = await createCoupon(db, {
      discountType: "percentage",
      discount: 1_000,
      maxDiscountMinor: 5_000,
      limitPerUser: 5,
    });
    const fixed = await createCoupon(db, {
      discountType: "fixed",
      discount: 3_333,
      minOrderMinor: 10_000,
      limitPerUser: 5,
    });
    const user = await fundedUser(db);
    const near = await createAddress(db, user.id, 6.46, 3.41);
    const far = await createAddress(db, user.id, 6.5, 3.45);

    const carts: Body[] = [
      takeaway([{ item_id: plain.id, quantity: 3 }]),
      {
        country: "NG",
        order_type: "delivery",
        address_id: near.id,
        time_slot: slot,
        coupon_code: percent.code.toLowerCase(),
        lines: [
          { item_id: varied.id, variation_id: small.id, addon_ids: [addon.id], quantity: 2 },
          { item_id: plain.id, quantity: 1 },
        ],
      },
      {
        country: "NG",
        order_type: "delivery",
        address_id: far.id,
        time_slot: slot,
        coupon_code: fixed.code,
        lines: [
          { item_id: cut.id, quantity: 3 },
          { item_id: varied.id, variation_id: small.id, quantity: 1 },
        ],
      },
      takeaway([
        { item_id: service.id, quantity: 2 },
        { item_id: cut.id, quantity: 1 },
      ]),
    ];
    for (const [i, cart] of carts.entries()) {
      const q = await quote(ctx.app, user, cart);
      expect(q.statusCode, q.body).toBe(200);
      const quoted = q.json<Quote>();
      expect(quoted.orderable, JSON.stringify(quoted)).toBe(true);
      const before = await walletBalanceMinor(db, user.id, "NGN");
      const res = await placeOrder(
        ctx.app,
        user,
        { ...cart, expected_total: quoted.total.amount },
        `same-${i}`,
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<Order>();
      expect(order.order_code).toMatch(/^OR-[23456789A-HJ-NP-Z]{6}$/);
      expect(order.stage).toBe("placed");
      expect(order.payment_status).toBe("paid");
      for (const k of AMOUNTS) expect(order[k], `${i} ${k}`).toEqual(quoted[k]);
      expect(order.coupon_discount).toEqual(quoted.coupon?.discount ?? { amount: 0, currency: "NGN" });
      expect(order.lines.map((l) => l.line_total)).toEqual(quoted.lines.map((l) => l.line_total));
      expect(before - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(minor(order.total));
      expect(order.wallet_balance).toEqual({ amount: (before - minor(order.total)) / 100, currency: "NGN" });
    }

    // The second cart by hand: 2 × (45,000 + 1,999) with 12.5% off the 45,000, plus 12,345.
    const q = (await quote(ctx.app, user, carts[1]!)).json<Quote>();
    const offer = bpsOf(45_000, 1_250);
    const goods = 2 * (46_999 - offer) + 12_345;
    const coupon = Math.min(bpsOf(goods, 1_000), 5_000);
    const tax = bpsOf(goods - coupon + 100_000, taxBps);
    expect(minor(q.subtotal)).toBe(2 * 46_999 + 12_345);
    expect(minor(q.offer_discount)).toBe(2 * offer);
    expect(minor(q.coupon!.discount)).toBe(coupon);
    expect(minor(q.delivery_charge)).toBe(100_000);
    expect(minor(q.tax)).toBe(tax);
    expect(minor(q.total)).toBe(goods - coupon + 100_000 + tax);
    // The far address is in the second band.
    expect(minor((await quote(ctx.app, user, carts[2]!)).json<Quote>().delivery_charge)).toBe(250_000);
    expect(await stockOf(db, "variation", small.id)).toBe(30 - 2 - 1);
    expect(await stockOf(db, "item", plain.id)).toBe(50 - 3 - 1);
  });

  it("quotes a signed-out cart, and names each line's problem without failing", async () => {
    const gone = await createItem(db, { categoryId: category.id, status: "inactive" });
    const few = await createItem(db, { categoryId: category.id, stock: 2 });
    const none = await createItem(db, { categoryId: category.id, stock: 0 });
    const varied = await createItem(db, { categoryId: category.id, stock: null });
    await createVariation(db, varied.id, { priceMinor: 5_000 });
    const res = await quote(
      ctx.app,
      null,
      takeaway([
        { item_id: gone.id, quantity: 1 },
        { item_id: few.id, quantity: 3 },
        { item_id: none.id, quantity: 1 },
        { item_id: varied.id, quantity: 1 },
        { item_id: 999_999, quantity: 1 },
        { item_id: few.id, addon_ids: [999_999], quantity: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<Quote>();
    expect(q.orderable).toBe(false);
    expect(q.lines.map((l) => l.problem?.code)).toEqual([
      "inactive",
      "over_stock",
      "out_of_stock",
      "variation_required",
      "not_found",
      "addon_unavailable",
    ]);
    expect(q.lines[1]!.problem!.message).toBe("Only 2 left");
    const fr = (await quote(ctx.app, null, takeaway([{ item_id: few.id, quantity: 3 }]), "fr")).json<Quote>();
    expect(fr.lines[0]!.problem!.message).toBe("Plus que 2 en stock");
  });
});

describe("coupons", () => {
  it("refuses each rule with its own message, in the quote and as a 422 on the order", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 20_000, stock: 100 });
    const user = await fundedUser(db);
    const now = Date.now();
    const cases: [Parameters<typeof createCoupon>[1] | null, string][] = [
      [null, COUPON_UNKNOWN_MESSAGE],
      [{ discountType: "fixed", discount: 100, status: "inactive" }, COUPON_INACTIVE_MESSAGE],
      [
        {
          discountType: "fixed",
          discount: 100,
          startsAt: new Date(now + DAY),
          endsAt: new Date(now + 2 * DAY),
        },
        COUPON_NOT_STARTED_MESSAGE,
      ],
      [
        {
          discountType: "fixed",
          discount: 100,
          startsAt: new Date(now - 2 * DAY),
          endsAt: new Date(now - DAY),
        },
        COUPON_EXPIRED_MESSAGE,
      ],
      [
        { discountType: "fixed", discount: 100, minOrderMinor: 40_001 },
        "This coupon needs an order of at least ₦400.01",
      ],
      [{ discountType: "fixed", discount: 40_001 }, COUPON_FIXED_OVER_SUBTOTAL_MESSAGE],
    ];
    for (const [terms, message] of cases) {
      const code = terms ? (await createCoupon(db, terms)).code : "NOSUCHCODE";
      const body = takeaway([{ item_id: item.id, quantity: 2 }], { coupon_code: code });
      const q = (await quote(ctx.app, user, body)).json<Quote>();
      expect(q.coupon).toEqual({ code, applied: false, discount: { amount: 0, currency: "NGN" }, message });
      expect(q.orderable).toBe(false);
      const res = await placeOrder(ctx.app, user, body);
      expect(res.statusCode, message).toBe(422);
      expect(res.json()).toMatchObject({ code: "coupon_refused", message });
    }
    // At exactly the minimum and exactly the subtotal, the coupon applies.
    const edge = await createCoupon(db, { discountType: "fixed", discount: 40_000, minOrderMinor: 40_000 });
    const q = (
      await quote(ctx.app, user, takeaway([{ item_id: item.id, quantity: 2 }], { coupon_code: edge.code }))
    ).json<Quote>();
    expect(q.coupon).toMatchObject({ applied: true, discount: { amount: 400 } });
  });

  it("writes a coupon's minimum as money in the reply's language", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 20_000, stock: 100 });
    const coupon = await createCoupon(db, { discountType: "fixed", discount: 100, minOrderMinor: 2_000_000 });
    const body = takeaway([{ item_id: item.id, quantity: 1 }], { coupon_code: coupon.code });
    const en = (await quote(ctx.app, null, body)).json<Quote>();
    expect(en.coupon?.message).toBe("This coupon needs an order of at least ₦20,000");
    const fr = (await quote(ctx.app, null, body, "fr")).json<Quote>();
    expect(fr.coupon?.message).toBe("Ce code promo demande une commande d'au moins 20\u202f000\u00a0₦");
  });

  it("says a code of another country is for another country, not that it does not exist", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 20_000, stock: 100 });
    // WELCOME5 is a code of Canada and the United States: a driver in Nigeria types it.
    const elsewhere = await createCoupon(db, { countryId: 2, discountType: "fixed", discount: 100 });
    const body = takeaway([{ item_id: item.id, quantity: 1 }], { coupon_code: elsewhere.code });
    const en = (await quote(ctx.app, null, body)).json<Quote>();
    expect(en.coupon).toMatchObject({ applied: false, message: COUPON_OTHER_COUNTRY_MESSAGE });
    const fr = (await quote(ctx.app, null, body, "fr")).json<Quote>();
    expect(fr.coupon?.message).toBe("Ce code promo est valable dans un autre pays, pas dans celui-ci");
  });

  it("caps a percentage, counts uses per driver, and gives the use back on a full refund", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 100_000, stock: 100 });
    const capped = await createCoupon(db, {
      discountType: "percentage",
      discount: 5_000,
      maxDiscountMinor: 7_500,
    });
    const user = await fundedUser(db);
    const body = takeaway([{ item_id: item.id, quantity: 1 }], { coupon_code: capped.code });
    const q = (await quote(ctx.app, user, body)).json<Quote>();
    expect(q.coupon).toMatchObject({ applied: true, discount: { amount: 75 } });
    const first = await placeOrder(ctx.app, user, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = (await quote(ctx.app, user, body)).json<Quote>();
    expect(again.coupon).toMatchObject({ applied: false, message: COUPON_USED_UP_MESSAGE });
    expect((await placeOrder(ctx.app, user, body)).json()).toMatchObject({
      code: "coupon_refused",
      message: COUPON_USED_UP_MESSAGE,
    });
    // Another driver still may; the first gets the use back when the order is cancelled.
    expect((await quote(ctx.app, await fundedUser(db), body)).json<Quote>().coupon!.applied).toBe(true);
    const cancel = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/orders/${first.json<Order>().order_code}/cancel`,
      headers: bearer(user),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await quote(ctx.app, user, body)).json<Quote>().coupon!.applied).toBe(true);
  });
});
