import type { Order, Quote } from "@parkwell/contract";
import {
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_OTHER_COUNTRY_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  ADDRESS_PIN_UNCONFIRMED_MESSAGE,
  DELIVERY_OUT_OF_AREA_MESSAGE,
  ORDER_CART_PROBLEM_MESSAGE,
  ORDERING_OFF_MESSAGE,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, book, fund, fundedUser, HOUR } from "../bookings/bookings.test-kit";
import { moveOrder } from "./order-stages.service";
import { returnRefund } from "./order-pricing.domain";
import { bpsOf } from "../../lib/money";
import { pricedLine } from "./order-stages.service";
import {
  createAddon,
  createAddress,
  createCategory,
  createCoupon,
  createDeliveryArea,
  createItem,
  createOffer,
  createSlots,
  createVariation,
  marketViolations,
  ngParks,
  offerAtPark,
  placeOrder,
  quote,
  resetDeliverySetup,
  setSwitches,
  stockOf,
  type Body,
} from "./marketplace.test-kit";

let ctx: TestContext;
let db: Db;
let category: { id: number; slug: string };
let slot: { slot_id: number; date: string };
let park: number;
let taxBps: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  category = await createCategory(db);
  await createDeliveryArea(db);
  slot = await createSlots(db);
  [park] = (await ngParks(db, 1)) as [number];
  taxBps = (await queryRows<{ tax_bps: number }>(db, sql`SELECT tax_bps FROM fees WHERE country_id = 1`))[0]!
    .tax_bps;
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
const takeaway = (lines: Body["lines"], extra: Partial<Body> = {}): Body => ({
  country: "NG",
  order_type: "takeaway",
  park_id: park,
  time_slot: slot,
  lines,
  ...extra,
});
const minor = (m: { amount: number }) => Math.round(m.amount * 100);
const AMOUNTS = ["subtotal", "offer_discount", "delivery_charge", "tax", "total"] as const;

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

describe("placing orders", () => {
  it("replays the same key and body, and refuses the same key with another body", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 15_000, stock: 10 });
    const user = await fundedUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const body = takeaway([{ item_id: item.id, quantity: 2 }]);
    const first = await placeOrder(ctx.app, user, body, "key-1");
    const second = await placeOrder(ctx.app, user, body, "key-1");
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json<Order>().order_code).toBe(first.json<Order>().order_code);
    expect(start - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(minor(first.json<Order>().total));
    expect(await stockOf(db, "item", item.id)).toBe(8);
    const other = await placeOrder(ctx.app, user, takeaway([{ item_id: item.id, quantity: 1 }]), "key-1");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency_key_reused" });
    // Another driver's key of the same name is theirs.
    expect((await placeOrder(ctx.app, await fundedUser(db), body, "key-1")).statusCode).toBe(201);
  });

  it("refuses a stale cart with 409 cart_changed and each line's problem, charging nothing", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 15_000, stock: 10 });
    const user = await fundedUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const body = takeaway([{ item_id: item.id, quantity: 1 }]);
    const shown = (await quote(ctx.app, user, body)).json<Quote>();
    await db.execute(sql`UPDATE market_items SET price_minor = 16000 WHERE id = ${item.id}`);
    const changed = await placeOrder(ctx.app, user, { ...body, expected_total: shown.total.amount });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: "cart_changed", message: ORDER_CART_PROBLEM_MESSAGE });
    await db.execute(sql`UPDATE market_items SET status = 'inactive' WHERE id = ${item.id}`);
    const inactive = await placeOrder(ctx.app, user, body);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().lines[0]).toMatchObject({ item_id: item.id, problem: { code: "inactive" } });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/orders",
      headers: { ...bearer(user), "accept-language": "fr" },
      payload: body,
    });
    expect(fr.json().message).toBe(
      "Certains articles de votre panier ont changé\u00a0: vérifiez-les et réessayez",
    );
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start);
    expect(await stockOf(db, "item", item.id)).toBe(10);
  });

  it("answers a short wallet with 402 and the amount missing, as bookings do", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 50_000, stock: 10 });
    const user = await fundedUser(db, 0);
    await fund(db, user.id, 10_000);
    const res = await placeOrder(ctx.app, user, takeaway([{ item_id: item.id, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(402);
    const total = 50_000 + bpsOf(50_000, taxBps);
    const missing = (total - 10_000) / 100;
    expect(res.json()).toMatchObject({
      code: "insufficient_funds",
      fields: { amount_missing: String(missing), currency: "NGN" },
      message: `Your wallet balance is too low: add ${missing} NGN to pay for this order`,
    });
    expect(await stockOf(db, "item", item.id)).toBe(10);
  });

  it("says ordering is off, refuses a type that is off, and an address outside the area", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const user = await fundedUser(db);
    const body = takeaway([{ item_id: item.id, quantity: 1 }]);
    await setSwitches(db, false, false);
    try {
      const q = (await quote(ctx.app, user, body)).json<Quote>();
      expect(q.problems).toContainEqual({ field: "order_type", message: ORDERING_OFF_MESSAGE });
      const res = await placeOrder(ctx.app, user, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: "ordering_off", message: ORDERING_OFF_MESSAGE });
      const fr = (await quote(ctx.app, user, body, "fr")).json<Quote>();
      expect(fr.problems[0]!.message).not.toBe(ORDERING_OFF_MESSAGE);
      const options = await ctx.app.inject({ method: "GET", url: "/api/v1/marketplace/options?country=NG" });
      expect(options.json()).toMatchObject({
        delivery_enabled: false,
        takeaway_enabled: false,
        message: ORDERING_OFF_MESSAGE,
      });
      await setSwitches(db, true, false);
      expect((await placeOrder(ctx.app, user, body)).json().fields).toMatchObject({
        order_type: "Takeaway is not available now: choose delivery",
      });
    } finally {
      await setSwitches(db, true, true);
    }
    const far = await createAddress(db, user.id, 9.0, 7.5);
    const out = {
      country: "NG",
      order_type: "delivery",
      address_id: far.id,
      time_slot: slot,
      lines: body.lines,
    } as Body;
    expect((await quote(ctx.app, user, out)).json<Quote>().problems).toContainEqual({
      field: "address_id",
      message: DELIVERY_OUT_OF_AREA_MESSAGE,
    });
    const none = (await quote(ctx.app, user, { ...out, address_id: undefined })).json<Quote>();
    expect(none.problems).toContainEqual({ field: "address_id", message: "Choose a delivery address" });
    const stale = {
      ...body,
      time_slot: { slot_id: slot.slot_id, date: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) },
    };
    expect((await placeOrder(ctx.app, user, stale)).json().fields).toMatchObject({
      time_slot: "This time slot is not available: choose another",
    });
  });

  it("refuses delivery to an address whose pin the driver has not placed, never pricing it", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const user = await fundedUser(db);
    const address = {
      label: "home",
      address: "12 Admiralty Way, Lekki Phase 1",
      city: "Lagos",
      lat: 6.5244,
      lng: 3.3792,
      phone: "+234 801 234 5678",
      pin_confirmed: false,
    };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(user),
      payload: address,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ pin_confirmed: false });
    const id = created.json().id as number;
    const body = {
      country: "NG",
      order_type: "delivery",
      address_id: id,
      time_slot: slot,
      lines: [{ item_id: item.id, quantity: 1 }],
    } as Body;
    const q = (await quote(ctx.app, user, body)).json<Quote>();
    expect(q.problems).toContainEqual({ field: "address_id", message: ADDRESS_PIN_UNCONFIRMED_MESSAGE });
    expect(q.delivery_charge.amount).toBe(0);
    const fr = (await quote(ctx.app, user, body, "fr")).json<Quote>();
    expect(fr.problems.find((p) => p.field === "address_id")!.message).toBe(
      "Placez cette adresse sur la carte avant la livraison",
    );
    const res = await placeOrder(ctx.app, user, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toMatchObject({ address_id: ADDRESS_PIN_UNCONFIRMED_MESSAGE });
    expect(await stockOf(db, "item", item.id)).toBe(10);
    // The driver places the pin (moving it confirms it): delivery is priced from there.
    const placed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/addresses/${id}`,
      headers: bearer(user),
      payload: { lat: 6.4474, lng: 3.4723 },
    });
    expect(placed.json()).toMatchObject({ pin_confirmed: true, lat: 6.4474 });
    const ok = (await quote(ctx.app, user, body)).json<Quote>();
    expect(ok.problems).toEqual([]);
    expect(ok.delivery_charge.amount).toBeGreaterThan(0);
  });

  it("answers bad bodies with 400 or 422, never 500, and needs a token", async () => {
    const user = await fundedUser(db);
    const bad: unknown[] = [
      {},
      { country: "NG", order_type: "takeaway", lines: [] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: "x", quantity: 1 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 0 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 21 }] },
      { country: "NG", order_type: "boat", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "Nigeria", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "ZZ", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1, addon_ids: [1, 1] }] },
      {
        country: "NG",
        order_type: "takeaway",
        time_slot: { slot_id: 1, date: "tomorrow" },
        lines: [{ item_id: 1, quantity: 1 }],
      },
      { country: "CA", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      {
        country: "NG",
        order_type: "delivery",
        address_id: 9_999_999_999,
        park_id: 9_999_999_999,
        time_slot: { slot_id: 9_999_999_999, date: slot.date },
        lines: [
          { item_id: 9_999_999_999, variation_id: 9_999_999_999, addon_ids: [9_999_999_999], quantity: 1 },
        ],
      },
      "not json",
      [1, 2],
    ];
    for (const payload of bad) {
      const urls = ["/api/v1/orders", "/api/v1/marketplace/quote"];
      // A Canadian cart is a fine quote, but not an order for a Nigerian driver.
      for (const url of JSON.stringify(payload).includes('"CA"') ? urls.slice(0, 1) : urls) {
        const res = await ctx.app.inject({
          method: "POST",
          url,
          headers: { ...bearer(user), "content-type": "application/json" },
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        });
        // A quote of a stale cart is a 200 that cannot be ordered; anything else is a 4xx.
        const fine =
          res.statusCode === 200 && url.endsWith("/quote") && res.json<Quote>().orderable === false;
        expect(
          fine || [400, 409, 422].includes(res.statusCode),
          `${url} ${JSON.stringify(payload)} ${res.body}`,
        ).toBe(true);
      }
    }
    const anonymous = await ctx.app.inject({ method: "POST", url: "/api/v1/orders", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("services during a booking", () => {
  it("does a service during the driver's active booking at the park, and only theirs", async () => {
    const [bookedPark] = await allDayParks(db, 1);
    const service = await createItem(db, { categoryId: category.id, kind: "service", priceMinor: 25_000 });
    await offerAtPark(db, service.id, bookedPark!);
    const user = await fundedUser(db);
    const booked = await book(ctx.app, user, { park_id: bookedPark, start: at(2 * HOUR), end: at(5 * HOUR) });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingCode = booked.json<{ booking_code: string }>().booking_code;
    const body: Body = {
      country: "NG",
      order_type: "takeaway",
      park_id: bookedPark,
      booking_code: bookingCode.toLowerCase(),
      lines: [{ item_id: service.id, quantity: 1 }],
    };
    const q = (await quote(ctx.app, user, body)).json<Quote>();
    expect(q.problems).toEqual([]);
    const placed = await placeOrder(ctx.app, user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({
      booking_code: bookingCode,
      time_slot: null,
      park: { id: bookedPark },
    });
    // Another driver cannot name it; nor can a cart without a service.
    const stranger = await fundedUser(db);
    expect((await quote(ctx.app, stranger, body)).json<Quote>().problems).toContainEqual({
      field: "booking_code",
      message: "This booking is not an active booking of yours at this park",
    });
    const product = await createItem(db, { categoryId: category.id, stock: 5 });
    const noService = { ...body, lines: [{ item_id: product.id, quantity: 1 }] };
    expect((await quote(ctx.app, user, noService)).json<Quote>().orderable).toBe(false);
  });
});

describe("a driver's orders", () => {
  it("lists and shows only the driver's own orders; another's is 404 everywhere", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const owner = await fundedUser(db);
    const other = await fundedUser(db);
    const code = (
      await placeOrder(ctx.app, owner, takeaway([{ item_id: item.id, quantity: 1 }]))
    ).json<Order>().order_code;
    const mine = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/orders?stage=placed",
      headers: bearer(owner),
    });
    // Its times are read on its country's clock, the one the back office shows them on.
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ order_code: code, items: 1, time_zone: "Africa/Lagos" }],
    });
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/orders", headers: bearer(other) })).json().total,
    ).toBe(0);
    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/orders/${code.toLowerCase()}`,
      headers: bearer(owner),
    });
    expect(shown.json<Order>()).toMatchObject({
      order_code: code,
      can_cancel: true,
      park: { id: park },
      time_zone: "Africa/Lagos",
    });
    expect(shown.json<Order>().time_slot).toEqual({
      date: slot.date,
      start_time: "08:00",
      end_time: "20:00",
    });
    for (const [method, url] of [
      ["GET", `/api/v1/orders/${code}`],
      ["POST", `/api/v1/orders/${code}/cancel`],
      ["GET", "/api/v1/orders/OR-NOPE22"],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(other) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "order_not_found" });
    }
  });

  it("keeps addresses per driver in their country", async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const body = {
      label: "work",
      address: "1 Marina Road",
      city: "Lagos",
      lat: 6.45,
      lng: 3.39,
      phone: "+234 801 234 5678",
    };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(a),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ ...body, country_code: "NG" });
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/addresses/${id}`,
      headers: bearer(a),
      payload: { city: "Ikeja" },
    });
    expect(patched.json()).toMatchObject({ city: "Ikeja", address: "1 Marina Road" });
    for (const [method, payload] of [
      ["PATCH", { city: "Abuja" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/v1/addresses/${id}`,
        headers: bearer(b),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/addresses", headers: bearer(b) })).json(),
    ).toEqual([]);
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(a),
      payload: { ...body, phone: "x" },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await ctx.app.inject({ method: "DELETE", url: `/api/v1/addresses/${id}`, headers: bearer(a) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/addresses", headers: bearer(a) })).json(),
    ).toEqual([]);
  });
});
